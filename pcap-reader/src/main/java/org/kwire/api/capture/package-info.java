/**
 * kwire as a library, for captures: {@link org.kwire.api.capture.KafkaCapture} turns a pcap or pcapng file or stream
 * (plain or gzip'd) into dissector-core's {@link org.kwire.api.KafkaExchange}s, or into the report of
 * {@code kwire analyze}.
 *
 * <h2>In, out</h2>
 * A {@link java.nio.file.Path} or an {@link java.io.InputStream} (not closed); exchanges in capture order through a
 * consumer, or all in a list, or a {@link org.kwire.report.Report}.
 *
 * <h2>Errors</h2>
 * A missing, unreadable or foreign file is an {@link java.io.IOException}; damage inside a capture is a warning of the
 * report, never an exception.
 *
 * <h2>Threads</h2>
 * Everything runs on the calling thread; a {@code KafkaCapture} is immutable and may be shared.
 */
package org.kwire.api.capture;
