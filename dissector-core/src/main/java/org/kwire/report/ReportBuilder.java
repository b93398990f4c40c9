package org.kwire.report;

import org.kwire.conversation.ConversationListener;
import org.kwire.conversation.Exchange;
import org.kwire.conversation.KafkaConversation;
import org.kwire.expert.ExpertNote;
import org.kwire.expert.Severity;
import org.kwire.frame.KafkaFrame;
import org.kwire.protocol.RequestHeader;
import org.kwire.schema.SchemaRegistry;

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

    private final SchemaRegistry schemas;
    private final Map<Integer, ApiAccumulator> apis = new TreeMap<>();
    private final Map<Integer, Connection> connections = new TreeMap<>();
    private final Map<String, Long> expert = new TreeMap<>();
    private final List<String> warnings = new ArrayList<>();
    private long warningsOmitted;
    private long frames;
    private long malformedFrames;
    private long responsesWithoutRequest;

    private static final class Connection {
        final KafkaConversation conversation;
        final Set<String> clientIds = new LinkedHashSet<>();
        long requests;
        long responses;
        long bytesFromClient;
        long bytesFromBroker;

        Connection(KafkaConversation conversation) {
            this.conversation = conversation;
        }
    }

    /** @param schemas names the APIs */
    public ReportBuilder(SchemaRegistry schemas) {
        this.schemas = schemas;
    }

    /** Registers a Kafka connection so it is listed even if it carries no complete frame. */
    public void addConversation(KafkaConversation c) {
        connection(c);
    }

    @Override
    public void onRequest(KafkaConversation conversation, KafkaFrame frame, RequestHeader header) {
        frames++;
        api(header.apiKey()).request(header.apiVersion(), frame.length());
        Connection c = connection(conversation);
        c.requests++;
        c.bytesFromClient += frame.length();
        if (header.clientId() != null) {
            c.clientIds.add(header.clientId());
        }
    }

    @Override
    public void onResponse(Exchange exchange, KafkaFrame frame) {
        frames++;
        Connection c = connection(exchange.conversation());
        c.responses++;
        c.bytesFromBroker += frame.length();
        if (exchange.request() == null) {
            responsesWithoutRequest++;
        } else {
            api(exchange.apiKey()).response(frame.length(), exchange.latencyMicros());
        }
    }

    @Override
    public void onUnmatchedRequest(Exchange exchange) {
        api(exchange.apiKey()).unmatchedRequest();
    }

    @Override
    public void onNote(KafkaConversation conversation, ExpertNote note) {
        note(note);
    }

    /** Counts an expert note; warnings and errors are also listed (the first {@link #MAX_WARNINGS}). */
    public void note(ExpertNote note) {
        expert.merge(note.severity().label() + "/" + note.group(), 1L, Long::sum);
        if (note.group().equals("malformed")) {
            malformedFrames++;
        }
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
        for (Connection c : connections.values()) {
            conns.add(new ConnectionStats(c.conversation.id(), c.conversation.client(), c.conversation.broker(), "kafka",
                    List.copyOf(c.clientIds), c.requests, c.responses, c.bytesFromClient, c.bytesFromBroker));
        }
        CaptureSummary cap = new CaptureSummary(capture.files(), capture.packets(), capture.bytes(),
                capture.firstTimestamp(), capture.lastTimestamp(), capture.tcpConnections(), connections.size(),
                frames, malformedFrames);
        return new Report(1, cap, apiStats, responsesWithoutRequest, conns, Map.copyOf(expert), List.copyOf(warnings),
                warningsOmitted);
    }

    private ApiAccumulator api(int apiKey) {
        return apis.computeIfAbsent(apiKey, ApiAccumulator::new);
    }

    private Connection connection(KafkaConversation c) {
        return connections.computeIfAbsent(c.id(), k -> new Connection(c));
    }
}
