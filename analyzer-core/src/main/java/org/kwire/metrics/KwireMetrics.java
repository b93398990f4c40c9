package org.kwire.metrics;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Unit;

import java.util.function.Consumer;

/**
 * Every metric of the analysis, defined and registered once (as Wireshark registers its expert infos once): names,
 * help texts, units and label names. The capture's health metrics are in {@link CaptureHealthMetrics}. Counting is
 * done by {@link MetricsSink} and {@link ConnectionMetrics}; the lag gauges are read at each scrape from the series
 * the sink sets ({@link #consumerLagSeries}, {@link #replicationLagSeries}); this class only holds the instruments.
 */
public final class KwireMetrics {

    /**
     * Classic buckets of the request latency histogram, seconds: from 0.5 ms (a loopback Metadata) to 30 s (beyond a
     * Fetch's usual fetch.max.wait.ms of 500 ms and a JoinGroup's rebalance wait).
     */
    static final double[] LATENCY_BUCKETS = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
            10, 30};
    /**
     * Classic buckets of the rebalance duration histogram, seconds: from 50 ms (a lone member's JoinGroup and
     * SyncGroup) to 10 minutes (beyond the classic rebalance timeout, max.poll.interval.ms, 5 minutes by default).
     */
    static final double[] REBALANCE_BUCKETS = {0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600};

    /**
     * Classic buckets of the end-to-end latency histogram, seconds: from 1 ms (a consumer long-polling the same broker)
     * to 5 minutes (a consumer far behind).
     */
    static final double[] END_TO_END_BUCKETS = {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
            30, 60, 300};

    final PrometheusRegistry registry;
    final Counter requests;
    final Counter responses;
    final Counter requestBytes;
    final Counter responseBytes;
    final Counter unmatchedRequests;
    final Counter unmatchedResponses;
    final Counter noResponseExpected;
    final Histogram latency;
    final Histogram endToEnd;
    final Counter longPolls;
    final Counter errors;
    final Counter producedRecords;
    final Counter producedBytes;
    final Counter fetchedRecords;
    final Counter fetchedBytes;
    final Counter crcFailures;
    final Counter frames;
    final Counter malformedFrames;
    final Counter incompleteFrames;
    final Counter expertNotes;
    final Counter gaps;
    final Counter gapBytes;
    final Counter connections;
    final Gauge openConnections;
    final Counter rebalances;
    final Histogram rebalanceDuration;
    final Counter throttleTime;
    final Counter throttledResponses;
    /** Gives the consumer lag series at a scrape (label values in the gauge's order); none until a sink sets it. */
    volatile Consumer<GaugeWithCallback.Callback> consumerLagSeries = cb -> { };
    /** Gives the replication lag series at a scrape; none until a sink sets it. */
    volatile Consumer<GaugeWithCallback.Callback> replicationLagSeries = cb -> { };
    /** The series of {@code kwire_client_telemetry} at a scrape (set by the sink). */
    volatile Consumer<GaugeWithCallback.Callback> clientTelemetrySeries = cb -> { };

    /** Defines the metrics and registers them with {@code registry}. */
    public KwireMetrics(PrometheusRegistry registry) {
        this.registry = registry;
        requests = counter("kwire_requests_total", "Kafka requests (the report's apis[].requests), by API, API version, "
                + "client_id and broker",
                "api", "version", "client_id", "broker");
        responses = counter("kwire_responses_total", "Kafka responses, matched or not (the report's apis[].responses; "
                + "api=\"unknown\" for its responses_without_request), by API, API version, client_id (empty when the "
                + "request was not captured) and broker", "api", "version", "client_id", "broker");
        requestBytes = counter("kwire_request_bytes_total", "Bytes of Kafka request frames (size prefixes included), "
                + "by API", "api");
        responseBytes = counter("kwire_response_bytes_total", "Bytes of Kafka response frames (size prefixes "
                + "included), by API", "api");
        unmatchedRequests = counter("kwire_unmatched_requests_total", "Requests that got no response before their "
                + "connection ended, by API", "api");
        unmatchedResponses = counter("kwire_unmatched_responses_total", "Responses whose request was not captured, "
                + "by API (inferred, or unknown)", "api");
        noResponseExpected = counter("kwire_no_response_expected_requests_total", "Requests the broker does not answer "
                + "(Produce with acks=0), by API, once the analysis tells them apart (until then they count as "
                + "unmatched)", "api");
        latency = Histogram.builder().name("kwire_request_latency_seconds")
                .help("Time from a request's last packet to its response's last packet, by API; long-polls answered empty "
                        + "at their wait time left out as in the report (kwire_long_polls_total; --include-long-polls "
                        + "brings them in); classic buckets " + range(LATENCY_BUCKETS) + ", plus a native histogram")
                .unit(Unit.SECONDS).labelNames("api").classicUpperBounds(LATENCY_BUCKETS).register(registry);
        endToEnd = Histogram.builder().name("kwire_end_to_end_latency_seconds")
                .help("Time from a Produce response that gave a record batch its offsets to the first consumer Fetch "
                        + "response that delivered the batch, by topic (0 if the fetch came first); the report's "
                        + "end_to_end; classic buckets " + range(END_TO_END_BUCKETS))
                .unit(Unit.SECONDS).labelNames("topic").classicUpperBounds(END_TO_END_BUCKETS).register(registry);
        longPolls = counter("kwire_long_polls_total", "Responses that were long-polls answered empty at their wait time "
                + "(Fetch MaxWaitMs, ShareFetch, ...; the report's long_polls): not in the latency histogram unless "
                + "--include-long-polls, by API", "api");
        errors = counter("kwire_errors_total", "Non-zero error codes in responses (every ErrorCode field), by API and "
                + "Kafka's error name (NOT_LEADER_OR_FOLLOWER, ...)", "api", "error");
        producedRecords = counter("kwire_produced_records_total", "Records in Produce requests, by topic", "topic");
        producedBytes = counter("kwire_produced_bytes_total", "Bytes of record batches in Produce requests (as on the "
                + "wire), by topic", "topic");
        fetchedRecords = counter("kwire_fetched_records_total", "Records in Fetch and ShareFetch responses, by topic",
                "topic");
        fetchedBytes = counter("kwire_fetched_bytes_total", "Bytes of record batches in Fetch and ShareFetch responses "
                + "(as on the wire), by topic", "topic");
        crcFailures = counter("kwire_crc_failures_total", "Record batches (and legacy messages) whose CRC did not "
                + "match, by API", "api");
        frames = counter("kwire_frames_total", "Kafka frames, whatever the filters, by direction (request, response)",
                "direction");
        malformedFrames = counter("kwire_malformed_frames_total", "Kafka frames whose size, header or body could not "
                + "be decoded although all their bytes were captured");
        incompleteFrames = counter("kwire_incomplete_frames_total", "Kafka frames the capture lost bytes of");
        expertNotes = counter("kwire_expert_notes_total", "Expert notes on Kafka traffic (the report's expert, without the "
                + "capture's own warnings), by severity and group",
                "severity", "group");
        gaps = counter("kwire_gaps_total", "Gaps in Kafka connections' byte streams (bytes the capture missed), by "
                + "reason (" + reasons() + ")", "reason");
        gapBytes = counter("kwire_gap_bytes_total", "Bytes the capture missed in Kafka connections (the holes "
                + "kwire_gaps_total counts), by reason",
                "reason");
        connections = counter("kwire_connections_total", "TCP connections on broker ports or carrying Kafka, by "
                + "protocol (kafka, tls, other)", "protocol");
        openConnections = Gauge.builder().name("kwire_open_connections").help("TCP connections open now, by protocol "
                + "(kafka, tls, other)").labelNames("protocol").register(registry);
        rebalances = counter("kwire_rebalances_total", "Consumer group rebalances as the report's consumer_groups lists "
                + "them, by group and first cause (member_joined, member_rejoined, member_left, session_timeout, an "
                + "error name, or unknown); counted once final: the next one started, 60 s of capture time passed "
                + "since it ended, or the capture ended", "group", "cause");
        rebalanceDuration = Histogram.builder().name("kwire_rebalance_duration_seconds").help("Durations of the "
                        + "rebalances kwire_rebalances_total counts that ended (start to end, as the report's "
                        + "duration_ms), by group; classic buckets " + range(REBALANCE_BUCKETS))
                .unit(Unit.SECONDS).labelNames("group").classicUpperBounds(REBALANCE_BUCKETS).register(registry);
        throttleTime = Counter.builder().name("kwire_throttle_time_seconds_total").help("ThrottleTimeMs of responses "
                        + "(quota throttling, KIP-219) added up (the report's load throttle.throttle_time_ms), by "
                        + "client_id, API and broker")
                .unit(Unit.SECONDS).labelNames("client_id", "api", "broker").register(registry);
        throttledResponses = counter("kwire_throttled_responses_total", "Responses with ThrottleTimeMs above 0 (the "
                + "report's load throttle.throttled), by client_id, API and broker", "client_id", "api", "broker");
        GaugeWithCallback.builder().name("kwire_consumer_lag_records").help("Consumer lag in records, by kind: fetch "
                        + "(a consumer's FetchOffset behind the high watermark, or the last stable offset for "
                        + "read_committed, at its last Fetch response; by client_id and the group it is tied to) or "
                        + "committed (a group's last committed offset behind the partition's last high watermark; by "
                        + "group), topic and partition; the report's consumer_lag fetch[].last and committed[].lag")
                .labelNames("kind", "group", "client_id", "topic", "partition")
                .callback(cb -> consumerLagSeries.accept(cb)).register(registry);
        GaugeWithCallback.builder().name("kwire_replication_lag_records").help("Follower lag in records: a follower's "
                        + "(or a KRaft metadata log fetcher's) FetchOffset behind the leader's high watermark at its last "
                        + "Fetch response, by leader broker, follower replica_id, topic and partition (the report's "
                        + "replication followers[].lag[].last, and metadata_log's)")
                .labelNames("broker", "replica_id", "topic", "partition")
                .callback(cb -> replicationLagSeries.accept(cb)).register(registry);
        GaugeWithCallback.builder().name("kwire_client_telemetry").help("Clients' own metrics as they pushed them "
                        + "(KIP-714 PushTelemetry, OTLP): the latest value of each gauge and sum data point, by client_id, "
                        + "client_instance_id, metric name and data point attributes (key=value,...); at most "
                        + TelemetryMetrics.MAX_SERIES + " series, the first seen; latest by the point's time, as the "
                        + "report's client_telemetry; histograms and summaries, NaN and infinite values left out; expired with "
                        + "--metrics-expire")
                .labelNames("client_id", "client_instance_id", "metric", "attributes")
                .callback(cb -> clientTelemetrySeries.accept(cb)).register(registry);
        for (String p : new String[] {"kafka", "tls", "other"}) {
            openConnections.labelValues(p).set(0);
            connections.labelValues(p);
        }
        frames.labelValues("request");
        frames.labelValues("response");
        malformedFrames.inc(0);
        incompleteFrames.inc(0);
    }

    /** A histogram's classic buckets in words: {@code 0.0005 s to 30 s}. */
    private static String range(double[] buckets) {
        return seconds(buckets[0]) + " to " + seconds(buckets[buckets.length - 1]);
    }

    private static String seconds(double s) {
        return java.math.BigDecimal.valueOf(s).stripTrailingZeros().toPlainString() + " s";
    }

    /** The reasons of gaps, as their label values. */
    private static String reasons() {
        java.util.List<String> labels = new java.util.ArrayList<>();
        for (org.kwire.stream.GapCause c : org.kwire.stream.GapCause.values()) {
            labels.add(c.label());
        }
        return String.join(", ", labels);
    }

    private Counter counter(String name, String help, String... labels) {
        return Counter.builder().name(name).help(help).labelNames(labels).register(registry);
    }

    /** The registry the metrics are in. */
    public PrometheusRegistry registry() {
        return registry;
    }
}
