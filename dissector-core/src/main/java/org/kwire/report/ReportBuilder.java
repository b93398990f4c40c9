package org.kwire.report;

import org.kwire.conversation.KafkaConversation;
import org.kwire.expert.ExpertGroup;
import org.kwire.expert.ExpertNote;
import org.kwire.expert.Severity;
import org.kwire.frame.KafkaFrame;
import org.kwire.protocol.KafkaRequestHeader;
import org.kwire.schema.SchemaRegistry;
import org.kwire.summary.ExchangeSink;
import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.FrameSummary;
import org.kwire.summary.TopicNames;
import org.kwire.summary.WaitClassifier;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Aggregates exchanges into a {@link Report}: per-API counts, versions, latency, bytes and error codes; per-connection,
 * per-topic and per-partition counters; record batches; the slowest exchanges (long-polls that waited in vain apart);
 * requests per second; records and bytes per topic over time; the sections of {@link ReportSections} (clients,
 * readiness, brokers, transactions, end-to-end latency);
 * expert-note counts and the first warnings. Memory is bounded by the numbers of APIs, connections, clients,
 * partitions and seconds, not by the number of frames.
 */
public final class ReportBuilder implements ExchangeSink {

    /** Warnings listed in the report; further ones are only counted. */
    public static final int MAX_WARNINGS = 200;
    /** Topics listed per error code of an API. */
    public static final int MAX_TOPICS_PER_ERROR = 20;
    /** CRC failures and partial batches listed; further ones are only counted. */
    public static final int MAX_LISTED = 1000;
    /** Default number of slowest exchanges listed. */
    public static final int DEFAULT_SLOWEST = 10;

    private final SchemaRegistry schemas;
    private ReportFilter filter;
    private final TopicNames topics;
    private final ReportOptions options;
    private final TopicPartitions partitions;
    private final boolean includeLongPolls;
    private final WaitClassifier waits = new WaitClassifier();
    private final ReportSections sections;
    private final org.kwire.groups.GroupAccumulator groups = new org.kwire.groups.GroupAccumulator();
    private final Map<Integer, ApiAccumulator> apis = new TreeMap<>();
    private final Map<Integer, ConnectionTally> connections = new TreeMap<>();
    private final Map<String, long[]> topicErrors = new TreeMap<>();
    /** Requests naming each topic (by name, or id if the request named it so), by API. */
    private final Map<String, Map<String, Long>> topicRequests = new TreeMap<>();
    private final SlowestExchanges slowest;
    private final RequestRateAccumulator rate = new RequestRateAccumulator();
    private final Map<String, Long> expert = new TreeMap<>();
    private final List<NoteEntry> warnings = new ArrayList<>();
    private final RecordSets recordSets;
    private final TlsAccumulator tls = new TlsAccumulator();
    private final ReplicationAccumulator replication = new ReplicationAccumulator();
    private final LoadAccumulator load = new LoadAccumulator();
    private long warningsOmitted;
    private long frames;
    private long malformedFrames;
    private long incompleteFrames;
    private long responsesWithoutRequest;

    /**
     * @param schemas      names the APIs
     * @param topics       topic names learned from the capture (shared with the frame summarizer)
     * @param slowestCount how many of the slowest exchanges to list
     */
    public ReportBuilder(SchemaRegistry schemas, TopicNames topics, int slowestCount) {
        this(schemas, topics, ReportOptions.defaults(slowestCount));
    }

    /**
     * @param schemas names the APIs; its releases answer the readiness check
     * @param topics  topic names learned from the capture (shared with the frame summarizer)
     * @param options slowest exchanges listed, long-polls, the target release of the readiness check
     * @throws IllegalArgumentException if kwire bundles no schemas of {@code options.targetKafka()}
     */
    public ReportBuilder(SchemaRegistry schemas, TopicNames topics, ReportOptions options) {
        this.schemas = schemas;
        this.topics = topics;
        this.options = options;
        this.partitions = new TopicPartitions(topics);
        this.recordSets = new RecordSets(partitions, topics);
        this.slowest = new SlowestExchanges(options.slowest());
        this.includeLongPolls = options.includeLongPolls();
        this.sections = new ReportSections(schemas, topics, options.targetKafka(), this::note);
    }

    @Override
    public void onConversation(KafkaConversation c) {
        connection(c);
    }

