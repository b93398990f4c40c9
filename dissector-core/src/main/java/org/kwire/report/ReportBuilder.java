package org.kwire.report;

import org.kwire.conversation.KafkaConversation;
import org.kwire.expert.ExpertNote;
import org.kwire.expert.Severity;
import org.kwire.frame.KafkaFrame;
import org.kwire.frame.FrameInfo;
import org.kwire.protocol.RequestHeader;
import org.kwire.records.CrcFailure;
import org.kwire.records.PartialBatch;
import org.kwire.schema.Direction;
import org.kwire.schema.SchemaRegistry;
import org.kwire.summary.ExchangeSink;
import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.FrameSummary;
import org.kwire.summary.TopicNames;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeMap;

/**
 * Aggregates exchanges into a {@link Report}: per-API counts, versions, latency, bytes and error codes; per-connection,
 * per-client_id, per-topic and per-partition counters; record batches; the slowest exchanges; requests per second;
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
    private final TopicNames topics;
    private final TopicPartitions partitions;
    private final int slowestCount;
    private final Map<Integer, ApiAccumulator> apis = new TreeMap<>();
    private final Map<Integer, Connection> connections = new TreeMap<>();
    private final Map<String, Client> clients = new TreeMap<>();
    private final Map<String, long[]> topicErrors = new TreeMap<>();
    /** Requests naming each topic (by name, or id if the request named it so), by API. */
    private final Map<String, Map<String, Long>> topicRequests = new TreeMap<>();
    private final PriorityQueue<SlowExchange> slowest = new PriorityQueue<>(Comparator.comparingLong(SlowExchange::latencyUs));
    private final RequestRateAccumulator rate = new RequestRateAccumulator();
    private final Map<String, Long> expert = new TreeMap<>();
    private final List<String> warnings = new ArrayList<>();
    private final List<CrcFailureEntry> crcFailures = new ArrayList<>();
    private final List<PartialBatchEntry> partialBatches = new ArrayList<>();
    private final TlsAccumulator tls = new TlsAccumulator();
    private long warningsOmitted;
    private long crcFailuresOmitted;
    private long partialBatchesOmitted;
    private long frames;
    private long malformedFrames;
    private long incompleteFrames;
    private long responsesWithoutRequest;

    private static final class Connection {
        final int stream;
        final String client;
        final String broker;
        final String protocol;
        final Set<String> clientIds = new LinkedHashSet<>();
        long requests;
        long responses;
        long bytesFromClient;
        long bytesFromBroker;

        Connection(int stream, String client, String broker, String protocol) {
            this.stream = stream;
            this.client = client;
            this.broker = broker;
            this.protocol = protocol;
        }
    }

    private static final class Client {
        final Set<Integer> streams = new LinkedHashSet<>();
        final Map<String, Long> apis = new TreeMap<>();
        long requests;
        long responses;
        long requestBytes;
        long responseBytes;
        long errors;
    }

    /**
     * @param schemas      names the APIs
     * @param topics       topic names learned from the capture (shared with the frame summarizer)
     * @param slowestCount how many of the slowest exchanges to list
     */
    public ReportBuilder(SchemaRegistry schemas, TopicNames topics, int slowestCount) {
        this.schemas = schemas;
        this.topics = topics;
        this.partitions = new TopicPartitions(topics);
        this.slowestCount = slowestCount;
    }

    @Override
    public void onConversation(KafkaConversation c) {
        connection(c);
    }

    /** Every frame counts in the capture facts, whatever the filter keeps. */
    @Override
    public void onRequestFrame(KafkaConversation conversation, KafkaFrame frame, RequestHeader header, FrameSummary summary) {
        frameFacts(summary);
    }

    @Override
    public void onResponseFrame(ExchangeSummary exchange, KafkaFrame frame) {
        frameFacts(exchange.response());
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
        connections.putIfAbsent(stream, new Connection(stream, client, broker, protocol));
    }

    /** The TLS section's collector: facts of TLS connections go there. */
    public TlsAccumulator tls() {
        return tls;
    }

    @Override
    public void onExchange(ExchangeSummary e) {
        Connection c = connection(e.conversation());
        RequestHeader h = e.requestHeader();
        Client client = h == null ? null : clients.computeIfAbsent(String.valueOf(h.clientId()), k -> new Client());
        String apiName = e.apiKey() < 0 ? null : schemas.apiName(e.apiKey());
        if (h != null) {
            int bytes = e.request().frame().length();
            api(h.apiKey()).request(h.apiVersion(), bytes);
            c.requests++;
            c.bytesFromClient += bytes;
            if (h.clientId() != null) {
                c.clientIds.add(h.clientId());
            }
            client.streams.add(c.stream);
            client.requests++;
            client.requestBytes += bytes;
            client.apis.merge(apiName, 1L, Long::sum);
            rate.add(apiName, e.request().frame().lastTimestampNanos());
            partitionRequests(e.request(), apiName);
            records(e.request(), apiName);
        }
        if (e.response() == null) {
            api(h.apiKey()).unmatchedRequest();
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
        api.response(bytes, e.latencyMicros());
        if (h == null) {
            api.unmatchedResponse();
        } else {
            client.responses++;
            client.responseBytes += bytes;
            client.errors += e.response().errors().size();
            slowest(e, apiName);
        }
        for (FrameSummary.ErrorRef err : e.response().errors()) {
            String topic = topics.display(err.topic(), err.topicId());
            api.error(err.code(), topic);
            if (topic != null) {
                topicErrors.computeIfAbsent(topic, t -> new long[1])[0]++;
            }
        }
        records(e.response(), apiName);
    }

    /** The topic-partitions a request names: counted per partition, and once per topic. */
    private void partitionRequests(FrameSummary s, String apiName) {
        Set<String> topicKeys = new LinkedHashSet<>();
        for (FrameSummary.PartitionRef p : s.partitions()) {
            partitions.entry(p.topic(), p.topicId(), p.partition()).requests.merge(apiName, 1L, Long::sum);
            topicKeys.add(p.topic() != null ? p.topic() : p.topicId());
        }
        for (String t : topicKeys) {
            topicRequests.computeIfAbsent(t, k -> new TreeMap<>()).merge(apiName, 1L, Long::sum);
        }
    }

    /** The record sets of a frame: per-partition record stats, CRC failures, partial batches. */
    private void records(FrameSummary s, String apiName) {
        for (FrameSummary.RecordsRef r : s.records()) {
            TopicPartitions.Entry entry = partitions.entry(r.topic(), r.topicId(), r.partition());
            boolean produce = s.direction() == Direction.REQUEST;
            (produce ? entry.produce : entry.fetch).add(r.summary());
            entry.hasProduce |= produce;
            entry.hasFetch |= !produce;
            entry.crcValid += r.summary().crcValid();
            entry.crcInvalid += r.summary().crcInvalid();
            String topic = topics.display(r.topic(), r.topicId());
            long frame = s.frame().lastPacket();
            for (CrcFailure f : r.summary().crcFailures()) {
                if (crcFailures.size() < MAX_LISTED) {
                    crcFailures.add(new CrcFailureEntry(frame, apiName, topic, r.partition(), f.baseOffset(), f.magic(),
                            f.stored(), f.computed()));
                } else {
                    crcFailuresOmitted++;
                }
            }
            PartialBatch p = r.summary().partialBatch();
            if (p != null) {
                if (partialBatches.size() < MAX_LISTED) {
                    partialBatches.add(new PartialBatchEntry(frame, apiName, topic, r.partition(), p.bytesPresent(), p.bytesDeclared()));
                } else {
                    partialBatchesOmitted++;
                }
            }
        }
    }

    private void slowest(ExchangeSummary e, String apiName) {
        long latency = e.latencyMicros();
        if (slowestCount <= 0 || latency < 0 || slowest.size() == slowestCount && slowest.peek().latencyUs() >= latency) {
            return;
        }
        RequestHeader h = e.requestHeader();
        FrameInfo req = e.request().frame();
        slowest.add(new SlowExchange(apiName, h.apiVersion(), h.correlationId(), latency, req.lastPacket(),
                e.response().frame().lastPacket(), Instant.ofEpochSecond(0, req.lastTimestampNanos()).toString(),
                e.conversation().id(), e.conversation().client(), e.conversation().broker(), h.clientId()));
        if (slowest.size() > slowestCount) {
            slowest.poll();
        }
    }

    @Override
    public void onNote(KafkaConversation conversation, ExpertNote note) {
        if (note.group().equals("malformed")) {
            malformedFrames++; // a header or size prefix that could not be decoded
        }
        note(note);
    }

    /** Counts an expert note; warnings and errors are also listed (the first {@link #MAX_WARNINGS}). */
    public void note(ExpertNote note) {
        expert.merge(note.severity().label() + "/" + note.group(), 1L, Long::sum);
        if (note.severity().compareTo(Severity.WARNING) >= 0) {
            if (warnings.size() < MAX_WARNINGS) {
                warnings.add(note.toString());
            } else {
                warningsOmitted++;
            }
        }
    }

    /**
     * The report so far.
     *
     * @param capture facts about the input that only the packet reader knows; the frame counts are filled in here
     */
    public Report build(CaptureSummary capture) {
        List<ApiStats> apiStats = new ArrayList<>();
        apis.forEach((key, acc) -> apiStats.add(acc.toStats(schemas.apiName(key))));
        List<ConnectionStats> conns = new ArrayList<>();
        long kafka = 0;
        for (Connection c : connections.values()) {
            conns.add(new ConnectionStats(c.stream, c.client, c.broker, c.protocol, List.copyOf(c.clientIds), c.requests,
                    c.responses, c.bytesFromClient, c.bytesFromBroker));
            kafka += c.protocol.equals("kafka") ? 1 : 0;
        }
        List<ClientStats> clientStats = new ArrayList<>();
        clients.forEach((id, c) -> clientStats.add(new ClientStats(id.equals("null") ? null : id, c.streams.size(), c.requests,
                c.responses, c.requestBytes, c.responseBytes, c.errors, Collections.unmodifiableMap(new TreeMap<>(c.apis)))));
        List<PartitionStats> partitionStats = partitions.stats();
        List<SlowExchange> slow = new ArrayList<>(slowest);
        slow.sort(Comparator.comparingLong(SlowExchange::latencyUs).reversed());
        CaptureSummary cap = new CaptureSummary(capture.files(), capture.packets(), capture.bytes(),
                capture.firstTimestamp(), capture.lastTimestamp(), capture.tcpConnections(), kafka,
                frames, malformedFrames, incompleteFrames);
        List<String> allWarnings = new ArrayList<>(warnings);
        allWarnings.addAll(tls.warnings());
        return new Report(Report.VERSION, cap, apiStats, responsesWithoutRequest, conns, clientStats,
                TopicBreakdown.of(partitionStats, topicRequests, topicErrors, topics), partitionStats, slow, rate.toRate(), List.copyOf(crcFailures),
                crcFailuresOmitted, List.copyOf(partialBatches), partialBatchesOmitted, Collections.unmodifiableMap(new TreeMap<>(expert)),
                List.copyOf(allWarnings), warningsOmitted, tls.build());
    }

    private ApiAccumulator api(int apiKey) {
        return apis.computeIfAbsent(apiKey, ApiAccumulator::new);
    }

    private Connection connection(KafkaConversation c) {
        return connections.computeIfAbsent(c.id(), k -> new Connection(c.id(), c.client(), c.broker(), "kafka"));
    }
}
