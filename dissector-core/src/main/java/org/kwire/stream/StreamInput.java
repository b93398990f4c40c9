package org.kwire.stream;

import org.kwire.expert.ExpertItem;

import java.nio.ByteBuffer;

/**
 * The reassembled byte streams of one TCP connection, both directions interleaved in capture order, as the stream
 * stage takes them ({@link StreamStage#open}). Whatever reassembles TCP feeds it (pcap-reader's {@code org.kwire.capture}
 * adapts its TCP reassembly to this); no capture types appear here. Calls come from one thread at a time.
 *
 * <p><b>The bytes handed to {@link #data} are kept, not copied.</b> Frames are cut from them as slices
 * ({@link org.kwire.frame.FrameBytes}; a frame that spans segments is the list of its segments' slices, never joined),
 * and those frames are read later: by the record-batch workers ({@code --workers}, after the feeding thread has moved
 * on; at most the in-flight bound of frames, {@code InOrder}), and by pending requests until their responses come. So
 * a buffer given to {@link #data} must keep its bytes for as long as anything references it: the garbage collector,
 * not the source, decides when it goes. The sources kwire has, and why each satisfies this:
 * <ul>
 * <li>capture files (pcap-reader {@code MappedByteInput}): slices of read-only memory-mapped windows; a window is
 * never unmapped or rewritten while a slice of it is referenced;</li>
 * <li>stdin, gzip and other streams ({@code StreamByteInput}): every packet is read into an array of its own;</li>
 * <li>live capture ({@code LiveCapture}): pcap4j copies each packet out of libpcap's buffer into a new array, and the
 * capture queue's headers-only entries are new arrays;</li>
 * <li>IP fragments: each reassembled datagram is a new array;</li>
 * <li>TCP reassembly ({@code TcpReassembler}): in-order bytes are ranges of the packet's own buffer; segments held out
 * of order are copied into buffers of their own when held ({@code Piece.copy}), never reused;</li>
 * <li>TLS: every decrypted record is a new array.</li>
 * </ul>
 * A source that reuses its buffers (a ring of receive buffers, say) must copy the bytes before calling {@link #data}.
 * The buffer object may be kept as it is, not only its bytes (a frame spanning segments keeps whole segments' buffers
 * without slicing them again): its position and limit must not change after the call either. Every source above
 * hands over a buffer of its own (a fresh slice, wrap or copy) and never touches it again.
 */
public interface StreamInput {

    /**
     * The next in-order bytes of one direction.
     *
     * @param fromA          true for bytes sent by endpoint A
     * @param data           the bytes, position to limit; not modified, and must stay valid after the call for as long
     *                       as it is referenced, its position and limit unchanged (frames are handed on as slices of
     *                       it or as it is; see the class comment)
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
     * One direction ended with its FIN and every byte before it was captured: a frame still in progress claims more
     * than the connection carried (its size prefix is wrong). Comes before {@link #end}; by default ignored.
     */
    default void fin(boolean fromA, long packet) {
    }

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
     * analysis of one file keeps a connection's bytes from its last {@link #resumePoint} for a merge, of which a rest is one;
     * by default, never.
     */
    default boolean atRest() {
        return false;
    }

    /**
     * Where a new decoder, told that both streams start at a frame boundary, would go on as this one does if handed
     * the bytes from there on ({@link ResumePoint}); null if there is no such point now (not Kafka, a direction out of
     * sync, a SASL token exchange, ...). A partial's boundary keeps a connection's bytes from there; by default, null.
     */
    default ResumePoint resumePoint() {
        return null;
    }

    /**
     * The (api key &lt;&lt; 16 | version) pairs of the requests this connection's Kafka conversation has seen (what a
     * response without its request is tried as); empty when not Kafka. By default, empty.
     */
    default long[] apisSeen() {
        return new long[0];
    }

    /**
     * Pairs of requests the connection carried before this input's bytes (a merge joining a connection across files),
     * for its Kafka conversation, now or once it starts. By default, ignored.
     */
    default void seedApis(long[] apis) {
    }
}
