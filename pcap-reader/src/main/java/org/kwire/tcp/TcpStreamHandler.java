package org.kwire.tcp;

import java.nio.ByteBuffer;

/** Receives the reassembled byte streams of one TCP connection, both directions interleaved in capture order. */
public interface TcpStreamHandler {

    /**
     * The next in-order bytes of one direction.
     *
     * @param fromA          true for bytes sent by endpoint A
     * @param data           the bytes, position to limit; valid after the call (not reused)
     * @param timestampNanos capture time of the packet that carried them, epoch ns
     * @param packet         its capture frame number
     */
    void onData(boolean fromA, ByteBuffer data, long timestampNanos, long packet);

    /**
     * Bytes of one direction that were not captured.
     *
     * @param bytes  how many stream bytes are missing
     * @param reason {@code "missing segments"} or {@code "snaplen"}
     * @param packet capture frame number after which they are missing
     */
    void onGap(boolean fromA, long bytes, String reason, long packet);

    /** The connection closed (FIN both ways, RST, port reuse) or the capture ended. */
    void onEnd(long packet);
}
