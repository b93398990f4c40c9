package org.kwire.export;

import com.fasterxml.jackson.core.JsonGenerator;
import org.kwire.groups.ConsumerGroups;
import org.kwire.groups.ConsumerGroups.Cause;
import org.kwire.groups.ConsumerGroups.Group;
import org.kwire.groups.ConsumerGroups.Rebalance;
import org.kwire.report.Report;
import org.kwire.report.ReplicationSummary.LeaderEventStats;

import java.io.IOException;
import java.time.Instant;
import java.util.List;

/**
 * The events of a capture's report that follow its exchange events (docs/GUIDE.md, "Exchange events"): one {@code rebalance}
 * per rebalance of {@code consumer_groups} (group by group, each group's in order) and one {@code leader_change} per
 * leader change of {@code replication.leadership} (in capture order), each an object with {@code type},
 * {@code timestamp} and {@code timestamp_us} as an exchange event has. They come from the finished report, so a
 * rebalance that began in one file and ended in the next is one event, and they are as many as the report lists
 * (bounded as it is). Stateless.
 */
final class ReportEvents {

    /** Writes one event object; called once per event. */
    @FunctionalInterface
    interface Sink {
        void event(EventBody body) throws IOException;
    }

    /** Writes the fields of one event into the generator, between its braces. */
    @FunctionalInterface
    interface EventBody {
        void write(JsonGenerator out) throws IOException;
    }

    private ReportEvents() {
    }

    /** Gives {@code sink} each event of {@code r}: its rebalances, then its leader changes. */
    static void write(Report r, Sink sink) throws IOException {
        ConsumerGroups cg = r.consumerGroups();
        for (Group g : cg == null ? List.<Group>of() : cg.groups()) {
            for (Rebalance b : g.rebalances()) {
                sink.event(out -> rebalance(g, b, out));
            }
        }
        if (r.replication() != null && r.replication().leadership() != null) {
            for (LeaderEventStats e : r.replication().leadership().events()) {
                if (e.kind().equals("leader")) {
                    sink.event(out -> leaderChange(e, out));
                }
            }
        }
    }

    private static void rebalance(Group g, Rebalance b, JsonGenerator out) throws IOException {
        out.writeStringField("type", "rebalance");
        time(out, b.start());
        out.writeStringField("group", g.groupId());
        out.writeStringField("group_type", g.type());
        out.writeNumberField("generation_id", b.generationId());
        out.writeNumberField("group_epoch", b.groupEpoch());
        out.writeStringField("start", b.start());
        out.writeStringField("end", b.end());
        if (b.durationMs() != null) {
            out.writeNumberField("duration_ms", b.durationMs());
        } else {
            out.writeNullField("duration_ms");
        }
        strings(out, "members_before", b.membersBefore());
        strings(out, "members_after", b.membersAfter());
        out.writeArrayFieldStart("causes");
        for (Cause c : b.causes()) {
            out.writeStartObject();
            out.writeStringField("cause", c.cause());
            out.writeStringField("member_id", c.memberId());
            out.writeStringField("at", c.at());
            out.writeEndObject();
        }
        out.writeEndArray();
    }

    private static void leaderChange(LeaderEventStats e, JsonGenerator out) throws IOException {
        out.writeStringField("type", "leader_change");
        time(out, e.time());
        out.writeNumberField("response_frame", e.frame());
        out.writeStringField("topic", e.topic());
        out.writeNumberField("partition", e.partition());
        integer(out, "leader_id", e.leaderId());
        integer(out, "leader_epoch", e.leaderEpoch());
        integer(out, "previous_leader_id", e.previousLeaderId());
        integer(out, "previous_leader_epoch", e.previousLeaderEpoch());
        out.writeStringField("broker", e.broker());
        out.writeStringField("client_id", e.clientId());
        out.writeStringField("api", e.api());
    }

    /** {@code timestamp} (ISO-8601 UTC, as given) and {@code timestamp_us}. */
    private static void time(JsonGenerator out, String iso) throws IOException {
        Instant t = Instant.parse(iso);
        out.writeStringField("timestamp", iso);
        out.writeNumberField("timestamp_us", t.getEpochSecond() * 1_000_000 + t.getNano() / 1000);
    }

    private static void integer(JsonGenerator out, String name, Integer value) throws IOException {
        if (value != null) {
            out.writeNumberField(name, value);
        } else {
            out.writeNullField(name);
        }
    }

    private static void strings(JsonGenerator out, String name, List<String> values) throws IOException {
        out.writeArrayFieldStart(name);
        for (String v : values) {
            out.writeString(v);
        }
        out.writeEndArray();
    }
}
