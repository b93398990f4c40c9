package org.kwire.metrics;

import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import org.kwire.conversation.KafkaConversation;
import org.kwire.delivery.DeliveryTracker;
import org.kwire.expert.ExpertGroup;
import org.kwire.expert.ExpertNote;
import org.kwire.frame.KafkaFrame;
import org.kwire.protocol.ErrorCodes;
import org.kwire.protocol.KafkaRequestHeader;
import org.kwire.report.GroupTies;
import org.kwire.report.LagFacts;
import org.kwire.report.ThrottleStats;
import org.kwire.schema.Direction;
import org.kwire.schema.SchemaRegistry;
import org.kwire.summary.ExchangeSink;
import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.FrameSummary;
import org.kwire.summary.TopicNames;
import org.kwire.summary.WaitClassifier;

import java.util.function.LongSupplier;

/**
 * Counts the analysis into {@link KwireMetrics}, as the report counts it ({@code ReportBuilder}): requests and
 * responses of the exchanges the filter keeps, by API, version, client_id and broker; latency (long-polls answered
 * empty at their wait time counted apart, as in the report); error codes; records
 * and bytes per topic; end-to-end latency per topic (the report's pairing, {@link DeliveryTracker}); CRC failures;
 * and every frame and note, whatever the filter; throttle time (the {@code load} section's
 * {@link ThrottleStats#ofResponse}); rebalances ({@link GroupMetrics}); and the facts of the lag gauges
 * ({@link LagMetrics}); clients' own pushed metrics ({@link TelemetryMetrics}), from the same summaries as the report (no frame is decoded twice). Client ids, topics,
 * brokers, groups and replica ids go through {@link LabelLimiter}s ({@link MetricsLimits}). Topic ids are shown by
 * name once the capture named them (Metadata, ...), else as the id. Its methods are synchronized: the analysis thread
 * counts while a timer {@link #expire expires} labels and the scraping thread reads the lag gauges.
 */
public final class MetricsSink implements ExchangeSink {

    /** The label of an API, version or client_id that is not known (a response without its request). */
    static final String UNKNOWN = "unknown";
    /** Series of {@code kwire_client_telemetry} at most (a fixed cap: the first seen). */
    public static final int CLIENT_TELEMETRY_SERIES = TelemetryMetrics.MAX_SERIES;

    private final KwireMetrics m;
    private final SchemaRegistry schemas;
    private final TopicNames topics;
    private final LabelLimiter clients;
    private final LabelLimiter brokers;
    private final LabelLimiter topicLabels;
    private final Labels labels;
    private final LagMetrics lag;
    private final TelemetryMetrics telemetry;
    private final GroupMetrics groups;
    private final LongSupplier clock;
    private final long expireNanos;
    private final WaitClassifier waits = new WaitClassifier();
    private final boolean includeLongPolls;
    private final DeliveryTracker deliveries;

    /**
     * @param metrics the instruments
     * @param schemas names the APIs
     * @param topics  topic names learned from the capture
     * @param limits  label bounds and expiry
     * @param includeLongPolls whether long-polls answered empty at their wait time count in the latency histogram
     *                (as the report's {@code --include-long-polls}); they are always counted in
     *                {@code kwire_long_polls_total}
     */
    public MetricsSink(KwireMetrics metrics, SchemaRegistry schemas, TopicNames topics, MetricsLimits limits,
            boolean includeLongPolls) {
        this.m = metrics;
        this.includeLongPolls = includeLongPolls;
        this.schemas = schemas;
        this.topics = topics;
        this.clock = limits.clock();
        long expire = limits.expireSeconds() * 1_000_000_000L;
        this.expireNanos = expire;
        this.clients = new LabelLimiter(limits.clients(), expire, limits.clock(), v -> {
            m.requests.removeIf(l -> l.get(2).equals(v));
            m.responses.removeIf(l -> l.get(2).equals(v));
            m.throttleTime.removeIf(l -> l.get(0).equals(v));
            m.throttledResponses.removeIf(l -> l.get(0).equals(v));
        });
        this.brokers = new LabelLimiter(limits.brokers(), expire, limits.clock(), v -> {
            m.requests.removeIf(l -> l.get(3).equals(v));
            m.responses.removeIf(l -> l.get(3).equals(v));
            m.throttleTime.removeIf(l -> l.get(2).equals(v));
            m.throttledResponses.removeIf(l -> l.get(2).equals(v));
        });
        this.topicLabels = new LabelLimiter(limits.topics(), expire, limits.clock(), v -> {
            m.producedRecords.remove(v);
            m.producedBytes.remove(v);
            m.fetchedRecords.remove(v);
            m.fetchedBytes.remove(v);
            m.endToEnd.remove(v);
        });
        this.deliveries = new DeliveryTracker(topics, (topic, micros) -> {
            String name = topics.display(null, topic);
            m.endToEnd.labelValues(topicLabels.label(name == null ? "" : name, 1)).observe(micros / 1e6);
        });
        LabelLimiter groupLabels = new LabelLimiter(limits.groups(), expire, limits.clock(), v -> {
            m.rebalances.removeIf(l -> l.get(0).equals(v));
            m.rebalanceDuration.remove(v);
        });
        LabelLimiter replicas = new LabelLimiter(limits.brokers(), expire, limits.clock(), v -> { });
        this.labels = new Labels(clients, topicLabels, brokers, groupLabels, replicas);
        GroupTies ties = new GroupTies(LagMetrics.MAX_SERIES);
        this.lag = new LagMetrics(ties, topics, labels, limits.clock());
        this.groups = new GroupMetrics(metrics, groupLabels, ties);
        m.consumerLagSeries = this::consumerLag;
        m.replicationLagSeries = this::replicationLag;
        this.telemetry = new TelemetryMetrics(labels);
        m.clientTelemetrySeries = this::clientTelemetry;
    }

