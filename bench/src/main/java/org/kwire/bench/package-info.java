/**
 * kwire's benchmarks (not shipped): whole runs measured against the CRC-32C scan of the same file
 * ({@link org.kwire.bench.Crc32cScan}, the machine's reading speed) and the analysis as the launcher runs it
 * ({@link org.kwire.bench.Analysis}); the shell scripts in bench/ alternate and compare them (docs/PERFORMANCE.md).
 * Speed is measured here, never in timed unit tests.
 * <p>
 * In, out, threads: each program takes a capture file's path and prints its result; {@link org.kwire.bench.Crc32cScan}
 * maps the file and reads it on one thread; {@link org.kwire.bench.Analysis} runs the capture pipeline into a report in one
 * call, with {@code CaptureAnalyzer}'s own threading; JMH's benchmarks ({@code jmh}) run on JMH's threads.
 */
package org.kwire.bench;
