/**
 * Benchmark captures made from code ({@code bench/make-capture}): Kafka traffic generated with kafka-clients' own
 * message classes and record batches (none, gzip, snappy, lz4, zstd), cut into TCP segments of a chosen size and
 * written as pcap, so that the benchmarks run on captures of any size and shape that decode like real traffic
 * (docs/PERFORMANCE.md, "The captures"). Deterministic for a seed. Not shipped.
 * <p>
 * In, out, threads: {@code MakeCapture} takes a size, an output path and options (seed, connections, segment size,
 * sources, codecs) and writes the pcap on one thread as it generates it: the source conversations are read once, then
 * replayed over the synthetic connections and written segment by segment.
 */
package org.kwire.bench.capture;