    /** Every frame counts in the capture facts, whatever the filter keeps. */
    @Override
    public void onRequestFrame(KafkaConversation conversation, KafkaFrame frame, KafkaRequestHeader header, FrameSummary summary) {
        frameFacts(summary);
    }

    @Override
    public void onResponseFrame(ExchangeSummary exchange, KafkaFrame frame) {
        frameFacts(exchange.response());
        sections.onResponseFrame(exchange, frame);
    }

    /** A frame's place in the capture facts: counted, complete or not, malformed or not, its problems noted. */
    private void frameFacts(FrameSummary s) {
        frames++;
        if (!s.complete()) {
            incompleteFrames++;
        }
        if (s.malformed()) {
            malformedFrames++;
        }
        s.problems().forEach(this::note);
    }

    /**
     * Lists a connection on a broker port that does not carry Kafka.
     *
     * @param protocol {@code "tls"}, {@code "unknown"} or {@code "empty"}
     */
    public void addOtherConnection(int stream, String client, String broker, String protocol) {
        connections.putIfAbsent(stream, new ConnectionTally(stream, client, broker, protocol));
    }

    /** The TLS section's collector: facts of TLS connections go there. */
    public TlsAccumulator tls() {
        return tls;
    }

    @Override
    public void onExchange(ExchangeSummary e) {
        ConnectionTally c = connection(e.conversation());
        KafkaRequestHeader h = e.requestHeader();
        sections.onExchange(e);
        groups.onExchange(e);
        String apiName = e.apiKey() < 0 ? null : schemas.apiName(e.apiKey());
        replication.onExchange(e, apiName);
        load.onExchange(e, apiName);
        if (h != null) {
            int bytes = e.request().frame().length();
            api(h.apiKey()).request(h.apiVersion(), bytes);
            c.requests++;
            c.bytesFromClient += bytes;
            if (h.clientId() != null) {
                c.clientIds.add(h.clientId());
            }
            rate.add(apiName, e.request().frame().lastTimestampNanos());
            partitionRequests(e, apiName);
            recordSets.add(e.request(), apiName);
            ProduceOutcome.count(e, partitions);
        }
        if (e.response() == null) {
            if (e.exchange().request().responseExpected()) {
                api(h.apiKey()).unmatchedRequest();
            } else {
                api(h.apiKey()).noResponseExpected();
            }
            return;
        }
        int bytes = e.response().frame().length();
        c.responses++;
        c.bytesFromBroker += bytes;
        if (e.apiKey() < 0) {
            responsesWithoutRequest++;
            return;
        }
        ApiAccumulator api = api(e.apiKey());
        WaitClassifier.Wait wait = waits.classify(e);
        boolean apart = wait.longPoll() && !includeLongPolls; // waiting for data that did not come is not slowness
        api.response(bytes, apart ? -1 : e.latencyMicros());
        if (wait.longPoll()) {
            api.longPoll();
        }
        if (h == null) {
            api.unmatchedResponse();
        } else if (!apart) {
            slowest.offer(e, apiName, wait, waits.unresolvedGroup(e));
        }
        api.errorResponse(e.response().errors());
        for (FrameSummary.ErrorRef err : e.response().errors()) {
            String topic = topics.display(err.topic(), err.topicId());
            api.error(err.code(), topic, e.response().frame().lastPacket());
            if (topic != null) {
                topicErrors.computeIfAbsent(topic, t -> new long[1])[0]++;
            }
        }
        recordSets.add(e.response(), apiName);
    }

    /**
     * The topic-partitions a request names, counted per partition; and once per topic, every topic its exchange names
     * anywhere (request or response: the exchanges {@code --topic} keeps).
     */
    private void partitionRequests(ExchangeSummary e, String apiName) {
        Set<String> topicKeys = new LinkedHashSet<>();
        for (FrameSummary.PartitionRef p : e.request().partitions()) {
            partitions.entry(p.topic(), p.topicId(), p.partition()).requests.merge(apiName, 1L, Long::sum);
            topicKeys.add(p.topic() != null ? p.topic() : p.topicId());
        }
        for (FrameSummary s : new FrameSummary[] {e.request(), e.response()}) {
            for (FrameSummary.TopicRef t : s == null ? List.<FrameSummary.TopicRef>of() : s.topics()) {
                topicKeys.add(t.name() != null ? t.name() : t.topicId());
            }
        }
        for (String t : topicKeys) {
            topicRequests.computeIfAbsent(t, k -> new TreeMap<>()).merge(apiName, 1L, Long::sum);
        }
    }

