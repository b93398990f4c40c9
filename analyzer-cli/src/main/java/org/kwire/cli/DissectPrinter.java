package org.kwire.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.kwire.conversation.ConversationListener;
import org.kwire.conversation.Exchange;
import org.kwire.conversation.KafkaConversation;
import org.kwire.dissect.FrameDissector;
import org.kwire.expert.ExpertNote;
import org.kwire.expert.Severity;
import org.kwire.frame.FrameInfo;
import org.kwire.frame.KafkaFrame;
import org.kwire.protocol.RequestHeader;
import org.kwire.protocol.ResponseHeader;
import org.kwire.render.JsonTree;
import org.kwire.render.TextTree;
import org.kwire.schema.Direction;
import org.kwire.schema.SchemaRegistry;
import org.kwire.tree.FieldNode;

import java.io.PrintStream;
import java.time.Instant;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Prints every selected frame of a capture as it is matched: as a text tree, a JSON tree, or Kafka's JSON values,
 * each preceded by where and when it was seen. Requests print when they arrive, responses when they arrive (their
 * API and version taken from their request).
 */
final class DissectPrinter implements ConversationListener {

    /** Output formats of {@code kwire dissect}. */
    enum Format { TEXT, JSON, VALUES }

    /**
     * Which frames to print.
     *
     * @param packet        only the frame whose packets include this capture frame number (0: any)
     * @param apiKeys       only these APIs (empty: any)
     * @param correlationId only this correlation_id (null: any)
     */
    record Selection(long packet, Set<Integer> apiKeys, Integer correlationId) {
        boolean accepts(FrameInfo f, int apiKey, int correlationId) {
            return (packet == 0 || (f.firstPacket() <= packet && packet <= f.lastPacket()))
                    && (apiKeys.isEmpty() || apiKeys.contains(apiKey))
                    && (this.correlationId == null || this.correlationId == correlationId);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final FrameDissector dissector;
    private final SchemaRegistry schemas;
    private final Format format;
    private final Selection selection;
    private final PrintStream out;
    private long printed;

    DissectPrinter(FrameDissector dissector, SchemaRegistry schemas, Format format, Selection selection, PrintStream out) {
        this.dissector = dissector;
        this.schemas = schemas;
        this.format = format;
        this.selection = selection;
        this.out = out;
    }

    /** Frames printed. */
    long printed() {
        return printed;
    }

    @Override
    public void onRequest(KafkaConversation c, KafkaFrame frame, RequestHeader h) {
        if (!selection.accepts(frame.meta(), h.apiKey(), h.correlationId())) {
            return;
        }
        ObjectNode meta = meta(c, frame, Direction.REQUEST, h.apiKey(), h.apiVersion(), h.correlationId());
        meta.put("client_id", h.clientId());
        print(meta, () -> incomplete(frame, dissector.requestTree(frame.bytes(), h, frame.meta().lastPacket())), () -> {
            ObjectNode header = JSON.createObjectNode().put("requestApiKey", h.apiKey()).put("requestApiVersion", h.apiVersion())
                    .put("correlationId", h.correlationId());
            if (h.headerVersion() >= 1) {
                header.put("clientId", h.clientId());
            }
            return header;
        }, () -> dissector.values(frame.bytes(), 4 + h.length(), h.apiKey(), Direction.REQUEST, h.apiVersion()));
    }

    @Override
    public void onResponse(Exchange e, KafkaFrame frame) {
        ResponseHeader h = e.response().header();
        int apiKey = e.apiKey();
        int version = e.apiVersion();
        if (!selection.accepts(frame.meta(), apiKey, h.correlationId())) {
            return;
        }
        ObjectNode meta = meta(e.conversation(), frame, Direction.RESPONSE, apiKey, version, h.correlationId());
        if (e.latencyMicros() >= 0) {
            meta.put("latency_us", e.latencyMicros());
        }
        print(meta, () -> incomplete(frame, dissector.responseTree(frame.bytes(), h, apiKey, version, frame.meta().lastPacket())),
                () -> JSON.createObjectNode().put("correlationId", h.correlationId()),
                () -> dissector.values(frame.bytes(), 4 + h.length(), apiKey, Direction.RESPONSE, version));
    }

    @Override
    public void onUnmatchedRequest(Exchange exchange) {
    }

    @Override
    public void onNote(KafkaConversation c, ExpertNote note) {
        if (format == Format.TEXT && selection.packet() == 0) {
            out.println("! " + note);
        }
    }

    /** Marks the tree of a frame the capture lost bytes of. */
    private static FieldNode incomplete(KafkaFrame frame, FieldNode tree) {
        if (!frame.complete()) {
            tree.note(new ExpertNote(Severity.WARNING, "sequence", frame.meta().lastPacket(), frame.length(), "",
                    "frame incomplete: " + frame.length() + " of " + frame.meta().length()
                            + " bytes captured; the body is shown as far as it was captured"));
        }
        return tree;
    }

    private ObjectNode meta(KafkaConversation c, KafkaFrame frame, Direction d, int apiKey, int version, int correlationId) {
        FrameInfo f = frame.meta();
        ObjectNode m = JSON.createObjectNode();
        m.put("frame", f.lastPacket());
        m.put("first_frame", f.firstPacket());
        m.put("timestamp", Instant.ofEpochSecond(0, f.lastTimestampNanos()).toString());
        m.put("stream", c.id());
        m.put("direction", d.schemaType());
        m.put("client", c.client());
        m.put("broker", c.broker());
        m.put("api_key", apiKey);
        m.put("api_name", apiKey < 0 ? null : schemas.apiName(apiKey));
        m.put("api_version", version);
        m.put("correlation_id", correlationId);
        m.put("length", f.length());
        if (!frame.complete()) {
            m.put("captured_length", frame.length());
        }
        return m;
    }

    /** Prints one frame in the chosen format; only what that format needs is computed. */
    private void print(ObjectNode meta, Supplier<FieldNode> tree, Supplier<ObjectNode> header, Supplier<JsonNode> body) {
        printed++;
        switch (format) {
            case TEXT -> {
                out.println(title(meta));
                TextTree.print(tree.get(), out);
                out.println();
            }
            case JSON -> line(meta.set("tree", JsonTree.of(tree.get())));
            case VALUES -> {
                meta.set("header", header.get());
                meta.set("body", body.get());
                line(meta);
            }
        }
    }

    private static String title(ObjectNode m) {
        long first = m.get("first_frame").asLong();
        long last = m.get("frame").asLong();
        String frames = first == last ? "Frame " + last : "Frame " + last + " (from " + first + ")";
        boolean request = m.get("direction").asText().equals("request");
        String api = m.get("api_name").isNull() ? "unknown API" : m.get("api_name").asText() + " v" + m.get("api_version").asInt();
        return frames + ", " + m.get("timestamp").asText() + ", stream " + m.get("stream").asInt() + " "
                + (request ? m.get("client").asText() + " -> " + m.get("broker").asText()
                : m.get("broker").asText() + " -> " + m.get("client").asText())
                + ": " + api + " " + m.get("direction").asText() + ", correlation_id " + m.get("correlation_id").asInt()
                + ", " + (m.has("captured_length") ? m.get("captured_length").asInt() + " of " : "") + m.get("length").asInt()
                + " bytes" + (m.has("latency_us") ? ", " + m.get("latency_us").asLong() + " µs after its request" : "");
    }

    private void line(JsonNode n) {
        try {
            out.println(JSON.writeValueAsString(n));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree could not be written", e);
        }
    }
}
