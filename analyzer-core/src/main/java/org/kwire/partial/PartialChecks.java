package org.kwire.partial;

import org.kwire.json.JsonInputException;
import org.kwire.json.JsonSchemas;
import org.kwire.report.ApiPart;
import org.kwire.report.NoteEntry;
import org.kwire.report.ReportPart;
import tools.jackson.databind.JsonNode;

import java.util.List;
import java.util.Map;

/**
 * What a partial must hold beyond its schema ({@code docs/partial.schema.json}) before kwire merges it: the checks a
 * JSON Schema cannot express, each naming the field by its JSON pointer. On the document's tree ({@link #tree}):
 * <ul>
 * <li>the counts of a slice agree: its {@code packets} and {@code tcp_connections}, its timeline's, and those of its
 * entry in {@code report.slices};</li>
 * <li>the packets fit this merge's {@link PacketBudget};</li>
 * <li>every value the schema marks {@code x-kwire-frame} or {@code x-kwire-stream}, and every frame and stream an
 * expert note it marks {@code x-kwire-note} names in its texts, is a frame (0: none) or stream number of its scope:
 * {@code slice}, the slice it is in; {@code part}, the report part (all of {@code report.slices}), whose frames have
 * their times in {@code frame_times};</li>
 * <li>each timeline inflates to what its counts declare, within them ({@link Timeline.Encoded#decode});</li>
 * <li>a list the schema marks {@code x-kwire-ascending} is in ascending order of that member of its items, each
 * value once (one entry per ApiKey, per stream);</li>
 * <li>each latency histogram is one kwire writes, counting at most its API's responses
 * ({@link ApiPart#histogramProblem}), or, of an {@code end_to_end} topic, at most its delivered batches;</li>
 * <li>each topic-rate series and each series of consumer lag over time has {@code used} buckets; at most
 * {@code slowest_count} slowest exchanges.</li>
 * </ul>
 * And the same again on the partial bound from it ({@link #bound}), over every frame and stream number its records
 * hold (those its notes' texts name too): a net under the annotations, for a field the schema would not mark.
 */
final class PartialChecks {

    /** The schema's annotation of a frame number ({@code slice}: of its slice; {@code part}: of the report part). */
    private static final String FRAME = "x-kwire-frame";
    /** The schema's annotation of a TCP stream number, with the same scopes. */
    private static final String STREAM = "x-kwire-stream";
    /** The schema's annotation of an expert note, whose texts name frames and a stream ({@link NoteEntry}). */
    private static final String NOTE = "x-kwire-note";
    /** The schema's annotation of a list in ascending order of a member of its items, each value once. */
    private static final String ASCENDING = "x-kwire-ascending";

    private PartialChecks() {
    }

    /** @throws JsonInputException the first field that breaks a rule above */
    static void tree(JsonNode p, PacketBudget budget) throws JsonInputException {
        JsonNode slices = p.get("slices");
        JsonNode parts = p.at("/report/slices");
        if (parts.size() != slices.size()) {
            throw new JsonInputException("/report/slices", parts.size() + " slices, where /slices has " + slices.size());
        }
        long packets = 0;
        long streams = 0;
        for (int i = 0; i < slices.size(); i++) {
            JsonNode s = slices.get(i);
            agree("/slices/" + i + "/timeline/packets", s.at("/timeline/packets"), "/slices/" + i + "/packets", s.get("packets"));
            agree("/slices/" + i + "/timeline/streams", s.at("/timeline/streams"), "/slices/" + i + "/tcp_connections",
                    s.get("tcp_connections"));
            agree("/report/slices/" + i + "/packets", parts.get(i).get("packets"), "/slices/" + i + "/packets", s.get("packets"));
            agree("/report/slices/" + i + "/streams", parts.get(i).get("streams"), "/slices/" + i + "/tcp_connections",
                    s.get("tcp_connections"));
            budget.take(s.get("packets").asLong(), "/slices/" + i + "/packets");
            packets += s.get("packets").asLong();
            streams += s.get("tcp_connections").asLong();
        }
        numbers(p, slices, packets, streams);
        for (int i = 0; i < slices.size(); i++) {
            timeline(slices.get(i).get("timeline"), "/slices/" + i + "/timeline/data");
        }
        JsonNode apis = p.at("/report/apis");
        for (int i = 0; i < apis.size(); i++) {
            JsonNode a = apis.get(i);
            if (a.get("latency_histogram").isString()) {
                String problem = ApiPart.histogramProblem(a.get("latency_histogram").asString(), a.get("responses").asLong(),
                        number(a.get("min_latency_us")), number(a.get("max_latency_us")));
                if (problem != null) {
                    throw new JsonInputException("/report/apis/" + i + "/latency_histogram", problem);
                }
            }
        }
        endToEnd(p.at("/report/end_to_end/topics"));
        ranges(p.at("/report/end_to_end/partitions"));
        topicRate(p.at("/report/topic_rate"));
        lagSeries(p.at("/report/replication/lag/series"));
        if (p.at("/report/slowest").size() > p.at("/report/slowest_count").asLong()) {
            throw new JsonInputException("/report/slowest", p.at("/report/slowest").size() + " exchanges, more than "
                    + "slowest_count (" + p.at("/report/slowest_count").asLong() + ")");
        }
    }

