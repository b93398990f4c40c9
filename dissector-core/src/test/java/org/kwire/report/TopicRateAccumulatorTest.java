package org.kwire.report;

import org.junit.jupiter.api.Test;
import org.kwire.summary.TopicNames;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Records and bytes per topic per time bucket: exact buckets, widening that keeps every count, bounded topics. */
class TopicRateAccumulatorTest {

    private static final long S = 1_000_000_000L;
    /** 2026-11-29T17:28:40Z, a multiple of 10 s (220 s past a multiple of 300 s). */
    private static final long T0 = 1_795_973_320L;

    private static long sum(List<Long> l) {
        return l.stream().mapToLong(Long::longValue).sum();
    }

    @Test
    void oneSecondBucketsFromTheEarliestRecordSet() {
        TopicRateAccumulator a = new TopicRateAccumulator();
        a.add("alpha", true, 10, 700, (T0 + 3) * S + 500);
        a.add("alpha", false, 10, 700, (T0 + 5) * S);
        a.add("beta", true, 1, 80, (T0 + 5) * S + 999_999_999);
        a.add("alpha", true, 2, 100, (T0 + 2) * S); // a request answered after later ones: the origin moves back
        TopicRate r = a.toRate(new TopicNames());
        assertEquals("2026-11-29T17:28:42Z", r.start());
        assertEquals(1, r.bucketSeconds());
        assertEquals(new TopicSeries(List.of(2L, 10L, 0L, 0L), List.of(100L, 700L, 0L, 0L), List.of(0L, 0L, 0L, 10L),
                List.of(0L, 0L, 0L, 700L)), r.topics().get("alpha"));
        assertEquals(new TopicSeries(List.of(0L, 0L, 0L, 1L), List.of(0L, 0L, 0L, 80L), List.of(0L, 0L, 0L, 0L),
                List.of(0L, 0L, 0L, 0L)), r.topics().get("beta"));
        assertNull(r.other());
    }

    /** The same record sets in any order (exchanges complete out of their frames' order) give the same buckets. */
    @Test
    void theOrderRecordSetsComeInChangesNothing() {
        long[] seconds = {T0 + 990, T0 + 3, T0 + 1500, T0 - 40, T0 + 2, T0 + 700};
        TopicRateAccumulator forward = new TopicRateAccumulator();
        TopicRateAccumulator backward = new TopicRateAccumulator();
        for (int i = 0; i < seconds.length; i++) {
            forward.add("t", true, i + 1, 10, seconds[i] * S);
            backward.add("t", true, seconds.length - i, 10, seconds[seconds.length - 1 - i] * S);
        }
        TopicRate f = forward.toRate(new TopicNames());
        assertEquals(f, backward.toRate(new TopicNames()));
        assertEquals(2, f.bucketSeconds(), "1540 seconds: 2 s buckets");
        assertEquals(21L, sum(f.topics().get("t").producedRecords()));
    }

    /** The 1001st second makes the buckets 2 s wide; a three-day capture ends with 300 s buckets; nothing is lost. */
    @Test
    void bucketsWidenAsTheCaptureGrowsAndKeepEveryCount() {
        TopicRateAccumulator a = new TopicRateAccumulator();
        for (long s = 0; s < 1000; s++) {
            a.add("t", true, 1, 10, (T0 + s) * S);
        }
        assertEquals(1, a.toRate(new TopicNames()).bucketSeconds());
        assertEquals(1000, a.toRate(new TopicNames()).topics().get("t").producedRecords().size());
        a.add("t", true, 1, 10, (T0 + 1000) * S);
        TopicRate two = a.toRate(new TopicNames());
        assertEquals(2, two.bucketSeconds());
        assertEquals("2026-11-29T17:28:40Z", two.start());
        assertEquals(501, two.topics().get("t").producedRecords().size());
        assertEquals(List.of(2L, 2L), two.topics().get("t").producedRecords().subList(0, 2));
        assertEquals(1L, two.topics().get("t").producedRecords().get(500));
        for (long s = 1001; s < 3 * 86_400; s += 7) {
            a.add("t", false, 3, 30, (T0 + s) * S);
        }
        TopicRate days = a.toRate(new TopicNames());
        assertEquals(300, days.bucketSeconds());
        assertEquals((220 + 259_196) / 300 + 1, days.topics().get("t").fetchedRecords().size()); // last set at T0 + 259196 s
        assertEquals(1001, sum(days.topics().get("t").producedRecords()));
        assertEquals(10_010, sum(days.topics().get("t").producedBytes()));
        long fetchSets = (3 * 86_400 - 1001 + 6) / 7;
        assertEquals(3 * fetchSets, sum(days.topics().get("t").fetchedRecords()));
        assertEquals(30 * fetchSets, sum(days.topics().get("t").fetchedBytes()));
    }

    @Test
    void topicsBeyondTheFiftiethAreSummedAsOther() {
        TopicRateAccumulator a = new TopicRateAccumulator();
        for (int t = 0; t < 53; t++) {
            a.add("topic-" + t, true, 1, 100, T0 * S);
        }
        a.add("topic-52", true, 1, 100, T0 * S);
        TopicRate r = a.toRate(new TopicNames());
        assertEquals(50, r.topics().size());
        assertEquals(3, r.otherTopics());
        assertEquals(List.of(4L), r.other().producedRecords());
        assertEquals(List.of(400L), r.other().producedBytes());
    }

    /** A topic seen by id (Produce v13+) and by name is one series once the capture names the id. */
    @Test
    void idsTheCaptureNamedAreSummedWithTheirName() {
        TopicNames names = new TopicNames();
        TopicRateAccumulator a = new TopicRateAccumulator();
        a.add("7GC2duJITZCpZaFRWQ20yQ", true, 5, 500, T0 * S);
        a.add("basic-alpha", false, 5, 500, T0 * S);
        a.add("g1YyoWZhTXSFapOvsPA7tA", true, 1, 50, T0 * S);
        names.learn("7GC2duJITZCpZaFRWQ20yQ", "basic-alpha");
        TopicRate r = a.toRate(names);
        assertEquals(List.of("basic-alpha", "g1YyoWZhTXSFapOvsPA7tA"), List.copyOf(r.topics().keySet()));
        assertEquals(new TopicSeries(List.of(5L), List.of(500L), List.of(5L), List.of(500L)), r.topics().get("basic-alpha"));
    }

    @Test
    void aRecordSetWithoutATopicIsCountedUnderItsOwnName() {
        TopicRateAccumulator a = new TopicRateAccumulator();
        a.add(null, false, 3, 300, T0 * S);
        assertEquals(List.of("(no topic named)"), List.copyOf(a.toRate(new TopicNames()).topics().keySet()));
    }

    @Test
    void noRecordsNoSeries() {
        TopicRate r = new TopicRateAccumulator().toRate(new TopicNames());
        assertEquals(new TopicRate(null, 1, java.util.Map.of(), null, 0), r);
    }
}
