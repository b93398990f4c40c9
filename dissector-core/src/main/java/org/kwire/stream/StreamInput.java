package org.kwire.stream;

import org.kwire.expert.ExpertItem;

import java.nio.ByteBuffer;

/**
 * The reassembled byte streams of one TCP connection, both directions interleaved in capture order, as the stream
 * stage takes them ({@link StreamStage#open}). Whatever reassembles TCP feeds it (pcap-reader's {@code org.kwire.capture}
 * adapts its TCP reassembly to this); no capture types appear here. Calls come from one thread at a time.
 */
public interface StreamInput {

    /**
     * The next in-order bytes of one direction.
     *
     * @param fromA          true for bytes sent by endpoint A
     * @param data           the bytes, position to limit; not modified, and must stay valid after the call (frames
     *                       wholly inside it are handed on as slices of it)
     * @param timestampNanos capture time of the packet that carried them, epoch ns
     * @param packet         its capture frame number (1-based)
     */
    void data(boolean fromA, ByteBuffer data, long timestampNanos, long packet);

    /**
     * Bytes of one direction that were not captured.
     *
     * @param bytes  how many stream bytes are missing
     * @param cause  why, for counting ({@link GapCause#MISSING_SEGMENTS} or {@link GapCause#SNAPLEN} from TCP)
     * @param reason why, in the words of notes: the cause's label, or more detail (e.g. how many TLS records)
     * @param packet capture frame number after which they are missing
     */
    void gap(boolean fromA, long bytes, GapCause cause, String reason, long packet);

    /**
     * Bytes of one direction the peer acknowledged at the end of the connection but that were never captured, while
     * no FIN of that direction was captured: the last sequence number may be a lost FIN, so {@code bytes} or
     * {@code bytes - 1} were data. The stage decides (a frame in progress says where the data ended).
     *
     * @param bytes  sequence numbers acknowledged beyond the last byte captured (at least 1)
     * @param packet capture frame number after which they are missing
     */
    void endGap(boolean fromA, long bytes, long packet);

    /**
     * Something about the TCP stream worth an expert note (e.g. {@link ExpertItem#TCP_RETRANSMISSION_DIFFERS}); the
     * bytes handed to {@link #data} are already decided.
     *
     * @param item    which expert item
     * @param message the occurrence's details
     */
    void note(boolean fromA, long packet, ExpertItem item, String message);

    /** The connection closed (FIN both ways, RST, port reuse), was idle too long, or the capture ended. */
    void end(long packet);

    /**
     * The connection's analysis is dropped on purpose (a live capture whose analysis fell behind): no more bytes and
     * no {@link #end} follow; what is in progress is let go, not reported.
     *
     * @param packet capture frame number of the packet whose payload was not kept
     */
    void shed(long packet);

    /**
     * True if the stage is at rest after the call it just took: the connection carries Kafka, both directions are
     * between two frames, no request waits for its response and no SASL token exchange is under way; so a new decoder
     * opened here, told that the streams start at a frame boundary, would go on exactly as this one does. A partial
     * analysis of one file keeps a connection's bytes since its last rest for a merge ({@code org.kwire.partial});
     * by default, never.
     */
    default boolean atRest() {
        return false;
    }
}