    /**
     * @throws JsonInputException if the part holds a frame or stream past its slices', or a frame without its time
     */
    static void bound(Partial p) throws JsonInputException {
        ReportPart r = p.report();
        long packets = r.slices().stream().mapToLong(ReportPart.Slice::packets).sum();
        long streams = r.slices().stream().mapToLong(ReportPart.Slice::streams).sum();
        for (long f : r.frameNumbers()) {
            if (f > packets) {
                throw new JsonInputException("/report/warnings", "a note names frame " + f + ", past the " + packets
                        + " packets of /report/slices");
            }
            if (!r.frameTimes().containsKey(f)) {
                throw new JsonInputException("/report/frame_times", "no time for frame " + f + ", which the report names");
            }
        }
        if (r.largestStream() >= streams) {
            throw new JsonInputException("/report/warnings", "a note names stream " + r.largestStream() + ", past the "
                    + streams + " TCP connections of /report/slices");
        }
    }

    /**
     * The annotated frame and stream numbers within their scopes, and those the annotated notes' texts name; every
     * frame of the part with its time in {@code frame_times}.
     */
    private static void numbers(JsonNode p, JsonNode slices, long packets, long streams) throws JsonInputException {
        JsonNode times = p.at("/report/frame_times");
        JsonSchemas.partials().annotated(p, List.of(FRAME, STREAM, NOTE, ASCENDING), (pointer, keyword, scope, value) -> {
            if (keyword.equals(ASCENDING)) {
                for (int i = 1; i < value.size(); i++) {
                    if (value.get(i).get(scope).asLong() <= value.get(i - 1).get(scope).asLong()) {
                        throw new JsonInputException(pointer + "/" + i + "/" + scope, value.get(i).get(scope).asLong()
                                + " after " + value.get(i - 1).get(scope).asLong() + ": the list is in ascending " + scope
                                + ", each once");
                    }
                }
            } else if (keyword.equals(NOTE)) {
                for (long f : NoteEntry.framesNamed(value.get("message").asString())) {
                    number(slices, times, pointer + "/message", FRAME, scope, f, packets, streams);
                }
                for (long s : NoteEntry.streamsNamed(value.get("context").asString())) {
                    number(slices, times, pointer + "/context", STREAM, scope, s, packets, streams);
                }
            } else {
                number(slices, times, pointer, keyword, scope, value.isString() ? Long.parseLong(value.asString())
                        : value.asLong(), packets, streams);
            }
        });
    }

    private static void number(JsonNode slices, JsonNode times, String pointer, String keyword, String scope,
                               long n, long packets, long streams) throws JsonInputException {
        boolean frame = keyword.equals(FRAME);
        long most;
        String of;
        if (scope.equals("slice")) {
            JsonNode s = slices.get(Integer.parseInt(pointer.split("/")[2]));
            most = frame ? s.get("packets").asLong() : s.get("tcp_connections").asLong() - 1;
            of = "its slice's";
        } else {
            most = frame ? packets : streams - 1;
            of = "the report's";
        }
        if (n < 0 || n > most) {
            throw new JsonInputException(pointer, (frame ? "frame " : "stream ") + n + " is not one of " + of + " "
                    + (frame ? most + " packets" : (most + 1) + " TCP connections"));
        }
        if (frame && n > 0 && scope.equals("part") && !times.has(Long.toString(n))) {
            throw new JsonInputException(pointer, "frame " + n + " has no time in /report/frame_times");
        }
    }

