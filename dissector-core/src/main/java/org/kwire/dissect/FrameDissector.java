package org.kwire.dissect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.kwire.expert.ExpertNote;
import org.kwire.expert.Severity;
import org.kwire.plan.MessagePlan;
import org.kwire.plan.PlanCache;
import org.kwire.protocol.RequestHeader;
import org.kwire.protocol.ResponseHeader;
import org.kwire.protocol.WireReader;
import org.kwire.schema.Direction;
import org.kwire.tree.FieldNode;

import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * Dissects whole frames: the size prefix, the request or response header and the body, as a {@link FieldNode} tree
 * (for {@code kwire dissect} and {@code kwire schema --minimal}) or as Kafka's JSON shape. A frame of an API or
 * version no known schema defines keeps its body as undecoded bytes with an expert note.
 */
public final class FrameDissector {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final PlanCache plans;
    private final RecordsHandler records;
    private final boolean redactSecrets;
    private final int maxNodes;

    /**
     * @param plans         compiled schemas
     * @param records       decodes records fields in trees
     * @param redactSecrets hide SASL passwords and proofs in trees and values ({@link SaslSecrets}); false only when
     *                      the user asked to see them
     */
    public FrameDissector(PlanCache plans, RecordsHandler records, boolean redactSecrets) {
        this(plans, records, redactSecrets, DEFAULT_MAX_NODES);
    }

    /**
     * @param maxNodes most nodes in one frame's tree, or values in its Kafka-JSON body; the rest is left out with a
     *                 note saying how many (a 1 MB Metadata request may name 500 000 topics)
     */
    public FrameDissector(PlanCache plans, RecordsHandler records, boolean redactSecrets, int maxNodes) {
        this.plans = plans;
        this.records = records;
        this.redactSecrets = redactSecrets;
        this.maxNodes = maxNodes;
    }

    /** Default most nodes of one frame's tree. */
    public static final int DEFAULT_MAX_NODES = 100_000;

    /** Notes on the root how many nodes the cap left out, if any. */
    private FieldNode capped(FieldNode root, long packet) {
        if (root.nodesLeftOut() > 0) {
            root.note(new ExpertNote(Severity.WARNING, "limit", packet, 0, "", root.nodesLeftOut()
                    + " nodes left out: one frame's tree holds at most " + maxNodes + " (--max-nodes)"));
        }
        return root;
    }

    /** The whole tree of a request frame whose header is already decoded. */
    public FieldNode requestTree(ByteBuffer frame, RequestHeader h, long packet) {
        Optional<MessagePlan> plan = plans.plan(h.apiKey(), Direction.REQUEST, h.apiVersion());
        FieldNode root = root(plan, "Request", h.apiKey(), h.apiVersion(), frame);
        FieldNode header = root.add(new FieldNode("RequestHeader", "v" + h.headerVersion(), 4, h.length())
                .setAbout("common request header"));
        header.add(new FieldNode("request_api_key", "int16", 4, 2).setValue((long) h.apiKey())
                .setDetail("(" + plans.schemas().apiName(h.apiKey()) + ")").setAbout("numeric id of the API being invoked"));
        header.add(new FieldNode("request_api_version", "int16", 6, 2).setValue((long) h.apiVersion())
                .setAbout("version of the API being invoked"));
        header.add(new FieldNode("correlation_id", "int32", 8, 4).setValue((long) h.correlationId())
                .setAbout("echoed back by the broker in the response"));
        int p = 12;
        if (h.headerVersion() >= 1) {
            int len = frame.getShort(12);
            header.add(new FieldNode("client_id", "nullable_string", 12, 2 + Math.max(len, 0)).setValue(h.clientId())
                    .setDetail("(int16 len=" + len + ")").setAbout("always a non-flexible int16-prefixed string"));
            p += 2 + Math.max(len, 0);
        }
        if (h.headerVersion() >= 2) {
            headerTaggedFields(header, frame, p, 4 + h.length());
        }
        body(root, plan, frame, 4 + h.length(), packet);
        return capped(root, packet);
    }