    private synchronized void clientTelemetry(GaugeWithCallback.Callback cb) {
        telemetry.series(cb);
    }

    private synchronized void consumerLag(GaugeWithCallback.Callback cb) {
        lag.consumerLag(cb);
    }

    private synchronized void replicationLag(GaugeWithCallback.Callback cb) {
        lag.replicationLag(cb);
    }

    @Override
    public synchronized void onRequestFrame(KafkaConversation c, KafkaFrame frame, KafkaRequestHeader header, FrameSummary s) {
        frame("request", s);
    }

    @Override
    public synchronized void onResponseFrame(ExchangeSummary exchange, KafkaFrame frame) {
        frame("response", exchange.response());
    }

    private void frame(String direction, FrameSummary s) {
        m.frames.labelValues(direction).inc();
        if (!s.complete()) {
            m.incompleteFrames.inc();
        }
        if (s.malformed()) {
            m.malformedFrames.inc();
        }
        s.problems().forEach(this::note);
    }

    @Override
    public synchronized void onNote(KafkaConversation conversation, ExpertNote note) {
        if (note.group() == ExpertGroup.MALFORMED) {
            m.malformedFrames.inc(); // a header or size prefix that could not be decoded, as the report counts it
        }
        note(note);
    }

    private void note(ExpertNote note) {
        m.expertNotes.labelValues(note.severity().label(), note.group().label()).inc();
    }

    @Override
    public synchronized void onExchange(ExchangeSummary e) {
        LagFacts.read(e, lag);
        telemetry.onExchange(e, clock.getAsLong());
        groups.onExchange(e);
        deliveries.onExchange(e);
        KafkaRequestHeader h = e.requestHeader();
        String api = e.apiKey() < 0 ? UNKNOWN : schemas.apiName(e.apiKey());
        String version = e.apiKey() < 0 ? UNKNOWN : String.valueOf(e.exchange().apiVersion());
        String client = h == null ? "" : h.clientId() == null ? "" : h.clientId();
        int bytes = (e.request() == null ? 0 : e.request().frame().length())
                + (e.response() == null ? 0 : e.response().frame().length());
        String clientLabel = h == null ? "" : clients.label(client, bytes);
        String broker = brokers.label(e.conversation().broker(), bytes);
        if (h != null) {
            m.requests.labelValues(api, version, clientLabel, broker).inc();
            m.requestBytes.labelValues(api).inc(e.request().frame().length());
            records(e.request(), api);
        }
        if (e.response() == null) {
            (noResponseExpected(e) ? m.noResponseExpected : m.unmatchedRequests).labelValues(api).inc();
            return;
        }
        m.responses.labelValues(api, version, clientLabel, broker).inc();
        if (h == null) {
            m.unmatchedResponses.labelValues(api).inc();
        }
        if (e.apiKey() < 0) {
            return; // counted apart by the report (responses_without_request): no bytes, errors or records by API
        }
        m.responseBytes.labelValues(api).inc(e.response().frame().length());
        int throttleMs = ThrottleStats.ofResponse(e);
        if (throttleMs > 0) { // counted only once throttled: no series for the clients never throttled
            m.throttleTime.labelValues(clientLabel, api, broker).inc(throttleMs / 1000.0);
            m.throttledResponses.labelValues(clientLabel, api, broker).inc();
        }
        boolean longPoll = h != null && waits.classify(e).longPoll();
        if (longPoll) {
            m.longPolls.labelValues(api).inc();
        }
        if (e.latencyMicros() >= 0 && (!longPoll || includeLongPolls)) { // waiting for data that did not come is not slowness
            m.latency.labelValues(api).observe(e.latencyMicros() / 1e6);
        }
        for (FrameSummary.ErrorRef err : e.response().errors()) {
            m.errors.labelValues(api, ErrorCodes.name(err.code())).inc();
        }
        records(e.response(), api);
    }

    /**
     * Whether a request without response is one the broker never answers (Produce with acks=0, as the conversation
     * stage found from the request's Acks field) rather than an unanswered one; the report counts them apart too.
     */
    static boolean noResponseExpected(ExchangeSummary e) {
        return e.exchange().request() != null && !e.exchange().request().responseExpected();
    }

    private void records(FrameSummary s, String api) {
        boolean produce = s.direction() == Direction.REQUEST;
        for (FrameSummary.RecordsRef r : s.records()) {
            long bytes = r.summary().bytesCompressed();
            String name = topics.display(r.topic(), r.topicId());
            String topic = topicLabels.label(name == null ? "" : name, bytes);
            (produce ? m.producedRecords : m.fetchedRecords).labelValues(topic).inc(r.summary().records());
            (produce ? m.producedBytes : m.fetchedBytes).labelValues(topic).inc(bytes);
            if (r.summary().crcInvalid() > 0) {
                m.crcFailures.labelValues(api).inc(r.summary().crcInvalid());
            }
        }
    }

    /**
     * Expires the client ids, brokers, topics, groups and replica ids not seen for a while, and the lags not updated
     * for a while (call now and then; traffic also does).
     */
    public synchronized void expire() {
        long now = clock.getAsLong();
        labels.expire(now);
        if (expireNanos > 0) {
            lag.expire(now - expireNanos);
            telemetry.expire(now - expireNanos);
        }
    }

    /** The analysis ended (a saved capture's, before its metrics are written): open rebalances that ended are timed. */
    public synchronized void finish() {
        groups.finish();
    }
}
