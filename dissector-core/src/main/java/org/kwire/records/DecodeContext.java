package org.kwire.records;

import org.kwire.expert.ExpertNote;
import org.kwire.expert.ExpertItem;
import org.kwire.framing.FramingTally;
import org.kwire.tree.FieldNode;

import java.util.ArrayList;
import java.util.List;

/** The state of one {@link RecordsDecoder#decode} call: options, what has been found, the decompression budget. */
final class DecodeContext {

    private static final String CONTEXT = "records";

    private final RecordsOptions options;
    private final long packet;
    private final boolean deep;
    private final boolean standIns;
    private final List<BatchInfo> batches = new ArrayList<>();
    private final List<CrcFailure> crcFailures = new ArrayList<>(0);
    private final List<ExpertNote> notes = new ArrayList<>(0);
    private int crcValid;
    private int crcInvalid;
    private PartialBatch partialBatch;
    private int budget;
    private InternalRecords internal;
    private org.kwire.schema.RecordFamily family;
    /** Kafka's own records decoded by their schemas when collecting them ({@link RecordsDecoder#internalRecords}). */
    private List<InternalRecordAt> collected;
    private long leftOut;
    /** Schema ids of the records walked (deep decoding only), else null. */
    private final FramingTally framing;

    /** @param deep whether v2 batches' payloads are decompressed and their records walked ({@link RecordsDecoder}) */
    DecodeContext(RecordsOptions options, long packet, boolean deep) {
        this(options, packet, deep, false);
    }

    /** @param standIns whether a batch whose records are a {@link BatchStandIn} is taken for the batch it stands for */
    DecodeContext(RecordsOptions options, long packet, boolean deep, boolean standIns) {
        this.options = options;
        this.packet = packet;
        this.deep = deep;
        this.standIns = standIns;
        this.framing = deep ? new FramingTally() : null;
    }

    /** The schema ids of the records walked; null when not deep (records are not walked). */
    FramingTally framing() {
        return framing;
    }

    /** True if a batch whose records are a {@link BatchStandIn} of this process is taken for the batch it stands for. */
    boolean standIns() {
        return standIns;
    }

    /** The capture frame number of the notes, or 0. */
    long packet() {
        return packet;
    }

    /** True if v2 batches' payloads are decompressed and their records walked; false: headers and CRCs only. */
    boolean deep() {
        return deep;
    }

    RecordsOptions options() {
        return options;
    }

    /**
     * Decodes Kafka's own records in the tree by their schemas from now on: control records always, the others as
     * {@code family}'s (null: the topic is not an internal one, or unknown).
     */
    void internalRecords(InternalRecords decoder, org.kwire.schema.RecordFamily topicFamily) {
        this.internal = decoder;
        this.family = topicFamily;
    }

    /** Collects Kafka's own records decoded by their schemas from now on (no tree is built). */
    void collect() {
        collected = new ArrayList<>();
    }

    /** True if Kafka's own records are collected. */
    boolean collecting() {
        return collected != null;
    }

    /** Adds a collected record, or counts it once the collection holds maxNodes. */
    void collected(InternalRecordAt r) {
        if (collected.size() < internal.maxNodes()) {
            collected.add(r);
        } else {
            leftOut++;
        }
    }

    /** The records collected, in wire order. */
    List<InternalRecordAt> collectedRecords() {
        return collected == null ? List.of() : List.copyOf(collected);
    }

    /** Records left out of the collection past maxNodes. */
    long collectedLeftOut() {
        return leftOut;
    }

    /** The decoder of Kafka's own records, or null when they are shown as bytes. */
    InternalRecords internal() {
        return internal;
    }

    /** The family of the records field's topic, or null. */
    org.kwire.schema.RecordFamily family() {
        return family;
    }

    /** Starts a top-level entry: it may decompress up to maxDecompressedBytes, nested payloads included. */
    void startEntry() {
        budget = options.maxDecompressedBytes();
    }

    /** Bytes the current top-level entry may still decompress to. */
    int budget() {
        return budget;
    }

    void spend(int bytes) {
        budget -= bytes;
    }

    /** Records a note and attaches it to {@code at} when building a tree. */
    void note(FieldNode at, ExpertItem item, long frameOffset, String message) {
        ExpertNote note = new ExpertNote(item, packet, frameOffset, CONTEXT, message);
        notes.add(note);
        if (at != null) {
            at.note(note);
        }
    }

    void batch(BatchInfo batch) {
        batches.add(batch);
    }

    void partialBatch(PartialBatch partial) {
        partialBatch = partial;
    }

    void crcValid() {
        crcValid++;
    }

    void crcInvalid(CrcFailure failure) {
        crcInvalid++;
        crcFailures.add(failure);
    }

    RecordsSummary summary() {
        return new RecordsSummary(batches, crcValid, crcInvalid, crcFailures, partialBatch, notes, deep,
                framing == null ? org.kwire.framing.FramingFacts.NONE : framing.facts());
    }
}