    @Override
    public void onLeftOut(ExchangeSummary e) {
        sections.onLeftOut(e);
    }

    @Override
    public void onNote(KafkaConversation conversation, ExpertNote note) {
        if (note.group() == ExpertGroup.MALFORMED) {
            malformedFrames++; // a header or size prefix that could not be decoded
        }
        note(note);
    }

    /**
     * Counts an expert note by its item's id; warnings and errors are also listed, the first {@link #MAX_WARNINGS} by
     * frame (a note is raised when the stream stage or an exchange decides it, which may be after a later frame's).
     */
    public void note(ExpertNote note) {
        expert.merge(note.item().id(), 1L, Long::sum);
        if (note.severity().compareTo(Severity.WARNING) >= 0) {
            if (Sequences.add(warnings, new NoteEntry(note), NoteEntry::frame, MAX_WARNINGS)) {
                warningsOmitted++;
            }
        }
    }

    /**
     * The report so far: its {@link #part(long, int)} built with this analysis's own frame and stream numbers.
     *
     * @param capture facts about the input that only the packet reader knows; the frame counts are filled in here
     */
    public Report build(CaptureSummary capture) {
        return PartReport.build(part(capture.packets(), (int) capture.tcpConnections()), schemas, capture,
                FrameNumbering.IDENTITY).withFilter(filter);
    }

    /** Bounds the internal topics' records the report reads ({@code --max-decompressed}); before the first frame. */
    public void records(org.kwire.records.RecordsOptions o) {
        sections.records(o);
    }

    /** The filter this report's exchanges passed (null: none), recorded in the report ({@link ReportFilter}). */
    public void filter(ReportFilter f) {
        this.filter = f;
    }

    /**
     * The mergeable state so far, of one slice ({@link ReportPart}).
     *
     * @param packets packets of the slice (frames numbered 1 to {@code packets})
     * @param streams TCP connections of the slice (streams numbered 0 to {@code streams - 1})
     */
    public ReportPart part(long packets, int streams) {
        List<ApiPart> apiParts = new ArrayList<>();
        apis.values().forEach(a -> apiParts.add(a.part()));
        List<ConnectionPart> conns = new ArrayList<>();
        connections.values().forEach(c -> conns.add(new ConnectionPart(c.stream, c.client, c.broker, c.protocol,
                List.copyOf(c.clientIds), c.requests, c.responses, c.bytesFromClient, c.bytesFromBroker)));
        Map<String, Long> errors = new TreeMap<>();
        topicErrors.forEach((t, n) -> errors.put(t, n[0]));
        Map<String, Map<String, Long>> requests = new TreeMap<>();
        topicRequests.forEach((t, m) -> requests.put(t, new TreeMap<>(m)));
        return new ReportPart(options.slowest(), includeLongPolls, options.targetKafka(),
                List.of(new ReportPart.Slice(packets, streams)), Map.of(), List.copyOf(apiParts), responsesWithoutRequest,
                frames, malformedFrames, incompleteFrames, List.copyOf(conns), errors, requests, partitions.parts(),
                List.copyOf(recordSets.crcFailures), recordSets.crcFailuresOmitted, List.copyOf(recordSets.partialBatches),
                recordSets.partialBatchesOmitted, recordSets.topicRate.part(), slowest.list(), rate.part(),
                new TreeMap<>(expert), List.copyOf(warnings), warningsOmitted, sections.clients(), sections.brokers(),
                sections.transactions(), tls.part(), topics.known(), new GroupWaits(waits.rebalanceTimeouts(), slowest.unresolved()),
                groups.part(),
                replication.part(), load.part(), sections.deliveries(), sections.internalRecords(), sections.telemetry(),
                sections.schemaIds());
    }

    private ApiAccumulator api(int apiKey) {
        return apis.computeIfAbsent(apiKey, ApiAccumulator::new);
    }

    private ConnectionTally connection(KafkaConversation c) {
        return connections.computeIfAbsent(c.id(), k -> new ConnectionTally(c.id(), c.client(), c.broker(), "kafka"));
    }
}
