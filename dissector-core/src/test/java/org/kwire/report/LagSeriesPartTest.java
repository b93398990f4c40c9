package org.kwire.report;

import org.junit.jupiter.api.Test;
import org.kwire.summary.TopicNames;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Lag over time merges exactly: samples cut anywhere into consecutive parts, each gathered alone and the parts merged,
 * give the buckets the whole gathers, through the widening of a three-day span; the committed lag is carried across
 * the cut.
 */
class LagSeriesPartTest {

    private static final long S = 1_000_000_000L;
    /** 2026-11-29T17:28:40Z. */
    private static final long T0 = 1_795_973_320L;

    /** One sample: what it is of, when (seconds after T0), its value. */
    private record Sample(int kind, long second, long value) {
    }

    /** A consumer's lag, the partition's high watermark and the group's commits, every 7 s for three days. */
    private static List<Sample> samples() {
        List<Sample> out = new ArrayList<>();
        for (long s = 0, i = 0; s < 3 * 86_400; s += 7, i++) {
            out.add(new Sample(0, s, (i * 37) % 101));
            out.add(new Sample(1, s, 10 * i));
            if (i % 50 == 3) {
                out.add(new Sample(2, s + 1, 10 * i - (i * 37) % 101));
            }
        }
        return out;
    }

    private static LagSeriesPart gather(List<Sample> samples) {
        LagSeriesAccumulator a = new LagSeriesAccumulator();
        for (Sample x : samples) {
            long nanos = (T0 + x.second()) * S + 123;
            switch (x.kind()) {
                case 0 -> a.fetch("c", "10.0.0.1", "t", 0, "high_watermark", nanos, x.value());
                case 1 -> a.watermark("t", 0, nanos, x.value());
                default -> a.commit("g", "t", 0, nanos, x.value());
            }
        }
        return a.part();
    }

    @Test
    void partsCutAnywhereMergeToTheWhole() {
        List<Sample> all = samples();
        LagSeriesPart whole = gather(all);
        assertEquals(300, TimeGrid.WIDTHS[whole.widthIndex()], "three days in 300 s buckets");
        for (int cut : new int[] {1, 500, 20_000, all.size() / 2, all.size() - 1}) {
            LagSeriesPart merged = gather(all.subList(0, cut)).merge(gather(all.subList(cut, all.size())));
            assertEquals(whole, merged, "cut at sample " + cut);
        }
        int a = all.size() / 3;
        int b = 2 * a;
        assertEquals(whole, gather(all.subList(0, a)).merge(gather(all.subList(a, b))).merge(gather(all.subList(b, all.size()))));
        assertEquals(whole, gather(all.subList(b, all.size())).merge(gather(all.subList(a, b))).merge(gather(all.subList(0, a))),
                "largest values: the order of the parts does not matter");
    }

    /** Each bucket keeps its largest sample; the committed lag is the high watermark minus the commit, carried forward. */
    @Test
    void bucketsAndTheCommittedLagOfFewSamples() {
        LagSeriesPart p = gather(List.of(new Sample(0, 0, 5), new Sample(0, 0, 9), new Sample(1, 0, 100),
                new Sample(2, 1, 90), new Sample(1, 3, 120), new Sample(0, 3, 2)));
        ConsumerLag.OverTime t = LagSeriesBuilder.build(p, new TopicNames(), (c, address) -> "g");
        assertEquals("2026-11-29T17:28:40Z", t.start());
        assertEquals(Arrays.asList(9L, null, null, 2L), t.fetch().get(0).maxLag());
        assertEquals("g", t.fetch().get(0).group());
        assertEquals(Arrays.asList(null, 10L, 10L, 30L), t.committed().get(0).lag());
    }
}