    /** The whole tree of a response frame; {@code apiKey}/{@code apiVersion} are its request's (-1 if unknown). */
    public FieldNode responseTree(ByteBuffer frame, ResponseHeader h, int apiKey, int apiVersion, long packet) {
        Optional<MessagePlan> plan = apiKey < 0 ? Optional.empty() : plans.plan(apiKey, Direction.RESPONSE, apiVersion);
        FieldNode root = root(plan, "Response", apiKey, apiVersion, frame);
        FieldNode header = root.add(new FieldNode("ResponseHeader", "v" + h.headerVersion(), 4, h.length())
                .setAbout("common response header"));
        header.add(new FieldNode("correlation_id", "int32", 4, 4).setValue((long) h.correlationId())
                .setAbout("matches the correlation_id of the request"));
        if (h.headerVersion() >= 1) {
            headerTaggedFields(header, frame, 8, 4 + h.length());
        }
        if (apiKey < 0) {
            undecoded(root, frame, 4 + h.length(), packet, "the request of this response was not captured: API unknown");
        } else {
            body(root, plan, frame, 4 + h.length(), packet);
        }
        return capped(root, packet);
    }

    /**
     * The body in Kafka's JSON shape ({@code *JsonConverter.write(data, version, false)}), or null if no schema
     * defines this API version. Problems are listed under {@code "_problems"} only if there were any.
     */
    public JsonNode values(ByteBuffer frame, int bodyOffset, int apiKey, Direction direction, int apiVersion) {
        Optional<MessagePlan> plan = apiKey < 0 ? Optional.empty() : plans.plan(apiKey, direction, apiVersion);
        if (plan.isEmpty()) {
            return null;
        }
        ValuesBuilder v = new ValuesBuilder(frame, redactSecrets, maxNodes);
        Interpreter.decode(frame, bodyOffset, frame.limit(), plan.get(), v);
        JsonNode body = v.result();
        if (!v.problems().isEmpty() && body instanceof ObjectNode o) {
            o.set("_problems", NODES.arrayNode().addAll(v.problems().stream().map(NODES::textNode).toList()));
        }
        return body;
    }

    private FieldNode root(Optional<MessagePlan> plan, String suffix, int apiKey, int apiVersion, ByteBuffer frame) {
        String name = plan.map(p -> p.spec().name())
                .orElse(apiKey < 0 ? "Unknown" + suffix : plans.schemas().apiName(apiKey) + suffix);
        FieldNode root = new FieldNode(name, apiVersion < 0 ? "message" : "message v" + apiVersion, 0, frame.limit())
                .limitNodes(maxNodes);
        FieldNode size = root.add(new FieldNode("Frame", "", 0, 4).setAbout("length-delimited framing"));
        size.add(new FieldNode("size", "int32", 0, 4).setValue((long) frame.getInt(0)).setAbout("number of bytes that follow"));
        return root;
    }

    /** The header's tagged-field section (its fields, which no header version defines, stay inside its range). */
    private static void headerTaggedFields(FieldNode header, ByteBuffer frame, int offset, int end) {
        long count;
        try {
            count = new WireReader(frame, offset, end).uvarint();
        } catch (WireReader.Truncated e) {
            count = -1; // cannot happen: the header decoder read this section already
        }
        header.add(new FieldNode("tagged_fields", "uvarint", offset, end - offset).setValue(count)
                .setAbout("number of tagged fields in the header"));
    }

    private void body(FieldNode root, Optional<MessagePlan> plan, ByteBuffer frame, int bodyOffset, long packet) {
        if (plan.isEmpty()) {
            undecoded(root, frame, bodyOffset, packet, "no known Kafka schema defines this API version");
            return;
        }
        MessagePlan p = plan.get();
        FieldNode body = root.add(new FieldNode(p.spec().name(), "struct", bodyOffset, frame.limit() - bodyOffset)
                .setAbout("message body, version " + p.version()));
        int end = Interpreter.decode(frame, bodyOffset, frame.limit(), p, new TreeBuilder(frame, body, records, packet, redactSecrets));
        body.setLength(end - bodyOffset);
    }

    private static void undecoded(FieldNode root, ByteBuffer frame, int bodyOffset, long packet, String why) {
        int len = Math.max(0, frame.limit() - bodyOffset);
        root.add(new FieldNode("body", "bytes", bodyOffset, len).setDetail(len + " bytes, undecoded"))
                .note(new ExpertNote(Severity.NOTE, "undecoded", packet, bodyOffset, "", why));
    }
}
