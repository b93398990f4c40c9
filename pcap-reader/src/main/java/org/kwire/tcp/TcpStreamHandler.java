package org.kwire.tcp;

import org.kwire.expert.ExpertItem;
import org.kwire.stream.GapCause;

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
     * The next in-order bytes of one direction as a range of a buffer: what the reassembler calls. By default they are
     * sliced into a buffer of their own for {@link #onData(boolean, ByteBuffer, long, long)} (one allocation per
     * call); a handler that reads the bytes during the call, or slices only what it keeps, overrides this to allocate
     * nothing.
     *
     * @param buffer         holds the bytes (the packet's own, or a copy held out of order); its position and limit
     *                       are not theirs and must not be changed; its bytes stay valid after the call
     * @param offset         index of the first byte in {@code buffer}
     * @param length         number of bytes, at least 1
     * @param timestampNanos capture time of the packet that carried them, epoch ns
     * @param packet         its capture frame number
     */
    default void onData(boolean fromA, ByteBuffer buffer, int offset, int length, long timestampNanos, long packet) {
        onData(fromA, buffer.slice(offset, length), timestampNanos, packet);
    }

    /**
     * Bytes of one direction that were not captured.
     *
     * @param bytes  how many stream bytes are missing
     * @param cause  {@link GapCause#MISSING_SEGMENTS} (the peer acknowledged them, the hold limit or the end of the
     *               capture was reached) or {@link GapCause#SNAPLEN} (the packet was captured cut short)
     * @param packet capture frame number after which they are missing
     */
    void onGap(boolean fromA, long bytes, GapCause cause, long packet);

    /**
     * Bytes of one direction that the peer acknowledged at the end of the connection but that were never captured,
     * while no FIN of this direction was captured: the acknowledgment may also count a FIN the capture missed (one
     * sequence number), so the data lost is {@code bytes} or {@code bytes - 1}. Handlers that can tell (e.g. from
     * where a frame in progress must end) override this; by default only what is surely data, {@code bytes - 1},
     * becomes a gap.
     *
     * @param bytes  sequence numbers acknowledged beyond the last byte captured (at least 1)
     * @param packet capture frame number after which they are missing
     */
    default void onEndGap(boolean fromA, long bytes, long packet) {
        if (bytes > 1) {
            onGap(fromA, bytes - 1, GapCause.MISSING_SEGMENTS, packet);
        }
    }

    /**
     * This direction ended with its FIN and every byte before it was captured (no gap at its end, nothing held): the
     * bytes it carried are all it sent, so a frame still in progress claims more than the connection carried. Called
     * at the end of the connection, before {@link #onEnd}; by default ignored.
     *
     * @param packet capture frame number of the connection's end
     */
    default void onFin(boolean fromA, long packet) {
    }

    /**
     * Something about the TCP stream worth an expert note, e.g. a retransmission whose bytes differ from the first
     * copy (the first copy was kept). Informational: the byte stream handed to {@link #onData} is already decided.
     *
     * @param fromA  direction it concerns
     * @param packet capture frame number it concerns
     * @param item   what kind of note, e.g. {@link ExpertItem#TCP_RETRANSMISSION_DIFFERS}
     * @param text   one sentence
     */
    void onNote(boolean fromA, long packet, ExpertItem item, String text);

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

    /**
     * The TCP sequence number (32 bits) of the first byte of the {@link #onData} call that follows. Told for a
     * partial's boundary ({@code org.kwire.partial}), which joins a connection's bytes across files by it; by default
     * ignored.
     */
    default void onSequence(boolean fromA, long seq) {
    }

    /**
     * True if the handler is at rest after the event it just handled: everything it was handed so far is accounted
     * for, nothing is held for later (no frame in progress, no request waiting for its response), so that a new handler
     * started here, told that its streams start at a boundary, would go on exactly as this one does. A partial's
     * boundary ({@code org.kwire.partial}) keeps a connection's bytes from its last {@link #resumeOffsets()}. By default, never.
     */
    default boolean atRest() {
        return false;
    }

    /**
     * A TCP segment of the connection, in capture order, before the reassembly handles it ({@code fromA}: sent by
     * endpoint A). Told for a partial's boundary ({@code org.kwire.partial}), which keeps the segments of a connection
     * that may continue one of the previous file so that a merge can reassemble them again, joined; by default ignored.
     * The segment is a view, valid during the call.
     */
    default void onSegment(boolean fromA, org.kwire.net.TcpSegment segment) {
    }

    /**
     * The reassembly's state of one direction when the input ended with the connection still open, before the end
     * flushes it (held segments, bytes acknowledged but not captured). Told for a partial's boundary, which keeps it so
     * that a merge goes on from it ({@link ResumedTcp}); by default ignored.
     */
    default void onEndState(boolean fromA, HalfState state) {
    }

    /**
     * Where a new handler, told that both streams start at a frame boundary, would go on as this one does if handed
     * each direction's bytes from these stream offsets on (bytes and gaps since the first this handler took):
     * {@code {fromA, fromB}}; null if there is no such point now. A partial's boundary ({@code org.kwire.partial})
     * keeps a connection's bytes from there. By default, null.
     */
    default long[] resumeOffsets() {
        return null;
    }

    /**
     * The (api key &lt;&lt; 16 | version) pairs of the requests the handler's protocol saw (Kafka: what a response without
     * its request is tried as), for a partial's tail; by default, none.
     */
    default long[] apisSeen() {
        return new long[0];
    }

    /** Pairs of requests the connection carried before this handler's bytes (a merge joining it); by default, ignored. */
    default void seedApis(long[] apis) {
    }

    /**
     * True if the frame in progress from the server answers a request waiting for its response (it carries its
     * correlation_id): in a protocol answered in order, every request before it is answered. By default, false.
     */
    default boolean answering() {
        return false;
    }
}
