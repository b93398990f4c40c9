/**
 * kwire's benchmarks (not shipped): whole runs measured against the CRC-32C scan of the same file
 * ({@link org.kwire.bench.Crc32cScan}, the machine's reading speed) and the analysis as the launcher runs it
 * ({@link org.kwire.bench.Analysis}); the shell scripts in bench/ alternate and compare them (docs/PERFORMANCE.md).
 * Speed is measured here, never in timed unit tests.
 */
package org.kwire.bench;
