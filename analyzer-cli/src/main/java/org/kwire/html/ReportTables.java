package org.kwire.html;

import org.kwire.report.ApiStats;
import org.kwire.report.CaptureSummary;
import org.kwire.report.ClientStats;
import org.kwire.report.ConnectionStats;
import org.kwire.report.CrcFailureEntry;
import org.kwire.report.ErrorStats;
import org.kwire.report.LatencySummary;
import org.kwire.report.PartialBatchEntry;
import org.kwire.report.Report;
import org.kwire.report.SlowExchange;
import org.kwire.report.TopicStats;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The summary tables of a report page, one per part of the report, with the report's numbers unchanged. */
final class ReportTables {

    private ReportTables() {
    }

    /** Facts about the capture ({@code capture}, {@code responses_without_request}). */
    static Table capture(Report r) {
        CaptureSummary c = r.capture();
        return new Table("table-capture", "fact", "value")
                .row("files", String.join(", ", c.files()))
                .row("packets", c.packets())
                .row("capture bytes", c.bytes())
                .row("first packet (UTC)", c.firstTimestamp())
                .row("last packet (UTC)", c.lastTimestamp())
                .row("TCP connections", c.tcpConnections())
                .row("Kafka connections", c.kafkaConnections())
                .row("Kafka frames", c.frames())
                .row("malformed frames", c.malformedFrames())
                .row("incomplete frames", c.incompleteFrames())
                .row("responses without request", r.responsesWithoutRequest());
    }

    /** One row per API ({@code apis[]}); latencies in µs, blank where no exchange was matched. */
    static Table apis(Report r) {
        Table t = new Table("table-apis", "key", "API", "versions (requests)", "requests", "responses",
                "unmatched requests", "unmatched responses", "matched", "min µs", "p50 µs", "p90 µs", "p99 µs",
                "max µs", "request bytes", "response bytes", "errors");
        for (ApiStats a : r.apis()) {
            LatencySummary l = a.latencyUs();
            t.row(a.apiKey(), a.name(), entries(a.versions()), a.requests(), a.responses(), a.unmatchedRequests(),
                    a.unmatchedResponses(), l == null ? null : l.count(), l == null ? null : l.min(),
                    l == null ? null : l.p50(), l == null ? null : l.p90(), l == null ? null : l.p99(),
                    l == null ? null : l.max(), a.requestBytes(), a.responseBytes(),
                    a.errors().stream().mapToLong(ErrorStats::count).sum());
        }
        return t;
    }

    /** Every error code of every API ({@code apis[].errors[]}). */
    static Table errors(Report r) {
        Table t = new Table("table-errors", "API", "code", "name", "count", "topics");
        for (ApiStats a : r.apis()) {
            for (ErrorStats e : a.errors()) {
                t.row(a.name(), e.code(), e.name(), e.count(), String.join(", ", e.topics()));
            }
        }
        return t;
    }

    /** One row per topic ({@code topics[]}). */
    static Table topics(Report r) {
        Table t = new Table("table-topics", "topic", "topic id", "partitions", "requests", "produced records",
                "produced bytes", "fetched records", "fetched bytes", "errors");
        for (TopicStats s : r.topics()) {
            t.row(s.topic(), s.topicId(), s.partitions(), entries(s.requests()), s.producedRecords(), s.producedBytes(),
                    s.fetchedRecords(), s.fetchedBytes(), s.errors());
        }
        return t;
    }

    /** One row per connection ({@code connections[]}). */
    static Table connections(Report r) {
        Table t = new Table("table-connections", "stream", "client", "broker", "protocol", "client ids", "requests",
                "responses", "bytes from client", "bytes from broker");
        for (ConnectionStats c : r.connections()) {
            t.row(c.stream(), c.client(), c.broker(), c.protocol(), String.join(", ", c.clientIds()), c.requests(),
                    c.responses(), c.bytesFromClient(), c.bytesFromBroker());
        }
        return t;
    }

    /** One row per client_id ({@code clients[]}). */
    static Table clients(Report r) {
        Table t = new Table("table-clients", "client id", "connections", "requests", "responses", "request bytes",
                "response bytes", "errors", "requests per API");
        for (ClientStats c : r.clients()) {
            t.row(c.clientId(), c.connections(), c.requests(), c.responses(), c.requestBytes(), c.responseBytes(),
                    c.errors(), entries(c.apis()));
        }
        return t;
    }

    /** The slowest exchanges, slowest first ({@code slowest[]}). */
    static Table slowest(Report r) {
        Table t = new Table("table-slowest", "latency µs", "API", "version", "correlation id", "request frame",
                "response frame", "request time (UTC)", "stream", "client", "broker", "client id");
        for (SlowExchange s : r.slowest()) {
            t.row(s.latencyUs(), s.api(), s.apiVersion(), s.correlationId(), s.requestFrame(), s.responseFrame(),
                    s.timestamp(), s.stream(), s.client(), s.broker(), s.clientId());
        }
        return t;
    }

    /** Batches whose checksum did not match ({@code crc_failures[]}). */
    static Table crcFailures(Report r) {
        Table t = new Table("table-crc-failures", "frame", "API", "topic", "partition", "base offset", "magic",
                "stored CRC", "computed CRC");
        for (CrcFailureEntry f : r.crcFailures()) {
            t.row(f.frame(), f.api(), f.topic(), f.partition(), f.baseOffset(), f.magic(), f.stored(), f.computed());
        }
        return t;
    }

    /** Batches cut short at the end of their records field ({@code partial_batches[]}). */
    static Table partialBatches(Report r) {
        Table t = new Table("table-partial-batches", "frame", "API", "topic", "partition", "bytes present",
                "bytes declared");
        for (PartialBatchEntry p : r.partialBatches()) {
            t.row(p.frame(), p.api(), p.topic(), p.partition(), p.bytesPresent(), p.bytesDeclared());
        }
        return t;
    }

    /** Expert-note counts by severity/group ({@code expert}). */
    static Table expert(Report r) {
        Table t = new Table("table-expert", "severity/group", "notes");
        r.expert().forEach(t::row);
        return t;
    }

    /** The warnings listed in the report ({@code warnings[]}), numbered from 1. */
    static Table warnings(Report r) {
        Table t = new Table("table-warnings", "#", "warning");
        List<String> w = r.warnings();
        for (int i = 0; i < w.size(); i++) {
            t.row(i + 1, w.get(i));
        }
        return t;
    }

    /** {@code key: value} pairs in map order, comma-separated. */
    private static String entries(Map<String, Long> map) {
        return map.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.joining(", "));
    }
}
