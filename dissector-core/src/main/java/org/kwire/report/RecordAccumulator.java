package org.kwire.report;

import org.kwire.records.Codec;
import org.kwire.records.RecordsSummary;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Running record counters of one partition and direction. */
final class RecordAccumulator {

    private long requests;
    private long batches;
    private long records;
    private long bytesCompressed;
    private long bytesUncompressed;
    /** False once a records field was decoded headers only: then bytesUncompressed is not known. */
    private boolean deep = true;
    private final Map<String, Long> codecs = new TreeMap<>();
    private long transactional;
    private long control;
    private long acked;
    private final Map<String, Long> rejected = new TreeMap<>();
    private long unconfirmed;

    void add(RecordsSummary s) {
        requests++;
        batches += s.batches().size();
        records += s.records();
        bytesCompressed += s.bytesCompressed();
        if (s.deep()) {
            bytesUncompressed += s.bytesUncompressed();
        } else {
            deep = false;
        }
        for (Map.Entry<Codec, Integer> e : s.codecs().entrySet()) {
            codecs.merge(e.getKey().label(), (long) e.getValue(), Long::sum);
        }
        transactional += s.transactionalBatches();
        control += s.controlBatches();
    }

    /** Records of a Produce request the response answered with error code 0 for this partition. */
    void acked(long n) {
        acked += n;
    }

    /** Records of a Produce request the response answered with this error for this partition. */
    void rejected(String error, long n) {
        rejected.merge(error, n, Long::sum);
    }

    /** Records of a Produce request whose fate no captured response tells. */
    void unconfirmed(long n) {
        unconfirmed += n;
    }

    /** @param produce true for what Produce requests carried: then what became of the records is included */
    RecordStats toStats(boolean produce) {
        return new RecordStats(requests, batches, records, bytesCompressed, deep ? bytesUncompressed : null,
                Collections.unmodifiableMap(new TreeMap<>(codecs)), transactional, control, produce ? acked : null,
                produce ? Collections.unmodifiableMap(new TreeMap<>(rejected)) : null, produce ? unconfirmed : null);
    }

    /** The sum of two partitions' counters (entries of one topic seen by name and by id). */
    static RecordStats merge(RecordStats a, RecordStats b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        Map<String, Long> codecs = new TreeMap<>(a.codecs());
        b.codecs().forEach((k, v) -> codecs.merge(k, v, Long::sum));
        Map<String, Long> rejected = a.rejectedRecords() == null && b.rejectedRecords() == null ? null : new TreeMap<>();
        for (Map<String, Long> m : List.of(a.rejectedRecords() == null ? Map.<String, Long>of() : a.rejectedRecords(),
                b.rejectedRecords() == null ? Map.<String, Long>of() : b.rejectedRecords())) {
            m.forEach((k, v) -> rejected.merge(k, v, Long::sum));
        }
        return new RecordStats(a.requests() + b.requests(), a.batches() + b.batches(), a.records() + b.records(),
                a.bytesCompressed() + b.bytesCompressed(), sumKnown(a.bytesUncompressed(), b.bytesUncompressed()),
                Collections.unmodifiableMap(codecs),
                a.transactionalBatches() + b.transactionalBatches(), a.controlBatches() + b.controlBatches(),
                sum(a.ackedRecords(), b.ackedRecords()), rejected == null ? null : Collections.unmodifiableMap(rejected),
                sum(a.unconfirmedRecords(), b.unconfirmedRecords()));
    }

    /** The sum, or null if either is not known (decoded headers only). */
    private static Long sumKnown(Long a, Long b) {
        return a == null || b == null ? null : Long.valueOf(a + b);
    }

    private static Long sum(Long a, Long b) {
        return a == null ? b : b == null ? a : Long.valueOf(a + b);
    }
}
