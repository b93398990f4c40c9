package org.kwire.html;

import org.kwire.report.Report;
import org.kwire.report.TopicRate;
import org.kwire.report.TopicSeries;
import org.kwire.report.TopicStats;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Topics: the largest by record bytes, their produced and fetched bytes over time (the report's per-topic rate),
 * and one row per topic.
 */
final class TopicSection implements PageSection {

    /** Most topics of the bytes chart. */
    static final int MAX_TOPICS = 15;

    @Override
    public String id() {
        return "topics";
    }

    @Override
    public String title() {
        return "Topics";
    }

    @Override
    public void write(Report r, Markup m) {
        List<StackedBars.Row> rows = new ArrayList<>();
        for (TopicStats t : r.topics()) {
            StackedBars.Row row = new StackedBars.Row(name(t), new long[] {t.producedBytes(), t.fetchedBytes()});
            if (row.total() > 0) {
                rows.add(row);
            }
        }
        rows.sort(Comparator.comparingLong(row -> -row.total()));
        new Figure("Top topics by bytes",
                "Bytes of the record batches of each topic as they went over the wire, produced and fetched; the "
                        + MAX_TOPICS + " largest.",
                "No record batches were produced or fetched in this capture.",
                new StackedBars("topics", "Top topics by bytes", "bytes",
                        List.of(new Series("produced", Palette.PRODUCED), new Series("fetched", Palette.FETCHED)),
                        rows.subList(0, Math.min(MAX_TOPICS, rows.size())))).writeTo(m);
        TopicRate rate = r.topicRate();
        List<String> ranking = ranking(rate);
        throughput(m, rate, ranking, "produced", "Produced bytes per topic over time", "Produce requests carried",
                TopicSeries::producedBytes);
        throughput(m, rate, ranking, "fetched", "Fetched bytes per topic over time", "Fetch responses returned",
                TopicSeries::fetchedBytes);
        Table t = new Table("table-topics", "topic", "topic id", "partitions", "requests", "produced records",
                "produced bytes", "fetched records", "fetched bytes", "error codes");
        for (TopicStats s : r.topics()) {
            t.row(s.topic(), s.topicId(), s.partitions(), ApiSection.entries(s.requests()), s.producedRecords(),
                    s.producedBytes(), s.fetchedRecords(), s.fetchedBytes(), s.errors());
        }
        PageSection.table(m, t, "No topics named in this capture.");
    }

    private static String name(TopicStats t) {
        return t.topic() != null ? t.topic() : "id " + t.topicId();
    }

    /** The rate's series by name, the topics beyond those it tracks as one more. */
    private static Map<String, TopicSeries> series(TopicRate rate) {
        Map<String, TopicSeries> series = new LinkedHashMap<>();
        if (rate != null) {
            series.putAll(rate.topics());
            if (rate.other() != null) {
                series.put("the other " + rate.otherTopics() + " topics", rate.other());
            }
        }
        return series;
    }

    /** Topics by bytes produced and fetched, most first: both throughput charts color them in this order. */
    private static List<String> ranking(TopicRate rate) {
        Map<String, TopicSeries> series = series(rate);
        List<String> ranking = new ArrayList<>(series.keySet());
        ranking.sort(Comparator.comparingLong((String t) -> -(sum(series.get(t).producedBytes())
                + sum(series.get(t).fetchedBytes()))));
        return ranking;
    }

    private static long sum(List<Long> values) {
        return values.stream().mapToLong(Long::longValue).sum();
    }

    /** A chart of one direction's bytes per topic over time; without a per-topic rate (an older report) it says so. */
    private static void throughput(Markup m, TopicRate rate, List<String> ranking, String direction, String title,
                                   String what, Function<TopicSeries, List<Long>> bytes) {
        Map<String, List<Long>> series = new LinkedHashMap<>();
        series(rate).forEach((topic, s) -> series.put(topic, bytes.apply(s)));
        Instant start = rate == null || rate.start() == null ? Instant.EPOCH : Instant.parse(rate.start());
        long width = rate == null ? 1 : rate.bucketSeconds();
        new Figure(title,
                "Bytes of the record batches that " + what + " per " + width + " s, stacked by topic (the busiest in "
                        + "their own color); the times below the columns are the starts of the intervals, in UTC.",
                rate == null ? "This report has no per-topic rate (it was written by an older kwire)."
                        : "No record batches were " + direction + " in this capture.",
                new RateColumns("throughput-" + direction, title, start, width, RateColumns.stack(series, "topics", ranking),
                        RateColumns.Measure.BYTES)).writeTo(m);
    }
}
