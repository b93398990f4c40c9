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
     * @param reason {@code "missing segments"} (the peer acknowledged them, the hold limit or the end of the capture
     *               was reached) or {@code "snaplen"} (the packet was captured cut short)
     * @param packet capture frame number after which they are missing
     */
    void onGap(boolean fromA, long bytes, String reason, long packet);

    /**
     * Something about the TCP stream worth an expert note, e.g. a retransmission whose bytes differ from the first
     * copy (the first copy was kept). Informational: the byte stream handed to {@link #onData} is already decided.
     *
     * @param fromA  direction it concerns
     * @param packet capture frame number it concerns
     * @param text   one sentence
     */
    void onNote(boolean fromA, long packet, String text);

    /** The connection closed (FIN both ways, RST, port reuse), was idle too long, or the capture ended. */
    void onEnd(long packet);

    /**
     * The connection's analysis was dropped on purpose ({@link TcpReassembler#shed}: a live capture whose analysis
     * fell behind): no more bytes and no {@link #onEnd} follow. Its bytes held out of order are discarded, and no gap
     * is declared for what was not seen. By default, handled as the end of the connection.
     *
     * @param packet capture frame number of the packet whose payload was not kept
     */
    default void onShed(long packet) {
        onEnd(packet);
    }
}
