package org.kwire.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.kwire.conversation.KafkaConversation;
import org.kwire.dissect.FrameDissector;
import org.kwire.dissect.WireValues;
import org.kwire.expert.ExpertNote;
import org.kwire.expert.ExpertItem;
import org.kwire.frame.FrameInfo;
import org.kwire.frame.KafkaFrame;
import org.kwire.protocol.KafkaRequestHeader;
import org.kwire.protocol.KafkaResponseHeader;
import org.kwire.render.JsonTree;
import org.kwire.render.TextTree;
import org.kwire.schema.Direction;
import org.kwire.schema.SchemaRegistry;
import org.kwire.summary.BodyTap;
import org.kwire.summary.ExchangeFilter;
import org.kwire.summary.ExchangeSink;
import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.FrameSummary;
import org.kwire.summary.TopicNames;
import org.kwire.text.VisibleText;
import org.kwire.tree.FieldNode;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Prints the selected frames of a capture as text trees, JSON trees, or Kafka's JSON values, each preceded by where
 * and when it was seen, or as one line per frame like tshark's packet list ({@link PacketListLine}). Frames print in capture order; when the filter needs the response ({@code --errors-only},
 * {@code --min-latency-ms}) a request is held until its response shows whether the exchange matches, then both print.
 */
final class DissectPrinter implements ExchangeSink {

    /** Output formats of {@code kwire dissect}. */
    enum Format { TEXT, JSON, VALUES, SUMMARY }

    /**
     * Frames picked by place.
     *
     * @param packet        only the frame whose packets include this capture frame number (0: any)
     * @param correlationId only this correlation_id (null: any)
     */
    record Selection(long packet, Integer correlationId) {
        boolean accepts(FrameInfo f, int correlationId) {
            return (packet == 0 || (f.firstPacket() <= packet && packet <= f.lastPacket()))
                    && (this.correlationId == null || this.correlationId == correlationId);
        }
    }

    /** Requests held while waiting for their response's verdict. */
    static final int MAX_HELD = 10_000;
    /** Frames and notes waiting behind a held request at most. */
    private static final int MAX_QUEUED = 100_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final DissectPasses passes;
    private final SchemaRegistry schemas;
    private final TopicNames topics;
    private final Format format;
    private final Selection selection;
    private final ExchangeFilter filter;
    private final PrintStream out;
    private final OrderedOutput output = new OrderedOutput(MAX_HELD, MAX_QUEUED, this::emit);
    private long printed;

    /**
     * @param dissector builds trees and values, in the summary's pass where {@link #tap()} is given to the tracker
     */
    DissectPrinter(FrameDissector dissector, SchemaRegistry schemas, TopicNames topics, Format format, Selection selection,
                   ExchangeFilter filter, PrintStream out) {
        this.passes = new DissectPasses(dissector, format, selection);
        this.schemas = schemas;
        this.topics = topics;
        this.format = format;
        this.selection = selection;
        this.filter = filter;
        this.out = out;
    }

    /** Builds the trees (or values) of the selected frames in the pass that summarizes them. */
    BodyTap tap() {
        return passes;
    }

    /** Frames printed. */
    long printed() {
        return printed;
    }

    @Override
    public void onRequestFrame(KafkaConversation c, KafkaFrame frame, KafkaRequestHeader h, FrameSummary summary) {
        if (!selection.accepts(frame.meta(), h.correlationId()) || !filter.testRequestPlace(c, h)) {
            passes.forget(frame);
            return;
        }
        // a request that does not name the topic may still be in an exchange whose response does (Metadata for all)
        boolean decided = !filter.needsResponse() && filter.testRequest(c, h, summary, topics);
        ObjectNode meta = meta(c, frame, Direction.REQUEST, h.apiKey(), h.apiVersion(), h.correlationId());
        meta.put("client_id", h.clientId());
        String text = render(meta, () -> incomplete(frame, passes.requestTree(frame, h)), () -> {
            ObjectNode header = JSON.createObjectNode().put("requestApiKey", h.apiKey()).put("requestApiVersion", h.apiVersion())
                    .put("correlationId", h.correlationId());
            if (h.headerVersion() >= 1) {
                header.put("clientId", h.clientId());
            }
            return header;
        }, () -> passes.values(frame, h.bodyOffset(), h.apiKey(), Direction.REQUEST, h.apiVersion()), summary);
        if (decided) {
            output.add(text);
        } else {
            output.hold(key(c, h.correlationId()), text);
        }
    }

