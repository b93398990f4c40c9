/**
 * Benchmarks only (not shipped): {@link org.kwire.capture.HandoffProbe}, which reaches pcap-reader's package-private
 * hand-off of the split pipeline ({@code StreamHandoff}, {@code QueuedHandler}) from the same package, so that
 * {@code org.kwire.bench.jmh.PacketPathBench} can time the reading thread's recording of events without the stream
 * stage. Threads: one reading thread calls the probe; the hand-off's own stream thread replays the events into a
 * counter, as {@code StreamHandoff} documents. pcap-reader's {@code org.kwire.capture} package documentation is the
 * contract of the classes it reaches.
 */
package org.kwire.capture;
