package org.kwire.text;

import org.kwire.report.Report;
import org.kwire.report.TopicStats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The topics with the most record bytes: records and bytes produced and fetched, partitions, error codes. */
final class TopicSection implements TextSection {

    /** Topics listed at most. */
    static final int TOP = 10;

    @Override
    public String title() {
        return "Top topics";
    }

    @Override
    public List<String> lines(Report r, int width) {
        List<TopicStats> topics = new ArrayList<>(r.topics());
        topics.sort(Comparator.comparingLong((TopicStats t) -> t.producedBytes() + t.fetchedBytes()).reversed()
                .thenComparing(Comparator.comparingLong((TopicStats t) -> requests(t)).reversed())
                .thenComparing(TopicSection::name));
        TextTable t = new TextTable(TextTable.Column.text("topic"), TextTable.Column.number("partitions"),
                TextTable.Column.number("requests"), TextTable.Column.number("produced"), TextTable.Column.number("bytes"),
                TextTable.Column.number("fetched"), TextTable.Column.number("bytes"), TextTable.Column.number("errors"));
        for (TopicStats s : topics.subList(0, Math.min(TOP, topics.size()))) {
            t.row(name(s), Units.count(s.partitions()), Units.count(requests(s)), Units.count(s.producedRecords()),
                    Units.bytes(s.producedBytes()), Units.count(s.fetchedRecords()), Units.bytes(s.fetchedBytes()),
                    Units.count(s.errors()));
        }
        if (t.isEmpty()) {
            return List.of();
        }
        List<String> lines = new ArrayList<>(t.lines("  ", width));
        if (topics.size() > TOP) {
            lines.add("  ... and " + Units.plural(topics.size() - TOP, "more topic") + " (JSON report: topics)");
        }
        lines.add("  produced, fetched: records in the record batches of Produce requests and Fetch responses;");
        lines.add("  bytes: those batches as on the wire; requests: requests naming the topic.");
        return lines;
    }

    private static String name(TopicStats t) {
        return t.topic() != null ? t.topic() : "id " + t.topicId();
    }

    private static long requests(TopicStats t) {
        return t.requests().values().stream().mapToLong(Long::longValue).sum();
    }
}
