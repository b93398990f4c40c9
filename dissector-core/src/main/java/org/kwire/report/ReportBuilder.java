package org.kwire.report;

import org.kwire.conversation.ConversationListener;
import org.kwire.conversation.Exchange;
import org.kwire.conversation.KafkaConversation;
import org.kwire.expert.ExpertNote;
import org.kwire.expert.Severity;
import org.kwire.frame.KafkaFrame;
import org.kwire.protocol.RequestHeader;
import org.kwire.dissect.Interpreter;
import org.kwire.plan.MessagePlan;
import org.kwire.plan.PlanCache;
import org.kwire.records.CrcFailure;
import org.kwire.records.PartialBatch;
import org.kwire.records.RecordsDecoder;
import org.kwire.records.RecordsOptions;
import org.kwire.records.RecordsSummary;
import org.kwire.schema.Direction;
import org.kwire.schema.SchemaRegistry;

import java.nio.ByteBuffer;
import java.util.Optional;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Aggregates conversations into a {@link Report}: per-API counts, versions, latency and bytes; per-connection counts;
 * expert-note counts and the first warnings. Memory is bounded by the number of APIs and connections, not by the
 * number of frames.
 */
public final class ReportBuilder implements ConversationListener {

    /** Warnings listed in the report; further ones are only counted. */
    public static final int MAX_WARNINGS = 200;
    /** Topics listed per error code of an API. */
    public static final int MAX_TOPICS_PER_ERROR = 20;
    /** CRC failures and partial batches listed; further ones are only counted. */
    public static final int MAX_LISTED = 1000;

    /** ApiKeys whose requests are counted per topic-partition: Produce, Fetch, ListOffsets, OffsetCommit, OffsetFetch. */
    private static final Set<Integer> PARTITION_APIS = Set.of(0, 1, 2, 8, 9);

    private final SchemaRegistry schemas;
    private final PlanCache plans;
    private final TopicPartitions partitions = new TopicPartitions();
    private final FactsCollector collector = new FactsCollector(new Facts());
    private final RecordsDecoder records;
    private final List<CrcFailureEntry> crcFailures = new ArrayList<>();
    private final List<PartialBatchEntry> partialBatches = new ArrayList<>();
    private long crcFailuresOmitted;
    private long partialBatchesOmitted;
    private Direction currentDirection;
    private String currentContext;
    /** The API and frame the collector is working on. */
    private int currentApi;
    private long currentPacket;
    private final Map<Integer, ApiAccumulator> apis = new TreeMap<>();
    private final Map<Integer, Connection> connections = new TreeMap<>();
    private final Map<String, Long> expert = new TreeMap<>();
    private final List<String> warnings = new ArrayList<>();
    private long warningsOmitted;
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

    /**
     * @param plans   the compiled schemas: API names, and the bodies' error codes and topic-partitions
     * @param records how record batches are decoded (the decompression limit)
     */
    public ReportBuilder(PlanCache plans, RecordsOptions records) {
        this.plans = plans;
        this.schemas = plans.schemas();
        this.records = new RecordsDecoder(records);
    }

    /** Receives the collector's findings for the frame at hand. */
    private final class Facts implements FrameFacts {
        @Override
        public void error(int code, String topic, String topicId, int partition) {
            api(currentApi).error(code, partitions.display(topic, topicId));
        }

        @Override
        public void partition(String topic, String topicId, int partition) {
            partitions.entry(topic, topicId, partition).requests.merge(schemas.apiName(currentApi), 1L, Long::sum);
        }

        @Override
        public void topicId(String topicId, String name) {
            partitions.topicId(topicId, name);
        }

        @Override
        public void records(String topic, String topicId, int partition, ByteBuffer frame, int offset, int length) {
            RecordsSummary s = records.decode(frame, offset, length, currentPacket, null);
            TopicPartitions.Entry e = partitions.entry(topic, topicId, partition);
            boolean produce = currentDirection == Direction.REQUEST;
            (produce ? e.produce : e.fetch).add(s);
            e.hasProduce |= produce;
            e.hasFetch |= !produce;
            e.crcValid += s.crcValid();
            e.crcInvalid += s.crcInvalid();
            String api = schemas.apiName(currentApi);
            String name = partitions.display(topic, topicId);
            for (CrcFailure f : s.crcFailures()) {
                if (crcFailures.size() < MAX_LISTED) {
                    crcFailures.add(new CrcFailureEntry(currentPacket, api, name, partition, f.baseOffset(), f.magic(),
                            f.stored(), f.computed()));
                } else {
                    crcFailuresOmitted++;
                }
            }
            PartialBatch p = s.partialBatch();
            if (p != null) {
                if (partialBatches.size() < MAX_LISTED) {
                    partialBatches.add(new PartialBatchEntry(currentPacket, api, name, partition, p.bytesPresent(), p.bytesDeclared()));
                } else {
                    partialBatchesOmitted++;
                }
            }
            for (ExpertNote n : s.notes()) {
                note(new ExpertNote(n.severity(), n.group(), n.packet(), n.offset(),
                        currentContext + " " + name + "/" + partition, n.message()));
            }
        }
    }

