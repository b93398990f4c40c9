package org.kwire.records;

import org.kwire.expert.ExpertNote;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What {@link RecordsDecoder#decode} found in one records field; the same whether or not it built a tree.
 *
 * @param batches      complete top-level entries in wire order (v2 batches and legacy messages); a partial trailing
 *                     batch is not among them
 * @param crcValid     checksums that matched: one per v2 batch and one per legacy message, inner messages of
 *                     compressed wrappers included
 * @param crcInvalid   checksums that did not match, counted as crcValid is
 * @param crcFailures  each checksum that did not match, in wire order
 * @param partialBatch the batch cut short at the end of the field, or null
 * @param notes        every expert note, in the order found (the same notes are attached to the tree's nodes)
 * @param deep         true if every v2 batch's payload was decompressed and its records walked (the deep decoding,
 *                     {@link RecordsDecoder#RecordsDecoder(RecordsOptions)}); false when only headers and CRCs were
 *                     read ({@link RecordsDecoder#headersOnly}): then {@link #bytesUncompressed()} is not known and
 *                     the notes lack what only records and payloads show (see {@link RecordsDecoder})
 * @param framing      the Schema Registry ids of the records' keys and values ({@code org.kwire.framing}); empty
 *                     unless deep
 */
public record RecordsSummary(List<BatchInfo> batches, int crcValid, int crcInvalid, List<CrcFailure> crcFailures,
                             PartialBatch partialBatch, List<ExpertNote> notes, boolean deep,
                             org.kwire.framing.FramingFacts framing) {

    /** Keeps unmodifiable copies of the lists. */
    public RecordsSummary {
        batches = List.copyOf(batches);
        crcFailures = List.copyOf(crcFailures);
        notes = List.copyOf(notes);
    }

    /** Records in all batches: the sum of {@link BatchInfo#recordsCount()}. */
    public long records() {
        long n = 0;
        for (BatchInfo b : batches) { // a loop, not a stream: called for every produce and fetch frame
            n += b.recordsCount();
        }
        return n;
    }

    /** Bytes of the batches as on the wire: the sum of {@link BatchInfo#sizeInBytes()}. */
    public long bytesCompressed() {
        long n = 0;
        for (BatchInfo b : batches) {
            n += b.sizeInBytes();
        }
        return n;
    }

    /**
     * Bytes of the batches with their payloads decompressed: the sum of {@link BatchInfo#uncompressedBytes()} over the
     * batches that could be decompressed (so equal to {@link #bytesCompressed()} when nothing is compressed); only
     * known when {@link #deep()}, else -1.
     */
    public long bytesUncompressed() {
        if (!deep) {
            return -1;
        }
        long n = 0;
        for (BatchInfo b : batches) {
            n += Math.max(b.uncompressedBytes(), 0);
        }
        return n;
    }

    /** Batches per codec, only codecs that occur, in {@link Codec} order (unmodifiable). */
    public Map<Codec, Integer> codecs() {
        Map<Codec, Integer> counts = new EnumMap<>(Codec.class);
        batches.forEach(b -> counts.merge(b.codec(), 1, Integer::sum));
        return Collections.unmodifiableMap(counts);
    }

    /** Batches with the transactional flag. */
    public int transactionalBatches() {
        return (int) batches.stream().filter(BatchInfo::transactional).count();
    }

    /** Control batches (transaction markers, KRaft control records). */
    public int controlBatches() {
        return (int) batches.stream().filter(BatchInfo::control).count();
    }
}
