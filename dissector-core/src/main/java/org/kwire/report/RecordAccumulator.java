package org.kwire.report;

import org.kwire.records.Codec;
import org.kwire.records.RecordsSummary;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/** Running record counters of one partition and direction. */
final class RecordAccumulator {

    private long requests;
    private long batches;
    private long records;
    private long bytesCompressed;
    private long bytesUncompressed;
    private final Map<String, Long> codecs = new TreeMap<>();
    private long transactional;
    private long control;

    void add(RecordsSummary s) {
        requests++;
        batches += s.batches().size();
        records += s.records();
        bytesCompressed += s.bytesCompressed();
        bytesUncompressed += s.bytesUncompressed();
        for (Map.Entry<Codec, Integer> e : s.codecs().entrySet()) {
            codecs.merge(e.getKey().label(), (long) e.getValue(), Long::sum);
        }
        transactional += s.transactionalBatches();
        control += s.controlBatches();
    }

    RecordStats toStats() {
        return new RecordStats(requests, batches, records, bytesCompressed, bytesUncompressed,
                Collections.unmodifiableMap(new TreeMap<>(codecs)), transactional, control);
    }

    /** The sum of two partitions' counters (entries of one topic seen by name and by id). */
    static RecordStats merge(RecordStats a, RecordStats b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        Map<String, Long> codecs = new TreeMap<>(a.codecs());
        b.codecs().forEach((k, v) -> codecs.merge(k, v, Long::sum));
        return new RecordStats(a.requests() + b.requests(), a.batches() + b.batches(), a.records() + b.records(),
                a.bytesCompressed() + b.bytesCompressed(), a.bytesUncompressed() + b.bytesUncompressed(),
                Collections.unmodifiableMap(codecs),
                a.transactionalBatches() + b.transactionalBatches(), a.controlBatches() + b.controlBatches());
    }
}
