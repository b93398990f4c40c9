/**
 * Benchmark captures made from code ({@code bench/make-capture}): Kafka traffic generated with kafka-clients' own
 * message classes and record batches (none, gzip, snappy, lz4, zstd), cut into TCP segments of a chosen size and
 * written as pcap, so that the benchmarks run on captures of any size and shape that decode like real traffic
 * (docs/PERFORMANCE.md, "The captures"). Deterministic for a seed. Not shipped.
 */
package org.kwire.bench.capture;
