package org.kwire.dissect;

import org.kwire.expert.ExpertGroup;
import org.kwire.expert.ExpertItem;
import org.kwire.expert.ExpertNote;
import org.kwire.plan.FieldPlan;
import org.kwire.plan.StructPlan;
import org.kwire.tree.FieldNode;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.UUID;

/**
 * Builds the {@link FieldNode} tree of a message body, Wireshark packet-details style: every field with its absolute
 * offset and length, its type and value, arrays with their length prefix and numbered elements, strings with how
 * their length was encoded, tagged-field sections with their fields (unknown tags kept as raw bytes), and expert notes
 * where decoding met a problem.
 */
public final class TreeBuilder implements DissectionVisitor {

    private final ByteBuffer frame;
    private final FieldNode body;
    private final RecordsHandler records;
    private final long packet;
    private final boolean redactSecrets;
    private final Deque<Open> stack = new ArrayDeque<>();
    private int problems;
    private boolean ended;
    /** PushTelemetry's CompressionType, which precedes its Metrics; -1 until seen. */
    private int compressionType = -1;

    /**
     * A node being filled; for an array, the count of elements added so far; the topic its fields (or its enclosing
     * structs' earlier fields) named, for the records fields inside it.
     */
    private static final class Open {
        final FieldNode node;
        final boolean array;
        int elements;
        String topic;

        Open(FieldNode node, boolean array, String topic) {
            this.node = node;
            this.array = array;
            this.topic = topic;
        }
    }

    /** A tagged field whose value node is about to be created: its tag/size header goes into that node. */
    private int taggedStart = -1;
    private int taggedTag;
    private int taggedHeader;
    private int taggedSize;

    /**
     * @param frame   the frame being decoded
     * @param body    the node of the message body (its children are added here; its length set at the end)
     * @param records decodes records fields
     * @param packet  capture frame number for expert notes (0 if none)
     * @param redactSecrets hide SASL passwords and proofs ({@link SaslSecrets})
     */
    public TreeBuilder(ByteBuffer frame, FieldNode body, RecordsHandler records, long packet, boolean redactSecrets) {
        this.frame = frame;
        this.body = body;
        this.records = records;
        this.packet = packet;
        this.redactSecrets = redactSecrets;
    }

    /** Problems reported while decoding. */
    public int problems() {
        return problems;
    }

    /** True once a pass of the interpreter fed this builder to its end. */
    public boolean ended() {
        return ended;
    }

    /** The body node ends where decoding stopped. */
    @Override
    public void end(int position) {
        body.setLength(position - body.offset());
        ended = true;
    }

    /** The topic named by the innermost open struct or its enclosing ones, or null. */
    private String topic() {
        return stack.isEmpty() ? null : stack.peek().topic;
    }

    /** The innermost open struct names its topic (a topicName string, or a TopicId whose name is known). */
    private void nameTopic(String name) {
        if (name != null && !stack.isEmpty()) {
            stack.peek().topic = name;
        }
    }

    private FieldNode parent() {
        return stack.isEmpty() ? body : stack.peek().node;
    }

    /** Creates the node of a field (named {@code Type[i]} if it is an array element) and attaches it. */
    private FieldNode node(FieldPlan f, int offset, int length) {
        Open p = stack.peek();
        if (p != null && p.array) {
            return p.node.add(new FieldNode(f.name() + "[" + p.elements++ + "]", f.typeName(), offset, length));
        }
        String about = f.about().isEmpty() ? null : f.about();
        if (taggedStart < 0) {
            return parent().add(new FieldNode(f.name(), f.typeName(), offset, length).setAbout(about));
        }
        // a known tagged field: its node spans the tag and size uvarints too, shown as its first children
        FieldNode n = parent().add(new FieldNode(f.name(), f.typeName(), taggedStart, taggedHeader + taggedSize).setAbout(about));
        int tagLength = uvarintLength(taggedTag);
        n.add(new FieldNode("tag", "uvarint", taggedStart, tagLength).setValue((long) taggedTag).setAbout("tagged field number"));
        n.add(new FieldNode("size", "uvarint", taggedStart + tagLength, taggedHeader - tagLength).setValue((long) taggedSize)
                .setAbout("bytes of the tagged field's value"));
        taggedStart = -1;
        return n;
    }

    private static int uvarintLength(long v) {
        int n = 1;
        while ((v & ~0x7fL) != 0) {
            v >>>= 7;
            n++;
        }
        return n;
    }

    @Override
    public void beginStruct(FieldPlan field, StructPlan struct, int offset, int markerLength) {
        if (field == null) {
            stack.push(new Open(body, false, null));
            return;
        }
        FieldNode n = node(field, offset, 0).setDetail("struct");
        if (markerLength > 0) {
            n.add(new FieldNode("present", "int8", offset, markerLength).setValue(1L)
                    .setAbout("presence marker of a nullable struct: 1 = present, -1 = null"));
        }
        stack.push(new Open(n, false, topic()));
    }

    @Override
    public void endStruct(StructPlan struct, int end) {
        FieldNode n = stack.pop().node;
        n.setLength(end - n.offset());
    }

    @Override
    public void nullStruct(FieldPlan field, int offset, int markerLength) {
        node(field, offset, markerLength).setDetail("null");
    }

