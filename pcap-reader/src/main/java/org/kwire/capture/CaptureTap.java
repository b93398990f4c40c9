package org.kwire.capture;

import org.kwire.tcp.TcpConnection;
import org.kwire.tcp.TcpStreamHandler;

/**
 * Watches a capture pipeline ({@link CaptureAnalyzer#start(CaptureTap)}) as it runs, without changing what it finds:
 * every packet read, every TCP connection as its first packet starts it, and each connection's input to the stream
 * stage (a tap may wrap the connection's {@link TcpStreamHandler} to see its events, passing every one on, e.g. with a
 * {@link org.kwire.tcp.ForwardingStreamHandler}). What a partial analysis of one file needs to be merged with those
 * of the files before and after it (analyzer-cli's {@code org.kwire.partial}: packet times, connection starts,
 * a connection's bytes at the file's edges). Called on the feeding thread, in capture order; every method does
 * nothing by default.
 */
public interface CaptureTap {

    /** A tap that watches nothing. */
    CaptureTap NONE = new CaptureTap() {
    };

    /**
     * A packet was read (before it is decoded), in capture order.
     *
     * @param timestampNanos its capture time, epoch ns
     */
    default void packet(long timestampNanos) {
    }

    /**
     * A packet started a new TCP connection (after {@link #connection} made its handler).
     *
     * @param stream its stream number (0-based, {@link TcpConnection#stream()})
     * @param syn    true if that first packet was a SYN without ACK (the connection's start was captured)
     */
    default void connectionStarted(int stream, boolean syn) {
    }

    /**
     * The handler of a new TCP connection: {@code stream} (its stream-stage input) or one that passes every event on
     * to it.
     */
    default TcpStreamHandler connection(TcpConnection tcp, TcpStreamHandler stream) {
        return stream;
    }
}
