package org.kwire.records;

import org.kwire.expert.ExpertItem;
import org.kwire.tree.FieldNode;

import org.kwire.frame.FrameBytes;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;

/**
 * Decodes the bytes of a {@code records} field (Produce, Fetch, ShareFetch, ...): a sequence of RecordBatch v2 (KIP-98,
 * Kafka docs "Record Batch") and legacy message sets, magic 0 and 1 (Kafka docs "Message Sets"), chosen per entry by
 * its magic byte. Checks every CRC (CRC-32C for v2, CRC-32 for legacy messages), decompresses gzip, snappy, lz4 and
 * zstd payloads within {@link RecordsOptions#maxDecompressedBytes()}, decodes records and headers, control records
 * (transaction markers) and legacy wrappers. Immutable and thread-safe.
 * <p>
 * Never throws on bad input: what does not fit becomes an expert note — group {@code checksum} (CRC mismatch, error),
 * {@code malformed} (a length or count the bytes contradict, a corrupt compressed payload; error), {@code undecoded}
 * (payload over the decompression limit, unknown magic or codec, nesting past maxDepth, a codec whose library is not
 * on the class path: {@code codec_unavailable}; warning) or {@code truncated} (a partial trailing batch, note) —
 * attached to the node concerned when building a tree and always listed in the summary. Memory: nothing is allocated
 * per declared count or length; decompressed data is bounded per top-level entry by maxDecompressedBytes (nested
 * legacy wrappers included).
 * <p>
 * Two depths (issue 12, "work in proportion to the question"; docs/PERFORMANCE.md measures both):
 * <ul>
 * <li><b>deep</b> ({@link #RecordsDecoder(RecordsOptions)}): all of the above;</li>
 * <li><b>headers only</b> ({@link #headersOnly}), the fast path of {@code kwire analyze} without {@code --deep}: every
 * entry's header is read and its CRC checked over all of its bytes, so batches, record counts (as each v2 batch
 * declares them), codecs, flags, producer fields and CRC failures are exactly what the deep decoding finds; but a
 * v2 batch's payload is neither decompressed nor its records walked — except an uncompressed control batch's (a few
 * bytes: the control record type of transaction markers). So {@link RecordsSummary#bytesUncompressed()} is unknown
 * and these notes, which only records and payloads show, are not made for v2 batches: {@code count_mismatch},
 * {@code trailing_bytes}, {@code field_malformed} inside records, {@code compression_malformed},
 * {@code decompression_limit}, {@code codec_unavailable}. Legacy message sets (magic 0 and 1) are decoded as deep:
 * their record count is the number of inner messages, which only decompressing a wrapper tells. A tree
 * ({@code parent} not null) is always built deep.</li>
 * </ul>
 */
public final class RecordsDecoder {

    private final RecordsOptions options;
    private final boolean deep;
    private final boolean standIns;
    /** Decodes Kafka's own records in trees, or null. */
    private final InternalRecords internal;

    /** The limits this decoder decodes with. */
    public RecordsOptions options() {
        return options;
    }

    /**
     * The deep decoder: every payload decompressed, every record walked.
     *
     * @throws NullPointerException if options is null
     */
    public RecordsDecoder(RecordsOptions options) {
        this(options, true);
    }

    private RecordsDecoder(RecordsOptions options, boolean deep) {
        this(options, deep, false);
    }

    private RecordsDecoder(RecordsOptions options, boolean deep, boolean standIns) {
        this(options, deep, standIns, null);
    }

    private RecordsDecoder(RecordsOptions options, boolean deep, boolean standIns, InternalRecords internal) {
        this.options = Objects.requireNonNull(options, "options");
        this.deep = deep;
        this.standIns = standIns;
        this.internal = internal;
    }

    /**
     * This decoder, also decoding Kafka's own records by their schemas in the trees it builds when
     * {@link RecordsOptions#showValues()} is on (issue 23): control records on every topic, and the records of the
     * internal topics named to {@link #decode(ByteBuffer, int, int, long, FieldNode, String)}; keys and values then
     * become trees of their fields instead of text.
     */
    public RecordsDecoder withInternalRecords(InternalRecords decoder) {
        return new RecordsDecoder(options, deep, standIns, Objects.requireNonNull(decoder, "decoder"));
    }

    /**
     * This decoder, also taking a batch whose records are a {@link BatchStandIn stand-in} of this process for the batch
     * it stands for: for the merge of partial results, which puts stand-ins back where a partial kept only what a
     * batch's records decoded to. Never needed to decode traffic.
     */
    public RecordsDecoder acceptingStandIns() {
        return new RecordsDecoder(options, deep, true, internal);
    }

