package org.kwire.internaltopics;

import org.kwire.frame.KafkaFrame;
import org.kwire.records.BatchInfo;
import org.kwire.records.BatchRecords;
import org.kwire.records.InternalRecord;
import org.kwire.records.InternalRecords;
import org.kwire.records.RecordsOptions;
import org.kwire.schema.RecordFamily;
import org.kwire.summary.FrameSummary;
import org.kwire.summary.TopicNames;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the records of the internal topics out of the record sets a frame carries (Fetch responses of followers,
 * consumers and the brokers' metadata-log fetches at the controller), decodes them by their schemas
 * ({@link InternalRecords}) and files the ones the report shows. Which schemas apply is decided by the topic's name
 * (or the metadata log's fixed id); a topic the frame names by an id the capture has not named (Fetch v13+) is read as
 * a coordinator's log when the batch is uncompressed and its first record is framed as one
 * ({@link BatchRecords#firstLooksInternal}) and decodes cleanly as one (the group coordinator's, else the transaction
 * coordinator's), so that an analysis of part of a capture decides as one of all of it. A batch already
 * read whole (its topic, partition, base offset and partitionLeaderEpoch) is not read again. Bounded: at most {@link #MAX_BATCHES} batches
 * remembered, records per batch by {@link #MAX_RECORDS_PER_BATCH}, decompression by the records options. Not
 * thread-safe.
 */
final class InternalLogReader {

    /** Batches remembered as read. */
    static final int MAX_BATCHES = 100_000;
    /** Records read of one batch. */
    static final int MAX_RECORDS_PER_BATCH = 10_000;

    private final InternalRecords decoder;
    private final TopicNames names;
    private final RecordsOptions options;
    private final java.util.function.Consumer<org.kwire.expert.ExpertNote> notes;
    private final Set<String> read = new HashSet<>();
    final Bounded.Builder<OffsetCommit> commits = new Bounded.Builder<>();
    final Bounded.Builder<GroupChange> groups = new Bounded.Builder<>();
    final Bounded.Builder<TxnLogEntry> transactions = new Bounded.Builder<>();
    final Bounded.Builder<MetadataChange> metadata = new Bounded.Builder<>();
    /** Batches whose records could not all be read. */
    long unreadBatches;

    /** @param notes where the expert notes of records that do not decode go (with the frame's number) */
    InternalLogReader(InternalRecords decoder, TopicNames names, RecordsOptions options,
                      java.util.function.Consumer<org.kwire.expert.ExpertNote> notes) {
        this.decoder = decoder;
        this.names = names;
        this.options = options;
        this.notes = notes;
    }

    /** The internal topics' records in {@code summary}'s record sets, read from {@code frame}. */
    void frame(FrameSummary summary, KafkaFrame frame) {
        for (FrameSummary.RecordsRef r : summary.records()) {
            String name = r.topic() != null ? r.topic()
                    : TopicNames.METADATA_TOPIC_ID.equals(r.topicId()) ? InternalRecords.CLUSTER_METADATA
                    : names.name(r.topicId());
            Optional<RecordFamily> family = InternalRecords.family(name);
            if (name != null && family.isEmpty()) {
                continue;
            }
            String topic = name != null ? name : r.topicId();
            for (BatchInfo b : r.summary().batches()) {
                String key = topic + "\u0000" + r.partition() + "\u0000" + b.baseOffset() + "\u0000"
                        + (b.offset() + 16 <= frame.data().length() ? frame.data().getInt(b.offset() + 12) : -1);
                if (!b.control() && b.magic() == 2 && b.recordsCount() > 0 && !read.contains(key)
                        && batch(topic, r.partition(), family.orElse(null), frame, b) && read.size() < MAX_BATCHES) {
                    read.add(key);
                }
            }
        }
    }

    /**
     * A batch's records; {@code family} null: a topic known by id only, tried as a coordinator's log. False if they
     * could not all be read (read again when another fetch carries the batch).
     */
    private boolean batch(String topic, int partition, RecordFamily family, KafkaFrame frame, BatchInfo b) {
        if (family == null && !BatchRecords.firstLooksInternal(frame.data(), b)) {
            return true; // a data topic's batch: not walked
        }
        BatchRecords.Walk walk = BatchRecords.walk(frame.data(), b, options.maxDecompressedBytes(), MAX_RECORDS_PER_BATCH);
        if (walk.problem() != null) {
            if (!walk.standIn()) { // a partial's stand-in: bytes left out at a file's edge, not damage
                unreadBatches++;
                notes.accept(new org.kwire.expert.ExpertNote(org.kwire.expert.ExpertItem.RECORDS_SCHEMA_MALFORMED,
                        frame.meta().lastPacket(), b.offset(), where(topic, partition, b.baseOffset()), "batch of "
                        + topic + "/" + partition + " baseOffset " + b.baseOffset() + " not read whole: " + walk.problem()));
            }
            return false;
        }
        for (BatchRecords.Entry e : walk.records()) {
            if (family == null) {
                family = guess(e);
                if (family == null) {
                    return true;
                }
            }
            InternalRecord r = decoder.decode(family, e.key(), e.value());
            for (org.kwire.expert.ExpertNote n : r.notes()) {
                notes.accept(new org.kwire.expert.ExpertNote(n.item(), frame.meta().lastPacket(), n.offset(),
                        where(topic, partition, e.offset()), n.message()));
            }
            LogPlace at = new LogPlace(topic, partition, e.offset(), walk.epoch(), e.timestamp());
            switch (family) {
                case GROUP_COORDINATOR -> {
                    commits.add(LogEntries.offsetCommit(at, r));
                    groups.add(LogEntries.groupChange(at, r));
                }
                case TRANSACTION_COORDINATOR -> transactions.add(LogEntries.transaction(at, r));
                case METADATA -> metadata(at, r);
                default -> {
                }
            }
        }
        return true;
    }

    private static String where(String topic, int partition, long offset) {
        return "internal record " + topic + "/" + partition + " offset " + offset;
    }

    private void metadata(LogPlace at, InternalRecord r) {
        MetadataChange m = LogEntries.metadata(at, r);
        metadata.add(m);
        if (m != null && m.topic() != null && m.topic().name() != null && m.topic().topicId() != null) {
            names.learn(m.topic().topicId(), m.topic().name()); // Fetch v13+ names topics by these ids only
        }
    }

    /** The coordinator whose schemas decode the record cleanly (the group's first), or null. */
    private RecordFamily guess(BatchRecords.Entry e) {
        if (e.key() == null) {
            return null;
        }
        for (RecordFamily f : new RecordFamily[] {RecordFamily.GROUP_COORDINATOR, RecordFamily.TRANSACTION_COORDINATOR}) {
            InternalRecord r = decoder.decode(f, e.key(), e.value());
            if (r.notes().isEmpty() && !r.type().startsWith("Unknown")) {
                return f;
            }
        }
        return null;
    }
}
