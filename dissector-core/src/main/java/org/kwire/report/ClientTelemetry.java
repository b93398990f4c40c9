package org.kwire.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The report's {@code client_telemetry}: what clients pushed of their own metrics (KIP-714, PushTelemetry's OTLP
 * MetricsData) and the subscription the broker gave them (GetTelemetrySubscriptions), per client. Serialized with
 * snake_case names; described by {@code docs/report.schema.json}.
 *
 * @param clients       per client, by address, client_id and instance id
 * @param pushesLeftOut pushes of clients past the first {@link ClientTelemetryPart#MAX_CLIENTS}, not listed
 * @param pointsLeftOut data points of series past the first {@link ClientTelemetryPart#MAX_SERIES}, not listed
 */
public record ClientTelemetry(List<Client> clients, long pushesLeftOut, long pointsLeftOut) {

    /**
     * One client instance.
     *
     * @param clientId            client_id of its requests
     * @param clientInstanceId    its {@code ClientInstanceId} (Kafka's uuid notation)
     * @param address             its address (as the {@code clients} section names it)
     * @param softwareName        client software its ApiVersions requests named (KIP-511), or null
     * @param softwareVersion     its version, or null
     * @param subscription        the last subscription it got, or null if none was captured
     * @param pushes              PushTelemetry requests
     * @param terminatingPushSeen one of them was {@code Terminating} (the client was closing)
     * @param lastPush            capture time of its last push, ISO-8601 UTC; null if none
     * @param payloadProblems     pushes whose metrics were not decoded (see the expert notes)
     * @param metrics             its metrics by name, each with the latest point of each set of attributes
     */
    public record Client(String clientId, String clientInstanceId, String address, String softwareName,
                         String softwareVersion, Subscription subscription, long pushes, boolean terminatingPushSeen,
                         String lastPush, long payloadProblems, List<Metric> metrics) {
    }

    /**
     * A GetTelemetrySubscriptions response.
     *
     * @param subscriptionId           its id
     * @param errorCode                its error code (0: none)
     * @param requestedMetrics         metric name prefixes requested ({@code ""}: all; none: no metrics)
     * @param pushIntervalMs           push interval, ms
     * @param acceptedCompressionTypes codecs the broker accepts, in its order of preference
     * @param telemetryMaxBytes        most bytes of one push's metrics
     * @param deltaTemporality         sums as deltas rather than cumulative
     * @param time                     capture time of the response, ISO-8601 UTC
     */
    public record Subscription(int subscriptionId, int errorCode, List<String> requestedMetrics, int pushIntervalMs,
                               List<String> acceptedCompressionTypes, int telemetryMaxBytes, boolean deltaTemporality,
                               String time) {
    }

    /**
     * One metric.
     *
     * @param name   as pushed
     * @param type   {@code gauge}, {@code sum}, {@code histogram}, {@code exponential_histogram}, {@code summary} or
     *               {@code none}
     * @param unit   its unit ({@code ""} if none)
     * @param points the latest point of each set of attributes, by attributes
     */
    public record Metric(String name, String type, String unit, List<Point> points) {
    }

    /**
     * The latest data point of one set of attributes.
     *
     * @param attributes   its attributes
     * @param value        a gauge's or sum's value; null for histograms and summaries
     * @param count        a histogram's or summary's count; null for gauges and sums
     * @param sum          a histogram's or summary's sum; null for gauges and sums, or if it had none
     * @param timeUnixNano the point's {@code time_unix_nano} (the client's clock), epoch ns
     * @param time         the same, ISO-8601 UTC
     * @param pointsPushed data points of this series pushed in all
     */
    public record Point(Map<String, String> attributes, Double value, Long count, Double sum, long timeUnixNano,
                        String time, long pointsPushed) {
    }

    static ClientTelemetry of(ClientTelemetryPart p, org.kwire.groups.GroupReplay.Software software) {
        List<Client> clients = new ArrayList<>();
        for (TelemetryClientPart c : p.clients()) {
            String[] sw = software == null ? null : software.of(c.address(), c.clientId());
            Map<String, List<TelemetrySeriesPart>> byMetric = new TreeMap<>();
            c.series().forEach(s -> byMetric.computeIfAbsent(s.metric(), k -> new ArrayList<>()).add(s));
            List<Metric> metrics = new ArrayList<>();
            byMetric.forEach((name, series) -> {
                TelemetrySeriesPart newest = series.stream().max(java.util.Comparator.comparingLong(TelemetrySeriesPart::timeUnixNano))
                        .orElseThrow();
                metrics.add(new Metric(name, newest.type(), newest.unit(), series.stream()
                        .map(s -> new Point(s.attributes(), s.value(), s.count(), s.sum(), s.timeUnixNano(),
                                SeenSpan.iso(s.timeUnixNano()), s.points())).toList()));
            });
            TelemetryClientPart.Subscription s = c.subscription();
            clients.add(new Client(c.clientId(), c.clientInstanceId(), c.address(), sw == null ? null : sw[0],
                    sw == null ? null : sw[1], s == null ? null : new Subscription(s.subscriptionId(), s.errorCode(),
                    s.requestedMetrics(), s.pushIntervalMs(), s.acceptedCompression(), s.telemetryMaxBytes(),
                    s.deltaTemporality(), SeenSpan.iso(s.timeNanos())), c.pushes(), c.terminating(),
                    SeenSpan.iso(c.lastPushNanos()), c.payloadProblems(), List.copyOf(metrics)));
        }
        return new ClientTelemetry(List.copyOf(clients), p.pushesLeftOut(), p.pointsLeftOut());
    }
}
