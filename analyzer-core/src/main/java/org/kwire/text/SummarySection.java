package org.kwire.text;

import org.kwire.expert.ExpertItem;
import org.kwire.expert.Severity;
import org.kwire.report.ApiStats;
import org.kwire.report.CaptureSummary;
import org.kwire.report.ConnectionStats;
import org.kwire.report.PartitionStats;
import org.kwire.report.Readiness;
import org.kwire.report.Report;
import org.kwire.report.SlowExchange;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The summary that fits one screen: one line per thing to check (capture, connections, requests, the error rate,
 * unmatched exchanges, damaged frames, record batches, consumer lag, rebalances, throttling, replication, end-to-end
 * latency, warnings, upgrade readiness, long-polls counted apart, the slowest exchange); a line that needs a look starts
 * with {@code !}. An entry wraps onto {@value #MAX_LINES} lines at most ({@value #REPLICATION_LINES} for replication),
 * the last cut with {@code ...}, but for the error names and expert keys: those are always shown in full.
 */
final class SummarySection implements TextSection {

    /** Width of the label column (after the two characters that hold a {@code !}). */
    private static final int LABEL = 16;
    /** Lines a summary entry wraps onto at most (but the error names and the expert keys). */
    private static final int MAX_LINES = 3;
    /** Lines the replication entry wraps onto at most: classes, the worst followers, leader moves, errors. */
    private static final int REPLICATION_LINES = 5;

    @Override
    public String title() {
        return "Summary";
    }

    @Override
    public List<String> lines(Report r, int width) {
        CaptureSummary c = r.capture();
        List<String> lines = new ArrayList<>();
        line(lines, width, false, "Capture", String.join(", ", c.files()));
        line(lines, width, false, "", capture(c));
        Map<String, Long> other = new TreeMap<>();
        for (ConnectionStats s : r.connections()) {
            if (!s.protocol().equals("kafka")) {
                other.merge(s.protocol(), 1L, Long::sum);
            }
        }
        String others = other.entrySet().stream().map(e -> ", " + e.getValue() + " " + notKafka(e.getKey()))
                .collect(Collectors.joining());
        line(lines, width, other.containsKey("tls") || other.containsKey("unknown"), "Connections",
                Units.count(c.tcpConnections()) + " TCP, " + Units.count(c.kafkaConnections()) + " Kafka" + others);
        tls(lines, width, r);
        long requests = r.apis().stream().mapToLong(ApiStats::requests).sum();
        long responses = r.apis().stream().mapToLong(ApiStats::responses).sum();
        if (r.filter() != null) {
            line(lines, width, true, "Filter", r.filter().options() + "; the counts below are of the exchanges it kept; "
                    + "capture, connections and warnings of everything");
        }
        line(lines, width, requests + responses == 0, "Requests", requests + responses == 0
                ? (r.filter() != null && c.frames() > 0 ? "no exchange matched the filter (" + Units.plural(c.frames(), "Kafka frame")
                + " in the capture)" : "no Kafka requests or responses")
                : Units.plural(requests, "request") + ", " + Units.plural(responses, "response") + " of "
                + Units.plural(r.apis().size(), "API") + "; " + Units.plural(c.frames(), "Kafka frame"));
        errors(lines, width, r, responses);
        unmatched(lines, width, r);
        boolean damaged = c.malformedFrames() + c.incompleteFrames() > 0;
        line(lines, width, damaged, "Frames", damaged ? Units.count(c.malformedFrames()) + " malformed, "
                + Units.count(c.incompleteFrames()) + " incomplete (bytes the capture lost)" : "none malformed or incomplete");
        batches(lines, width, r);
        entry(lines, width, "Lag", LagWords.of(r), MAX_LINES);
        entry(lines, width, "Rebalances", RebalanceWords.of(r), MAX_LINES);
        entry(lines, width, "Throttled", ThrottleWords.of(r), MAX_LINES);
        entry(lines, width, "Replication", ReplicationWords.of(r), REPLICATION_LINES);
        entry(lines, width, "End-to-end", EndToEndWords.of(r), MAX_LINES);
        entry(lines, width, "Schema ids", SchemaIdWords.of(r), MAX_LINES);
        warnings(lines, width, r);
        readiness(lines, width, r);
        longPolls(lines, width, r);
        if (!r.slowest().isEmpty()) {
            SlowExchange s = r.slowest().get(0);
            line(lines, width, false, "Slowest", s.api() + " v" + s.apiVersion() + " " + Units.duration(s.latencyUs())
                    + ", correlation_id " + s.correlationId() + ", frames " + s.requestFrame() + "-" + s.responseFrame()
                    + (s.clientId() == null ? "" : ", client_id " + s.clientId()));
        }
        return lines;
    }

    private static String capture(CaptureSummary c) {
        if (c.packets() == 0 || c.firstTimestamp() == null) {
            return "no packets, " + Units.bytes(c.bytes());
        }
        long span = Duration.between(Instant.parse(c.firstTimestamp()), Instant.parse(c.lastTimestamp())).toNanos() / 1000;
        return Units.plural(c.packets(), "packet") + ", " + Units.bytes(c.bytes()) + ", from "
                + Units.dateTime(c.firstTimestamp()) + " for " + Units.duration(span);
    }

    private static String notKafka(String protocol) {
        return switch (protocol) {
            case "tls" -> "TLS (encrypted, not decoded)";
            case "empty" -> "without payload";
            default -> protocol + " (not Kafka)";
        };
    }

    /**
     * The error rate: responses that carried an error code, of all responses ({@code apis[].errors[].responses}), and
     * those responses per error name, most first: every name in full, on as many lines as they need (there are as many
     * at most as Kafka has error codes).
     */
    private static void errors(List<String> lines, int width, Report r, long responses) {
        long failed = ReportCounts.errorResponses(r);
        line(lines, width, failed > 0, "Errors", failed == 0 ? "no error codes in " + Units.plural(responses, "response")
                : Units.count(failed) + " of " + Units.plural(responses, "response") + " carried an error code ("
                + Units.percent(failed, responses) + "): " + ReportCounts.errorResponsesByName(r).entrySet().stream()
                .map(e -> e.getKey() + " " + Units.count(e.getValue())).collect(Collectors.joining(", ")), Integer.MAX_VALUE);
    }

    /** Upgrade readiness in a line: the clients the target release would refuse, and the API versions. */
    private static void readiness(List<String> lines, int width, Report r) {
        Readiness ready = r.readiness();
        if (ready == null) {
            return;
        }
        line(lines, width, ready.clientsAffected() > 0, "Readiness", ready.clientsAffected() > 0
                ? Units.plural(ready.clientsAffected(), "client") + " sent versions Kafka " + ready.target()
                + " refuses, in " + Units.plural(ready.requests(), "request") + ": " + ReportWords.refused(ready)
                : r.clients().isEmpty() ? "no clients to check against Kafka " + ready.target()
                : "Kafka " + ready.target() + " accepts every request version of the " + Units.plural(r.clients().size(), "client"));
    }

    /** The long-polls answered empty at their wait time, and whether latencies and the slowest list count them. */
    private static void longPolls(List<String> lines, int width, Report r) {
        Map<String, Long> byApi = ReportCounts.longPolls(r);
        long n = byApi.values().stream().mapToLong(Long::longValue).sum();
        if (n == 0) {
            return;
        }
        String which = Units.plural(n, "long-poll") + " answered empty at " + (n == 1 ? "its" : "their") + " wait time ("
                + byApi.entrySet().stream().map(e -> e.getKey() + " " + Units.count(e.getValue()))
                .collect(Collectors.joining(", ")) + ")";
        line(lines, width, false, "Long-polls", r.longPollsIncluded()
                ? which + "; counted in latencies and slowest (--include-long-polls)"
                : which + "; counted apart, not in latencies or slowest; --include-long-polls brings "
                + (n == 1 ? "it" : "them") + " back");
    }

    private static void unmatched(List<String> lines, int width, Report r) {
        List<String> parts = new ArrayList<>();
        long unanswered = r.apis().stream().mapToLong(ApiStats::unmatchedRequests).sum();
        if (unanswered > 0) {
            parts.add(Units.plural(unanswered, "request") + " without response (" + r.apis().stream()
                    .filter(a -> a.unmatchedRequests() > 0)
                    .map(a -> a.name() + " " + Units.count(a.unmatchedRequests())).collect(Collectors.joining(", ")) + ")");
        }
        long orphans = r.apis().stream().mapToLong(ApiStats::unmatchedResponses).sum() + r.responsesWithoutRequest();
        if (orphans > 0) {
            parts.add(Units.plural(orphans, "response") + " without request" + (r.responsesWithoutRequest() > 0
                    ? " (" + Units.count(r.responsesWithoutRequest()) + " of an unknown API)" : ""));
        }
        boolean requests = r.apis().stream().anyMatch(a -> a.requests() > 0);
        line(lines, width, !parts.isEmpty(), "Unmatched", !parts.isEmpty() ? String.join("; ", parts)
                : requests ? "none: every request got its response" : "none");
    }

    private static void batches(List<String> lines, int width, Report r) {
        long produced = 0;
        long fetched = 0;
        long valid = 0;
        long invalid = 0;
        for (PartitionStats p : r.partitions()) {
            produced += p.produce() == null ? 0 : p.produce().batches();
            fetched += p.fetch() == null ? 0 : p.fetch().batches();
            valid += p.crcValid();
            invalid += p.crcInvalid();
        }
        if (produced + fetched + valid + invalid == 0) {
            return;
        }
        long partial = r.partialBatches().size() + r.partialBatchesOmitted();
        line(lines, width, invalid > 0, "Record batches", Units.count(produced) + " produced, " + Units.count(fetched)
                + " fetched; " + (invalid == 0 ? "every CRC valid (" + Units.count(valid) + (valid > produced + fetched
                ? ", one per legacy v0/v1 message)" : ")")
                : Units.plural(invalid, "CRC failure") + ", " + Units.count(valid) + " valid")
                + (partial == 0 ? "" : "; " + Units.count(partial) + " partial at a Fetch size limit (not an error)"));
    }

    /**
     * TLS connections: versions, cipher suites and how many were decrypted; a look is needed when some were not
     * (the first reason given) or a handshake failed.
     */
    private static void tls(List<String> lines, int width, Report r) {
        org.kwire.report.TlsSummary t = r.tls();
        if (t == null || t.connections() == 0) {
            return;
        }
        String kinds = java.util.stream.Stream.concat(t.versions().entrySet().stream(), t.cipherSuites().entrySet().stream())
                .map(e -> e.getKey() + " " + Units.count(e.getValue())).collect(Collectors.joining(", "));
        long undone = t.notDecrypted() + t.partlyDecrypted();
        String why = t.sessions().stream().map(org.kwire.report.TlsConnectionStats::decryptionReason)
                .filter(java.util.Objects::nonNull).findFirst().orElse(null);
        line(lines, width, undone + t.handshakesFailed() > 0, "TLS", Units.plural(t.connections(), "connection") + " ("
                + kinds + "): " + (t.decrypted() + t.partlyDecrypted() == 0 ? "not decrypted"
                : Units.count(t.decrypted()) + " decrypted"
                + (t.partlyDecrypted() > 0 ? ", " + Units.count(t.partlyDecrypted()) + " partly" : "")
                + (t.notDecrypted() > 0 ? ", " + Units.count(t.notDecrypted()) + " not" : ""))
                + (undone > 0 && why != null ? " (" + why + ")" : "")
                + (t.handshakesFailed() > 0 ? "; " + Units.plural(t.handshakesFailed(), "handshake") + " failed" : ""));
    }

    private static boolean atLeastWarning(Severity s) {
        return s != null && s.compareTo(Severity.WARNING) >= 0;
    }

    /** The warnings, and the expert items of warning severity or worse by key: every key in full, as error names. */
    private static void warnings(List<String> lines, int width, Report r) {
        long total = r.warnings().size() + r.warningsOmitted();
        String groups = r.expert().entrySet().stream()
                .filter(e -> atLeastWarning(ExpertItem.severityOfKey(e.getKey())))
                .map(e -> e.getKey() + " " + Units.count(e.getValue())).collect(Collectors.joining(", "));
        line(lines, width, total > 0, "Warnings", (total == 0 ? "none" : Units.plural(total, "warning") + " (listed below)")
                + (groups.isEmpty() ? "" : "; expert info: " + groups), Integer.MAX_VALUE);
    }

    /** An entry's line when there is one. */
    private static void entry(List<String> lines, int width, String label, SummaryEntry entry, int maxLines) {
        if (entry != null) {
            line(lines, width, entry.look(), label, entry.text(), maxLines);
        }
    }

    /** A labelled line of at most {@value #MAX_LINES} lines: {@link #line(List, int, boolean, String, String, int)}. */
    private static void line(List<String> lines, int width, boolean look, String label, String text) {
        line(lines, width, look, label, text, MAX_LINES);
    }

    /**
     * A labelled line; {@code look} marks it with {@code !}. The text is shown by {@link VisibleText}'s rule; wider than
     * {@code width}, it wraps after a comma or semicolon onto at most {@code maxLines} lines under the text, the last
     * cut with {@code ...} (never inside an escape).
     */
    private static void line(List<String> lines, int width, boolean look, String label, String text, int maxLines) {
        String prefix = (look ? "! " : "  ") + label + " ".repeat(Math.max(1, LABEL - label.length()));
        String rest = VisibleText.of(text);
        for (int n = 1; prefix.length() + rest.length() > width; n++) {
            int room = width - prefix.length();
            int cut = Math.max(rest.lastIndexOf(", ", room - 1), rest.lastIndexOf("; ", room - 1));
            if (n == maxLines || cut < room / 2) {
                rest = VisibleText.cut(rest, room - 3) + "...";
                break;
            }
            lines.add(prefix + rest.substring(0, cut + 1));
            rest = rest.substring(cut + 2);
            prefix = " ".repeat(prefix.length());
        }
        lines.add(prefix + rest);
    }
}
