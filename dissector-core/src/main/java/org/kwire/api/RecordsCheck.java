package org.kwire.api;

import org.kwire.expert.ExpertGroup;
import org.kwire.records.BatchInfo;
import org.kwire.records.Codec;
import org.kwire.records.CrcFailure;
import org.kwire.records.PartialBatch;
import org.kwire.records.RecordsSummary;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@link KafkaDecoder#records} found in the bytes of one records field: its batches (RecordBatch v2, KIP-98, and
 * legacy messages, magic 0 and 1: Kafka docs "Record Batch" and "Message Sets"), their checksums (CRC-32C for v2,
 * CRC-32 for legacy), codecs and record counts, a partial batch at the end (what a fetch size limit leaves: not an
 * error), and every problem, typed.
 * <p>
 * <b>Shapes and units.</b> Offsets are bytes from the start of the field's bytes as given; sizes are bytes; counts
 * are records as the batches hold them (each v2 batch's recordsCount; a legacy wrapper's inner messages). Bytes at
 * the end that cannot start a batch (an unknown magic byte, a size no batch has) are not a partial batch: they are a
 * {@code kafka.records.entry_overrun} problem, and {@link #malformed()} is true.
 * <p>
 * Immutable, thread-safe.
 */
public final class RecordsCheck {

    private final RecordsSummary summary;
    private final List<Problem> problems;

    RecordsCheck(RecordsSummary summary) {
        this.summary = summary;
        this.problems = summary.notes().stream()
                .map(n -> Problem.at(n.item(), n.offset(), 4, n.message())).toList();
    }

    /** The complete top-level batches in wire order (a partial batch at the end is not among them). */
    public List<BatchInfo> batches() {
        return summary.batches();
    }

    /** Records in all batches. */
    public long records() {
        return summary.records();
    }

    /** Checksums that matched: one per v2 batch and per legacy message, inner messages of wrappers included. */
    public int crcValid() {
        return summary.crcValid();
    }

    /** Each checksum that did not match, in wire order. */
    public List<CrcFailure> crcFailures() {
        return summary.crcFailures();
    }

    /** Batches per codec, only codecs that occur. */
    public Map<Codec, Integer> codecs() {
        return summary.codecs();
    }

    /** Bytes of the batches with their payloads decompressed (those that could be). */
    public long bytesUncompressed() {
        return summary.bytesUncompressed();
    }

    /** The batch cut short at the end of the field, if any (its declared size is a valid batch's header's). */
    public Optional<PartialBatch> partialBatch() {
        return Optional.ofNullable(summary.partialBatch());
    }

    /** Every problem in wire order: CRC mismatches, malformed or undecodable entries, a partial batch's note. */
    public List<Problem> problems() {
        return problems;
    }

    /** True if any problem is malformed bytes or a checksum mismatch (a partial batch at the end is neither). */
    public boolean malformed() {
        return problems.stream().anyMatch(p -> p.item().group() == ExpertGroup.MALFORMED
                || p.item().group() == ExpertGroup.CHECKSUM);
    }

    @Override
    public String toString() {
        return batches().size() + " batches, " + records() + " records" + (problems.isEmpty() ? "" : ", " + problems);
    }
}