    @Override
    public void beginArray(FieldPlan field, int offset, int prefixLength, int count) {
        FieldNode n = node(field, offset, prefixLength)
                .setDetail(count < 0 ? "null" : count + (count == 1 ? " element" : " elements"));
        n.add(new FieldNode("length", field.compact() ? "uvarint" : "int32", offset, prefixLength)
                .setValue(field.compact() ? count + 1L : (long) count)
                .setDetail(field.compact() ? "(compact, n+1)" : null)
                .setAbout(field.compact() ? "number of elements + 1, 0 = null" : "number of elements, -1 = null"));
        stack.push(new Open(n, true, topic()));
    }

    @Override
    public void endArray(FieldPlan field, int end) {
        FieldNode n = stack.pop().node;
        n.setLength(end - n.offset());
    }

    @Override
    public void number(FieldPlan field, int offset, long value) {
        node(field, offset, field.kind().fixedSize()).setValue(value).setDetail(NumberDetail.of(field, value));
        if (stack.size() == 1 && field.name().equals(TELEMETRY_CODEC)) {
            compressionType = (int) value;
        }
    }

    @Override
    public void float64(FieldPlan field, int offset, double value) {
        node(field, offset, 8).setValue(value);
    }

    @Override
    public void bool(FieldPlan field, int offset, boolean value) {
        node(field, offset, 1).setValue(value);
    }

    @Override
    public void uuid(FieldPlan field, int offset, long mostSignificant, long leastSignificant) {
        node(field, offset, 16).setValue(new UUID(mostSignificant, leastSignificant));
        if (field.name().equals("TopicId") && topic() == null) {
            nameTopic(records.topicName(WireValues.kafkaUuid(mostSignificant, leastSignificant)));
        }
    }

    @Override
    public void string(FieldPlan field, int offset, int prefixLength, int length) {
        String value = length < 0 ? null : WireValues.utf8(frame, offset + prefixLength, length);
        node(field, offset, prefixLength + Math.max(length, 0)).setValue(value)
                .setInvalidUtf8(WireValues.invalidUtf8(frame, offset + prefixLength, length, value))
                .setDetail(lengthDetail(field, length, "int16"));
        if ("topicName".equals(field.entityType())) {
            nameTopic(value);
        }
    }

    @Override
    public void bytes(FieldPlan field, int offset, int prefixLength, int length) {
        byte[] value = length < 0 ? null : WireValues.copy(frame, offset + prefixLength, length);
        String detail = lengthDetail(field, length, "int32");
        if (value != null && redactSecrets && field.name().equals(SaslSecrets.AUTH_BYTES) && SaslSecrets.hasSecret(value)) {
            value = SaslSecrets.redact(value);
            detail += " secret redacted";
        }
        FieldNode n = node(field, offset, prefixLength + Math.max(length, 0)).setValue(value).setDetail(detail);
        if (value != null && compressionType >= 0 && stack.size() == 1 && field.name().equals(TELEMETRY_METRICS)) {
            String content = records.telemetry(frame, offset + prefixLength, length, compressionType, packet, n);
            n.setDetail(content == null ? detail : detail + " " + content);
        }
    }

    /** The body fields of PushTelemetry (the only schema with a bytes field "Metrics", PushTelemetryRequest.json). */
    private static final String TELEMETRY_CODEC = "CompressionType";
    private static final String TELEMETRY_METRICS = "Metrics";

    private static String lengthDetail(FieldPlan f, int length, String legacy) {
        return f.compact() ? "(compact, len+1=" + (length + 1) + ")" : "(" + legacy + " len=" + length + ")";
    }

    @Override
    public void records(FieldPlan field, int offset, int prefixLength, int length) {
        FieldNode n = node(field, offset, prefixLength + Math.max(length, 0));
        n.add(new FieldNode("length", field.compact() ? "uvarint" : "int32", offset, prefixLength)
                .setValue(field.compact() ? length + 1L : (long) length)
                .setDetail(field.compact() ? "(compact, n+1)" : null)
                .setAbout("size of the record set in bytes"));
        n.setDetail(length < 0 ? "null" : records.dissect(frame, offset + prefixLength, length, packet, n, topic()));
    }

    @Override
    public void beginTaggedFields(int offset, int prefixLength, int count) {
        FieldNode n = parent().add(new FieldNode("tagged_fields", "uvarint", offset, prefixLength).setValue((long) count)
                .setAbout("number of tagged fields in this struct"));
        stack.push(new Open(n, false, topic()));
    }

    @Override
    public void beginTaggedField(FieldPlan field, int tag, int offset, int headerLength, int size) {
        if (field != null) {
            taggedStart = offset;
            taggedTag = tag;
            taggedHeader = headerLength;
            taggedSize = size;
            return;
        }
        FieldNode n = parent().add(new FieldNode("unknown_tag", "bytes", offset, headerLength + size)
                .setValue(WireValues.copy(frame, offset + headerLength, size)).setDetail("tag " + tag + ", " + size + " bytes")
                .setAbout("a tagged field this schema version does not define"));
        n.note(new ExpertNote(ExpertItem.BODY_UNKNOWN_TAG, packet, offset, "", "unknown tag " + tag + " (" + size + " bytes)"));
    }

    @Override
    public void endTaggedField(int end) {
        taggedStart = -1;
    }

    @Override
    public void endTaggedFields(int end) {
        FieldNode n = stack.pop().node;
        n.setLength(end - n.offset());
    }

    @Override
    public void problem(int offset, ExpertItem item, String message) {
        problems++;
        parent().note(new ExpertNote(item, packet, offset, "", message));
        if (item.group() != ExpertGroup.PROTOCOL) {
            while (!stack.isEmpty()) { // decoding stops: close the open nodes at the point reached
                FieldNode n = stack.pop().node;
                n.setLength(Math.max(0, offset - n.offset()));
            }
        }
    }
}