    /**
     * A decoder that reads v2 batches' headers and checks their CRCs without decompressing or walking their records
     * (see the class comment) when it builds no tree.
     *
     * @throws NullPointerException if options is null
     */
    public static RecordsDecoder headersOnly(RecordsOptions options) {
        return new RecordsDecoder(options, false);
    }

    /** True if this decoder shows Kafka's own records by their schemas: {@link #withInternalRecords} and showValues. */
    public boolean showsInternalRecords() {
        return internal != null && options.showValues();
    }

    /** True if this decoder decompresses every payload and walks every record. */
    public boolean deep() {
        return deep;
    }

    /**
     * Decodes the records field {@code frame[offset, offset + length)}.
     *
     * @param frame  the frame's bytes, absolute indexes (its position and limit are not changed; bytes past its limit
     *               are not read)
     * @param offset offset of the field's first byte in the frame (after the field's length prefix)
     * @param length bytes of the field
     * @param packet capture frame number for the notes, 1-based, or 0
     * @param parent null for the fast path (no nodes, no objects per record; CRCs, counts, sizes and codecs still
     *               computed); else the node that receives one {@code RecordBatch}/{@code Message} node per entry
     *               (offsets into the frame; nodes inside decompressed data carry offsets into it and
     *               {@link FieldNode#inDecompressed()}), plus {@code PartialBatch} and {@code undecoded} nodes
     * @return what was found; the same with or without a tree
     */
    public RecordsSummary decode(ByteBuffer frame, int offset, int length, long packet, FieldNode parent) {
        return decode(FrameBytes.of(frame), offset, length, packet, parent);
    }

    /**
     * {@link #decode(ByteBuffer, int, int, long, FieldNode)} of the records field of a topic (its name, or null if
     * unknown): with {@link #withInternalRecords}, a tree shows the records of {@code __consumer_offsets},
     * {@code __transaction_state}, {@code __share_group_state} and {@code __cluster_metadata} by their schemas.
     */
    public RecordsSummary decode(ByteBuffer frame, int offset, int length, long packet, FieldNode parent, String topic) {
        return decode(FrameBytes.of(frame), offset, length, packet, parent, topic);
    }

    /**
     * {@link #decode(ByteBuffer, int, int, long, FieldNode)} of a frame held as slices ({@link FrameBytes}): fields are
     * read where they lie, CRCs are updated slice by slice and payloads are decompressed from the slices, none of it
     * joined first.
     */
    public RecordsSummary decode(FrameBytes frame, int offset, int length, long packet, FieldNode parent) {
        return decode(frame, offset, length, packet, parent, null);
    }

    /**
     * Kafka's own records in the records field {@code frame[offset, offset + length)} of a topic (its name, or null),
     * decoded by their schemas in wire order: its control records, and all of its records when the topic is one of
     * the four internal ones ({@link InternalRecords#family}); none without {@link #withInternalRecords}. Every
     * payload is decompressed (within maxDecompressedBytes); at most the internal decoder's maxNodes records are kept,
     * the rest counted.
     * Problems of the batches themselves are not returned: {@link #decode} gives them.
     */
    public InternalRecordsFound internalRecords(ByteBuffer frame, int offset, int length, String topic) {
        FrameBytes bytes = FrameBytes.of(frame);
        if (internal == null || offset < 0 || length < 0 || offset > bytes.length() - length) {
            return new InternalRecordsFound(List.of(), 0);
        }
        DecodeContext ctx = new DecodeContext(options, 0, true, false);
        ctx.internalRecords(internal, InternalRecords.family(topic).orElse(null));
        ctx.collect();
        new MessageSetWalker(ctx).walk(new FieldReader(ctx, bytes, offset, offset + length, 0, offset),
                null, null);
        return new InternalRecordsFound(ctx.collectedRecords(), ctx.collectedLeftOut());
    }

    private RecordsSummary decode(FrameBytes frame, int offset, int length, long packet, FieldNode parent, String topic) {
        DecodeContext ctx = new DecodeContext(options, packet, deep || parent != null, standIns && parent == null);
        if (internal != null && parent != null && options.showValues()) {
            ctx.internalRecords(internal, InternalRecords.family(topic).orElse(null));
        }
        if (offset < 0 || length < 0 || offset > frame.length() - length) {
            ctx.note(parent, ExpertItem.RECORDS_OUTSIDE_FRAME, offset, "records field of " + length + " bytes at offset "
                    + offset + " does not lie within the frame's " + frame.length() + " bytes");
        } else {
            FieldReader reader = new FieldReader(ctx, frame, offset, offset + length, 0, offset);
            new MessageSetWalker(ctx).walk(reader, parent, null);
        }
        return ctx.summary();
    }
}
