package org.kwire.dissect;

import com.fasterxml.jackson.databind.JsonNode;
import org.kwire.expert.ExpertNote;
import org.kwire.expert.ExpertItem;
import org.kwire.plan.MessagePlan;
import org.kwire.plan.PlanCache;
import org.kwire.protocol.KafkaRequestHeader;
import org.kwire.protocol.KafkaResponseHeader;
import org.kwire.schema.Direction;
import org.kwire.tree.FieldNode;

import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * Dissects whole frames: the size prefix, the request or response header and the body, as a {@link FieldNode} tree
 * (for {@code kwire dissect} and {@code kwire schema --minimal}) or as Kafka's JSON shape. A frame of an API or
 * version no known schema defines keeps its body as undecoded bytes with an expert note.
 * <p>
 * A frame is given as a {@link ByteBuffer}'s bytes from its {@code position()} (the size prefix) to its
 * {@code limit()}, as the JDK's and kafka-clients' readers take one; offsets in trees, values and notes count from that
 * position, and the buffer's position, limit and byte order are left as they are.
 */
public final class FrameDissector {

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

    /** The frame's bytes from its position at index 0, big-endian (the buffer itself when it is so already). */
    private static ByteBuffer fromPosition(ByteBuffer frame) {
        return frame.position() == 0 && frame.order() == java.nio.ByteOrder.BIG_ENDIAN ? frame : frame.slice();
    }

    /** Default most nodes of one frame's tree. */
    public static final int DEFAULT_MAX_NODES = 100_000;

    /** Notes on the root how many nodes the cap left out, if any. */
    private FieldNode capped(FieldNode root, long packet) {
        if (root.nodesLeftOut() > 0) {
            root.note(new ExpertNote(ExpertItem.DISSECT_NODES_LEFT_OUT, packet, 0, "", root.nodesLeftOut()
                    + " nodes left out: one frame's tree holds at most " + maxNodes + " (--max-nodes)"));
        }
        return root;
    }

    /** The whole tree of a request frame whose header is already decoded. */
    public FieldNode requestTree(ByteBuffer frame, KafkaRequestHeader h, long packet) {
        return requestPass(frame, h, packet).tree();
    }

    /**
     * A request frame's tree whose body nodes a pass of the interpreter (possibly the summary's) builds; the header's
     * nodes come from the decoded header, whose bytes are not read again.
     */
    public TreePass requestPass(ByteBuffer given, KafkaRequestHeader h, long packet) {
        ByteBuffer frame = fromPosition(given);
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
            int len = h.clientIdLength();
            header.add(new FieldNode("client_id", "nullable_string", 12, 2 + Math.max(len, 0)).setValue(h.clientId())
                    .setInvalidUtf8(WireValues.invalidUtf8(frame, 14, Math.max(len, 0), h.clientId()))
                    .setDetail("(int16 len=" + len + ")").setAbout("always a non-flexible int16-prefixed string"));
            p += 2 + Math.max(len, 0);
        }
        if (h.headerVersion() >= 2) {
            headerTaggedFields(header, h.taggedFields(), p, h.bodyOffset());
        }
        return body(root, plan, frame, h.bodyOffset(), packet, "no known Kafka schema defines this API version");
    }

    /** The whole tree of a response frame; {@code apiKey}/{@code apiVersion} are its request's (-1 if unknown). */
    public FieldNode responseTree(ByteBuffer frame, KafkaResponseHeader h, int apiKey, int apiVersion, long packet) {
        return responsePass(frame, h, apiKey, apiVersion, packet).tree();
    }

    /** A response frame's tree whose body nodes a pass of the interpreter builds (see {@link #requestPass}). */
    public TreePass responsePass(ByteBuffer given, KafkaResponseHeader h, int apiKey, int apiVersion, long packet) {
        ByteBuffer frame = fromPosition(given);
        Optional<MessagePlan> plan = apiKey < 0 ? Optional.empty() : plans.plan(apiKey, Direction.RESPONSE, apiVersion);
        FieldNode root = root(plan, "Response", apiKey, apiVersion, frame);
        FieldNode header = root.add(new FieldNode("ResponseHeader", "v" + h.headerVersion(), 4, h.length())
                .setAbout("common response header"));
        header.add(new FieldNode("correlation_id", "int32", 4, 4).setValue((long) h.correlationId())
                .setAbout("matches the correlation_id of the request"));
        if (h.headerVersion() >= 1) {
            headerTaggedFields(header, h.taggedFields(), 8, h.bodyOffset());
        }
        return body(root, plan, frame, h.bodyOffset(), packet, apiKey < 0
                ? "the request of this response was not captured: API unknown" : "no known Kafka schema defines this API version");
    }

    /**
     * The body in Kafka's JSON shape ({@code *JsonConverter.write(data, version, false)}), or null if no schema
     * defines this API version. Problems are listed under {@code "_problems"} only if there were any.
     */
    public JsonNode values(ByteBuffer frame, int bodyOffset, int apiKey, Direction direction, int apiVersion) {
        ValuesPass pass = valuesPass(frame, bodyOffset, apiKey, direction, apiVersion);
        return pass == null ? null : pass.values();
    }

    /** The body's values built by a pass of the interpreter (possibly the summary's); null if no schema defines it. */
    public ValuesPass valuesPass(ByteBuffer given, int bodyOffset, int apiKey, Direction direction, int apiVersion) {
        ByteBuffer frame = fromPosition(given);
        Optional<MessagePlan> plan = apiKey < 0 ? Optional.empty() : plans.plan(apiKey, direction, apiVersion);
        return plan.map(p -> new ValuesPass(new ValuesBuilder(frame, redactSecrets, maxNodes).withRecords(records), p, frame, bodyOffset))
                .orElse(null);
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
    private static void headerTaggedFields(FieldNode header, long count, int offset, int end) {
        header.add(new FieldNode("tagged_fields", "uvarint", offset, end - offset).setValue(count)
                .setAbout("number of tagged fields in the header"));
    }

    private TreePass body(FieldNode root, Optional<MessagePlan> plan, ByteBuffer frame, int bodyOffset, long packet,
                          String undecoded) {
        if (plan.isEmpty()) {
            undecoded(root, frame, bodyOffset, packet, undecoded);
            return new TreePass(root, null, null, frame, bodyOffset, r -> capped(r, packet));
        }
        MessagePlan p = plan.get();
        FieldNode body = root.add(new FieldNode(p.spec().name(), "struct", bodyOffset, frame.limit() - bodyOffset)
                .setAbout("message body, version " + p.version()));
        return new TreePass(root, new TreeBuilder(frame, body, records, packet, redactSecrets), p, frame, bodyOffset,
                r -> capped(r, packet));
    }

    private static void undecoded(FieldNode root, ByteBuffer frame, int bodyOffset, long packet, String why) {
        int len = Math.max(0, frame.limit() - bodyOffset);
        root.add(new FieldNode("body", "bytes", bodyOffset, len).setDetail(len + " bytes, undecoded"))
                .note(new ExpertNote(ExpertItem.BODY_UNDECODED, packet, bodyOffset, "", why));
    }
}
