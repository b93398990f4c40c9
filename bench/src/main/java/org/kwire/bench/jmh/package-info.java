/**
 * JMH microbenchmarks of kwire's stages on one thread: framing, dissection, records decoding and the per-packet
 * pipeline (read, link/IP/TCP, reassembly, stream input), with {@code -prof gc} for allocation per operation
 * (docs/PERFORMANCE.md, "JMH microbenchmarks"). Inputs come from {@link org.kwire.bench.jmh.BenchInputs}. Not shipped.
 */
package org.kwire.bench.jmh;