    /** Each end-to-end topic's histograms: kwire's, counting at most the topic's delivered batches. */
    private static void endToEnd(JsonNode topics) throws JsonInputException {
        for (int i = 0; i < topics.size(); i++) {
            JsonNode t = topics.get(i);
            for (String h : List.of("latency", "from_first_timestamp", "from_max_timestamp")) {
                JsonNode l = t.get(h);
                if (l.get("histogram").isString()) {
                    String problem = ApiPart.histogramProblem(l.get("histogram").asString(), t.get("delivered").asLong(),
                            number(l.get("min")), number(l.get("max")));
                    if (problem != null) {
                        throw new JsonInputException("/report/end_to_end/topics/" + i + "/" + h + "/histogram",
                                problem.replace("the API's", "the topic's").replace("responses", "delivered batches"));
                    }
                }
            }
        }
    }

    /** Each end-to-end partition's produced offsets: ranges of at least one offset, in order, apart. */
    private static void ranges(JsonNode partitions) throws JsonInputException {
        for (int i = 0; i < partitions.size(); i++) {
            JsonNode r = partitions.get(i).get("produced");
            for (int j = 0; j < r.size(); j++) {
                long first = r.get(j).get("first").asLong();
                if (first > r.get(j).get("last").asLong() || j > 0 && first <= r.get(j - 1).get("last").asLong() + 1) {
                    throw new JsonInputException("/report/end_to_end/partitions/" + i + "/produced/" + j,
                            "not a range of offsets after the one before it, apart from it");
                }
            }
        }
    }

    private static void timeline(JsonNode t, String pointer) throws JsonInputException {
        try {
            new Timeline.Encoded(t.get("packets").asLong(), t.get("streams").asLong(), t.get("first_nanos").asLong(),
                    t.get("step_bytes").asInt(), t.get("data").asString()).decode();
        } catch (IllegalArgumentException e) {
            throw new JsonInputException(pointer, e.getMessage());
        }
    }

    private static void topicRate(JsonNode r) throws JsonInputException {
        int used = r.get("used").asInt();
        for (Map.Entry<String, JsonNode> e : r.get("series").properties()) {
            rows(e.getValue(), used, "/report/topic_rate/series/" + JsonInputException.segment(e.getKey()));
        }
        if (r.get("other").isArray()) {
            rows(r.get("other"), used, "/report/topic_rate/other");
        }
    }

    /** Each series of {@code replication.lag.series} (absent in older partials) has {@code used} buckets. */
    private static void lagSeries(JsonNode s) throws JsonInputException {
        if (s.isMissingNode()) {
            return;
        }
        int used = s.get("used").asInt();
        for (String list : List.of("fetch", "watermarks", "commits")) {
            for (int i = 0; i < s.get(list).size(); i++) {
                JsonNode max = s.get(list).get(i).get("max");
                if (max.size() != used) {
                    throw new JsonInputException("/report/replication/lag/series/" + list + "/" + i + "/max", max.size()
                            + " buckets, not the " + used + " used");
                }
            }
        }
    }

    private static void rows(JsonNode series, int used, String pointer) throws JsonInputException {
        for (int q = 0; q < series.size(); q++) {
            if (series.get(q).size() != used) {
                throw new JsonInputException(pointer + "/" + q, series.get(q).size() + " buckets, not the " + used + " used");
            }
        }
    }

    private static void agree(String pointer, JsonNode value, String other, JsonNode expected) throws JsonInputException {
        if (value.asLong() != expected.asLong()) {
            throw new JsonInputException(pointer, value.asLong() + ", where " + other + " is " + expected.asLong());
        }
    }

    private static Long number(JsonNode n) {
        return n == null || n.isNull() ? null : n.asLong();
    }
}
