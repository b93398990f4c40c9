package org.kwire.report;

import org.kwire.records.CrcFailure;
import org.kwire.records.PartialBatch;
import org.kwire.schema.Direction;
import org.kwire.summary.FrameSummary;
import org.kwire.summary.TopicNames;

import java.util.ArrayList;
import java.util.List;

/**
 * The record sets of the report's frames: per-partition record counters (what Produce requests carried, what Fetch
 * and ShareFetch responses returned), records and bytes per topic over time ({@link TopicRateAccumulator}), and the
 * lists of CRC failures and partial trailing batches (the first {@link ReportBuilder#MAX_LISTED} of each; further ones
 * only counted).
 */
final class RecordSets {

    private final TopicPartitions partitions;
    private final TopicNames topics;
    final TopicRateAccumulator topicRate = new TopicRateAccumulator();
    final List<CrcFailureEntry> crcFailures = new ArrayList<>();
    final List<PartialBatchEntry> partialBatches = new ArrayList<>();
    long crcFailuresOmitted;
    long partialBatchesOmitted;

    RecordSets(TopicPartitions partitions, TopicNames topics) {
        this.partitions = partitions;
        this.topics = topics;
    }

    /** The record sets of a frame: per-partition record stats, CRC failures, partial batches. */
    void add(FrameSummary s, String apiName) {
        for (FrameSummary.RecordsRef r : s.records()) {
            TopicPartitions.Entry entry = partitions.entry(r.topic(), r.topicId(), r.partition());
            boolean produce = s.direction() == Direction.REQUEST;
            (produce ? entry.produce : entry.fetch).add(r.summary());
            entry.hasProduce |= produce;
            entry.hasFetch |= !produce;
            entry.crcValid += r.summary().crcValid();
            entry.crcInvalid += r.summary().crcInvalid();
            String topic = topics.display(r.topic(), r.topicId());
            topicRate.add(r.topic() != null ? r.topic() : r.topicId(), produce, r.summary().records(),
                    r.summary().bytesCompressed(), s.frame().lastTimestampNanos(), s.frame().lastPacket());
            long frame = s.frame().lastPacket();
            for (CrcFailure f : r.summary().crcFailures()) {
                if (Sequences.add(crcFailures, new CrcFailureEntry(frame, apiName, topic, r.partition(), f.baseOffset(),
                        f.magic(), f.stored(), f.computed()), CrcFailureEntry::frame, ReportBuilder.MAX_LISTED)) {
                    crcFailuresOmitted++;
                }
            }
            PartialBatch p = r.summary().partialBatch();
            if (p != null) {
                if (Sequences.add(partialBatches, new PartialBatchEntry(frame, apiName, topic, r.partition(),
                        p.bytesPresent(), p.bytesDeclared()), PartialBatchEntry::frame, ReportBuilder.MAX_LISTED)) {
                    partialBatchesOmitted++;
                }
            }
        }
    }
}
