package org.kwire.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.kwire.protocol.ErrorCodes;
import org.kwire.summary.FrameSummary;
import org.kwire.summary.TopicNames;
import org.kwire.text.Units;
import org.kwire.text.VisibleText;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One line per Kafka frame, as tshark's packet list shows one per packet ({@code kwire dissect --format summary}):
 * capture frame number, time of day (UTC, µs), TCP stream, direction ({@code ->} request, {@code <-} response), API and
 * version, correlation_id, length in bytes (size prefix included), the response's latency in ms, then the error names
 * of a response (with a count when repeated) and the topics the frame names (the first {@value #TOPICS}, shown by
 * {@link VisibleText}'s rule).
 */
final class PacketListLine {

    /** Topics shown on a line at most. */
    static final int TOPICS = 5;
    /** The column titles, aligned with {@link #of}'s columns. */
    static final String HEADER = String.format("%7s  %-15s  %6s  %-2s  %-26s  %8s  %9s  %10s  %s",
            "frame", "time (UTC)", "stream", "", "API", "corr. id", "length", "latency ms", "errors, topics");
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSSSSS").withZone(ZoneOffset.UTC);

    private PacketListLine() {
    }

    /**
     * The line of a frame.
     *
     * @param meta    the frame's place, as {@code dissect --format json} writes it
     * @param summary what the frame holds (errors, topics)
     * @param names   resolves topic ids to names
     */
    static String of(ObjectNode meta, FrameSummary summary, TopicNames names) {
        boolean request = meta.get("direction").asText().equals("request");
        String api = meta.get("api_name").isNull() ? "unknown API" : meta.get("api_name").asText() + " v" + meta.get("api_version").asInt();
        String length = Units.count(meta.get("length").asLong());
        if (meta.has("captured_length")) {
            length = Units.count(meta.get("captured_length").asLong()) + "/" + length;
        }
        String latency = meta.has("latency_us") ? Units.ms(meta.get("latency_us").asLong()) : "";
        List<String> tail = new ArrayList<>();
        String errors = errors(summary);
        if (!errors.isEmpty()) {
            tail.add(errors);
        }
        String topics = topics(summary, names);
        if (!topics.isEmpty()) {
            tail.add(topics);
        }
        return String.format("%7d  %-15s  %6d  %-2s  %-26s  %8d  %9s  %10s  %s", meta.get("frame").asLong(),
                TIME.format(Instant.parse(meta.get("timestamp").asText())), meta.get("stream").asInt(), request ? "->" : "<-",
                api, meta.get("correlation_id").asInt(), length, latency, String.join("; ", tail)).stripTrailing() + "\n";
    }

    /** {@code COORDINATOR_NOT_AVAILABLE}, {@code NOT_LEADER_OR_FOLLOWER x3, ...}: error names in order of appearance. */
    private static String errors(FrameSummary s) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (FrameSummary.ErrorRef e : s.errors()) {
            counts.merge(ErrorCodes.name(e.code()), 1, Integer::sum);
        }
        List<String> parts = new ArrayList<>();
        counts.forEach((name, n) -> parts.add(n == 1 ? name : name + " x" + n));
        return String.join(", ", parts);
    }

    /** {@code topics a, b, c +2}: names (ids where the capture never named them), the first {@link #TOPICS}. */
    private static String topics(FrameSummary s, TopicNames names) {
        Set<String> shown = new LinkedHashSet<>();
        for (FrameSummary.TopicRef t : s.topics()) {
            String d = names.display(t.name(), t.topicId());
            if (d != null) {
                shown.add(VisibleText.of(d));
            }
        }
        if (shown.isEmpty()) {
            return "";
        }
        List<String> list = new ArrayList<>(shown);
        String more = list.size() > TOPICS ? " +" + (list.size() - TOPICS) : "";
        return "topics " + String.join(", ", list.subList(0, Math.min(TOPICS, list.size()))) + more;
    }
}
