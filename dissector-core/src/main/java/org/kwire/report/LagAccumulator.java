package org.kwire.report;

import org.kwire.summary.ExchangeSummary;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds the {@code consumer_lag} state ({@link LagPart}) from the lag facts of the exchanges ({@link LagFacts}: the
 * rules), in capture order: per consumer client, partition and measure its samples (count, min, max, first, last);
 * per partition the last high watermark; per group and partition the last committed offset. The same samples, the
 * high watermarks of consumer fetches and the commits also go over time to {@link LagSeriesAccumulator}, at the time
 * of the exchange's response ({@link #exchange}). Bounded: {@link #MAX_ENTRIES} entries per list. Not thread-safe.
 */
final class LagAccumulator implements LagFacts.Listener {

    /** Entries kept per list; further ones are counted. */
    static final int MAX_ENTRIES = 10_000;

    private final Map<String, LagPart.FetchLag> fetch = new TreeMap<>();
    private final Map<String, LagPart.Watermark> watermarks = new TreeMap<>();
    private final Map<String, LagPart.Commit> commits = new TreeMap<>();
    private long omitted;
    private final LagSeriesAccumulator series = new LagSeriesAccumulator();
    /** The exchange whose facts come next: its response's time, and whether it is a consumer's Fetch. */
    private long nanos;
    private boolean consumerFetch;

    /** Tells the time of {@code e}'s response, whose facts ({@link LagFacts#read}) come next. */
    void exchange(ExchangeSummary e) {
        nanos = e.response() == null ? 0 : e.response().frame().lastTimestampNanos();
        consumerFetch = e.apiKey() == 1 && e.requestHeader() != null && e.request() != null && e.request().decoded()
                && FetchKind.of(e.request()).equals(FetchKind.CONSUMER);
    }

    @Override
    public void watermark(LagPart.Watermark w) {
        put(watermarks, w.key(), w);
        if (consumerFetch) {
            series.watermark(w.topic(), w.partition(), nanos, w.highWatermark());
        }
    }

    @Override
    public void consumer(LagPart.FetchLag s) {
        series.fetch(s.clientId(), s.address(), s.topic(), s.partition(), s.against(), nanos, s.last());
        LagPart.FetchLag was = fetch.get(s.key());
        if (was == null) {
            put(fetch, s.key(), s);
        } else {
            fetch.put(s.key(), new LagPart.FetchLag(s.clientId(), s.address(), s.topic(), s.partition(), s.against(),
                    was.samples() + 1, Math.min(was.min(), s.last()), Math.max(was.max(), s.last()), was.first(),
                    was.firstFrame(), s.last(), s.lastFetchOffset(), s.lastEnd(), s.lastFrame()));
        }
    }

    @Override
    public void commit(LagPart.Commit c) {
        series.commit(c.group(), c.topic(), c.partition(), nanos, c.offset());
        LagPart.Commit was = commits.get(c.key());
        if (was == null) {
            put(commits, c.key(), c);
        } else {
            commits.put(c.key(), new LagPart.Commit(c.group(), c.topic(), c.partition(), c.offset(), c.frame(),
                    was.commits() + 1));
        }
    }

    private <T> void put(Map<String, T> into, String key, T value) {
        if (into.size() >= MAX_ENTRIES && !into.containsKey(key)) {
            omitted++;
            return;
        }
        into.put(key, value);
    }

    LagPart part() {
        return new LagPart(List.copyOf(fetch.values()), List.copyOf(watermarks.values()), List.copyOf(commits.values()),
                omitted, series.part());
    }
}