    @Override
    public void onResponseFrame(ExchangeSummary e, KafkaFrame frame) {
        KafkaResponseHeader h = e.exchange().response().header();
        int apiKey = e.apiKey();
        int version = e.exchange().apiVersion();
        boolean accepted = selection.accepts(frame.meta(), h.correlationId()) && filter.test(e, topics);
        output.decide(key(e.conversation(), h.correlationId()), accepted);
        if (!accepted) {
            passes.forget(frame);
            return;
        }
        ObjectNode meta = meta(e.conversation(), frame, Direction.RESPONSE, apiKey, version, h.correlationId());
        if (e.latencyMicros() >= 0) {
            meta.put("latency_us", e.latencyMicros());
        }
        output.add(render(meta, () -> incomplete(frame, passes.responseTree(frame, h, apiKey, version)),
                () -> JSON.createObjectNode().put("correlationId", h.correlationId()),
                () -> passes.values(frame, h.bodyOffset(), apiKey, Direction.RESPONSE, version), e.response()));
    }

    @Override
    public void onNote(KafkaConversation c, ExpertNote note) {
        if ((format == Format.TEXT || format == Format.SUMMARY) && selection.packet() == 0 && selection.correlationId() == null) {
            output.add("! " + VisibleText.of(note.toString()) + System.lineSeparator());
        }
    }

    /**
     * At the end of the capture: requests still waiting for a response are not printed (no response: no error, no
     * latency to match); returns how many held requests were given up on the way (bounds, correlation_id reused).
     */
    long finish() {
        output.finish();
        return output.givenUp();
    }

    private static long key(KafkaConversation c, int correlationId) {
        return ((long) c.id() << 32) | (correlationId & 0xffffffffL);
    }

    private void emit(String text) {
        if (text.startsWith("! ")) {
            out.print(text);
            return;
        }
        if (printed == 0 && format == Format.SUMMARY) {
            out.println(PacketListLine.HEADER);
        }
        printed++;
        out.print(text);
    }

    /** Names the topic of every TopicId node whose id the capture has paired with a name so far. */
    private FieldNode withTopicNames(FieldNode n) {
        if (n.value() instanceof UUID u && n.name().equals("TopicId")) {
            String name = topics.name(WireValues.kafkaUuid(u.getMostSignificantBits(), u.getLeastSignificantBits()));
            if (name != null) {
                n.setDetail("(topic " + name + ")"); // the text tree shows details by VisibleText's rule
            }
        }
        n.children().forEach(this::withTopicNames);
        return n;
    }

    /** Marks the tree of a frame the capture lost bytes of. */
    private FieldNode incomplete(KafkaFrame frame, FieldNode tree) {
        withTopicNames(tree);
        if (!frame.complete()) {
            tree.note(new ExpertNote(ExpertItem.FRAME_INCOMPLETE, frame.meta().lastPacket(), frame.length(), "",
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

    /** One frame in the chosen format; only what that format needs is computed. */
    private String render(ObjectNode meta, Supplier<FieldNode> tree, Supplier<ObjectNode> header, Supplier<JsonNode> body,
                          FrameSummary summary) {
        return switch (format) {
            case TEXT -> {
                ByteArrayOutputStream b = new ByteArrayOutputStream();
                PrintStream p = new PrintStream(b, false, StandardCharsets.UTF_8);
                p.println(VisibleText.of(title(meta)));
                TextTree.print(tree.get(), p);
                p.println();
                p.flush();
                yield b.toString(StandardCharsets.UTF_8);
            }
            case JSON -> line(meta.set("tree", JsonTree.of(tree.get())));
            case VALUES -> {
                meta.set("header", header.get());
                meta.set("body", body.get());
                yield line(meta);
            }
            case SUMMARY -> PacketListLine.of(meta, summary, topics);
        };
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

    private static String line(JsonNode n) {
        try {
            return JSON.writeValueAsString(n) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree could not be written", e);
        }
    }
}