    /** Runs the fast visitor over a body; body problems become expert notes, fatal ones count as malformed. */
    private void collect(KafkaConversation c, KafkaFrame frame, int bodyOffset, int apiKey, Direction d, int version) {
        Optional<MessagePlan> plan = plans.plan(apiKey, d, version);
        if (!frame.complete()) {
            incompleteFrames++; // its header was counted; its body lost bytes and is not read
            return;
        }
        if (plan.isEmpty()) {
            return;
        }
        currentApi = apiKey;
        currentPacket = frame.meta().lastPacket();
        currentDirection = d;
        currentContext = "stream " + c.id() + " " + schemas.apiName(apiKey) + " v" + version + " " + d.schemaType();
        collector.start(frame.bytes(), d == Direction.REQUEST && PARTITION_APIS.contains(apiKey));
        Interpreter.decode(frame.bytes(), bodyOffset, frame.length(), plan.get(), collector);
        boolean malformed = false;
        for (String[] p : collector.problems()) {
            malformed |= !p[1].equals("protocol");
            note(new ExpertNote(p[1].equals("protocol") ? Severity.WARNING : Severity.ERROR, p[1], currentPacket,
                    Long.parseLong(p[0]), currentContext, p[2]));
        }
        if (malformed) {
            malformedFrames++;
        }
    }

    /** Registers a Kafka connection so it is listed even if it carries no complete frame. */
    public void addConversation(KafkaConversation c) {
        connection(c);
    }

    /**
     * Lists a connection on a broker port that does not carry Kafka.
     *
     * @param protocol {@code "tls"} or {@code "unknown"}
     */
    public void addOtherConnection(int stream, String client, String broker, String protocol) {
        connections.putIfAbsent(stream, new Connection(stream, client, broker, protocol));
    }

    @Override
    public void onRequest(KafkaConversation conversation, KafkaFrame frame, RequestHeader header) {
        frames++;
        api(header.apiKey()).request(header.apiVersion(), frame.meta().length());
        Connection c = connection(conversation);
        c.requests++;
        c.bytesFromClient += frame.meta().length();
        if (header.clientId() != null) {
            c.clientIds.add(header.clientId());
        }
        collect(conversation, frame, 4 + header.length(), header.apiKey(), Direction.REQUEST, header.apiVersion());
    }

    @Override
    public void onResponse(Exchange exchange, KafkaFrame frame) {
        frames++;
        Connection c = connection(exchange.conversation());
        c.responses++;
        c.bytesFromBroker += frame.meta().length();
        if (exchange.apiKey() < 0) {
            responsesWithoutRequest++;
            return;
        }
        ApiAccumulator api = api(exchange.apiKey());
        api.response(frame.meta().length(), exchange.latencyMicros());
        if (exchange.request() == null) {
            api.unmatchedResponse();
        }
        collect(exchange.conversation(), frame, 4 + exchange.response().header().length(), exchange.apiKey(),
                Direction.RESPONSE, exchange.apiVersion());
    }

    @Override
    public void onUnmatchedRequest(Exchange exchange) {
        api(exchange.apiKey()).unmatchedRequest();
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
     * @param capture facts about the input that only the packet reader knows; {@code frames} and
     *                {@code malformedFrames} are filled in here
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
        CaptureSummary cap = new CaptureSummary(capture.files(), capture.packets(), capture.bytes(),
                capture.firstTimestamp(), capture.lastTimestamp(), capture.tcpConnections(), kafka,
                frames, malformedFrames, incompleteFrames);
        return new Report(1, cap, apiStats, responsesWithoutRequest, conns, partitions.stats(), List.copyOf(crcFailures),
                crcFailuresOmitted, List.copyOf(partialBatches), partialBatchesOmitted, Map.copyOf(expert),
                List.copyOf(warnings), warningsOmitted);
    }

    private ApiAccumulator api(int apiKey) {
        return apis.computeIfAbsent(apiKey, ApiAccumulator::new);
    }

    private Connection connection(KafkaConversation c) {
        return connections.computeIfAbsent(c.id(), k -> new Connection(c.id(), c.client(), c.broker(), "kafka"));
    }
}
