package org.kwire.dissect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.kwire.expert.ExpertItem;
import org.kwire.plan.FieldKind;
import org.kwire.plan.FieldPlan;
import org.kwire.plan.StructPlan;
import org.kwire.protocol.ErrorCodes;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Deque;
import java.util.List;

/**
 * Builds the message as the plain JSON object Kafka itself logs requests in: the output of the generated
 * {@code *JsonConverter.write(data, version, false)}. Field names are the schema names with a lower-case first letter,
 * in schema order; bytes are base64; uuids are Kafka's URL-safe base64; a records field is written as
 * {@code <name>SizeInBytes} (or {@code <name>: null}); tagged fields appear only when their value is not the field's
 * default, as the generated converters do; unknown tags are not shown. One addition of kwire's: beside every error code
 * (an int16 field named {@code ...ErrorCode}) its Kafka name, under a snake_case key no Kafka field can have:
 * {@code "errorCode": 14, "error_name": "COORDINATOR_LOAD_IN_PROGRESS"} ({@link #errorNameKey}).
 */
public final class ValuesBuilder implements DissectionVisitor {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final ByteBuffer frame;
    private final boolean redactSecrets;
    private final Deque<Container> stack = new ArrayDeque<>();
    /** Per open container, the topic it or its enclosing structs named so far ("" for none): for records fields. */
    private final Deque<String> topics = new ArrayDeque<>();
    private RecordsHandler records = RecordsHandler.SIZE_ONLY;
    private final List<BodyProblem> problems = new ArrayList<>();
    private JsonNode root;
    private final int maxValues;
    private int valuesLeft;
    private long valuesLeftOut;
    private boolean ended;

    /** An object or array being filled. */
    private record Container(FieldPlan field, StructPlan struct, JsonNode node, boolean isNull, boolean admitted) {
    }

    /**
     * @param frame         the frame the interpreter decodes (strings and bytes are read from it)
     * @param redactSecrets hide SASL passwords and proofs ({@link SaslSecrets})
     */
    public ValuesBuilder(ByteBuffer frame, boolean redactSecrets) {
        this(frame, redactSecrets, Integer.MAX_VALUE);
    }

    /**
     * @param maxValues most values (fields and array elements) the body may hold; further ones are left out and
     *                  counted in a problem ("N values left out"), so memory is bounded by configuration
     */
    public ValuesBuilder(ByteBuffer frame, boolean redactSecrets, int maxValues) {
        this.frame = frame;
        this.redactSecrets = redactSecrets;
        this.valuesLeft = maxValues;
        this.maxValues = maxValues;
    }

    /**
     * Also writes, beside a records field's size, the Kafka-internal records in it as the handler decodes them
     * ({@link RecordsHandler#values}: {@code kwire dissect --records --format values}), under {@link #INTERNAL_RECORDS}.
     *
     * @return this builder
     */
    public ValuesBuilder withRecords(RecordsHandler handler) {
        this.records = handler;
        return this;
    }

    /** The key, beside a records field's size, of the Kafka-internal records in it (a key no Kafka field can have). */
    public static final String INTERNAL_RECORDS = "internal_records";

    /** True once a pass of the interpreter fed this builder to its end. */
    public boolean ended() {
        return ended;
    }

    @Override
    public void end(int position) {
        ended = true;
    }

    /** The body as built so far: complete after a clean decode, partial after a problem; null if nothing was read. */
    public JsonNode result() {
        while (!stack.isEmpty()) { // decoding stopped inside containers: close them as they are
            Container c = stack.pop();
            attach(c, c.struct() != null ? ordered(c) : c.node());
        }
        return root;
    }

    /** Problems reported while decoding, one line each ("offset N: message"), and the values left out, if any. */
    public List<String> problems() {
        return bodyProblems().stream().map(p -> p.offset() < 0 ? p.message() : "offset " + p.offset() + ": " + p.message())
                .toList();
    }

    /**
     * Problems reported while decoding, typed, in the order met; then, if the value budget left values out, one
     * {@link ExpertItem#DISSECT_NODES_LEFT_OUT} problem at offset -1 saying how many.
     */
    public List<BodyProblem> bodyProblems() {
        if (valuesLeftOut > 0) {
            List<BodyProblem> all = new ArrayList<>(problems);
            all.add(new BodyProblem(-1, ExpertItem.DISSECT_NODES_LEFT_OUT, valuesLeftOut
                    + " values left out: one frame's body holds at most " + maxValues + " (--max-nodes)"));
            return all;
        }
        return List.copyOf(problems);
    }

    @Override
    public void beginStruct(FieldPlan field, StructPlan struct, int offset, int markerLength) {
        stack.push(new Container(field, struct, NODES.objectNode(), false, admit()));
        topics.push(topics.isEmpty() ? "" : topics.peek());
    }

    @Override
    public void endStruct(StructPlan struct, int end) {
        topics.pop();
        Container c = stack.pop();
        attach(c, ordered(c));
    }

    /** The struct's entries in schema order (JsonConverter writes fields in declaration order). */
    private static ObjectNode ordered(Container c) {
        ObjectNode in = (ObjectNode) c.node();
        ObjectNode out = NODES.objectNode();
        for (FieldPlan f : c.struct().fields()) {
            for (String key : new String[]{f.jsonName(), f.jsonName() + "SizeInBytes", errorNameKey(f),
                    f.kind() == FieldKind.RECORDS ? INTERNAL_RECORDS : null}) {
                JsonNode v = in.get(key);
                if (v != null) {
                    out.set(key, v);
                }
            }
        }
        return out;
    }

    @Override
    public void nullStruct(FieldPlan field, int offset, int markerLength) {
        emit(field, NODES.nullNode());
    }

    @Override
    public void beginArray(FieldPlan field, int offset, int prefixLength, int count) {
        stack.push(new Container(field, null, NODES.arrayNode(), count < 0, admit()));
        topics.push(topics.isEmpty() ? "" : topics.peek());
    }

    @Override
    public void endArray(FieldPlan field, int end) {
        topics.pop();
        Container c = stack.pop();
        attach(c, c.isNull() ? NODES.nullNode() : c.node());
    }

    @Override
    public void number(FieldPlan field, int offset, long value) {
        emit(field, NODES.numberNode(value));
        if (NumberDetail.isErrorCode(field) && !stack.isEmpty() && stack.peek().node() instanceof ObjectNode o
                && o.has(field.jsonName())) {
            o.put(errorNameKey(field), ErrorCodes.name((int) value));
        }
    }

    /**
     * The key of an error code's name: {@code error_name} for {@code ErrorCode}, else the field's name in snake_case
     * with {@code _code} replaced, e.g. {@code top_level_error_name}; null for fields that are not error codes.
     */
    public static String errorNameKey(FieldPlan f) {
        if (!NumberDetail.isErrorCode(f)) {
            return null;
        }
        String base = f.name().substring(0, f.name().length() - "Code".length());
        return base.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT) + "_name";
    }

    @Override
    public void float64(FieldPlan field, int offset, double value) {
        emit(field, NODES.numberNode(value));
    }

    @Override
    public void bool(FieldPlan field, int offset, boolean value) {
        emit(field, NODES.booleanNode(value));
    }

    @Override
    public void uuid(FieldPlan field, int offset, long mostSignificant, long leastSignificant) {
        String id = WireValues.kafkaUuid(mostSignificant, leastSignificant);
        emit(field, NODES.textNode(id));
        if (field.name().equals("TopicId") && !topics.isEmpty() && topics.peek().isEmpty()) {
            nameTopic(records.topicName(id));
        }
    }

    @Override
    public void string(FieldPlan field, int offset, int prefixLength, int length) {
        String value = length < 0 ? null : WireValues.utf8(frame, offset + prefixLength, length);
        emit(field, value == null ? NODES.nullNode() : NODES.textNode(value));
        if ("topicName".equals(field.entityType())) {
            nameTopic(value);
        }
    }

    @Override
    public void bytes(FieldPlan field, int offset, int prefixLength, int length) {
        if (length < 0) {
            emit(field, NODES.nullNode());
            return;
        }
        byte[] value = WireValues.copy(frame, offset + prefixLength, length);
        if (redactSecrets && field.name().equals(SaslSecrets.AUTH_BYTES)) {
            value = SaslSecrets.redact(value);
        }
        emit(field, NODES.textNode(Base64.getEncoder().encodeToString(value)));
    }

    @Override
    public void records(FieldPlan field, int offset, int prefixLength, int length) {
        emit(field, length < 0 ? NODES.nullNode() : NODES.numberNode(length));
        JsonNode internal = length <= 0 || stack.isEmpty() || !(stack.peek().node() instanceof ObjectNode o) ? null
                : records.values(frame, offset + prefixLength, length, topics.isEmpty() || topics.peek().isEmpty() ? null
                : topics.peek());
        if (internal != null) {
            ((ObjectNode) stack.peek().node()).set(INTERNAL_RECORDS, internal);
        }
    }

    /** The innermost open container names its topic. */
    private void nameTopic(String name) {
        if (name != null && !topics.isEmpty()) {
            topics.pop();
            topics.push(name);
        }
    }





    @Override
    public void problem(int offset, ExpertItem item, String message) {
        problems.add(new BodyProblem(offset, item, message));
    }

    /** Takes one value of the budget when a value or a container begins; false (counted) once it is spent. */
    private boolean admit() {
        if (valuesLeft <= 0) {
            valuesLeftOut++;
            return false;
        }
        valuesLeft--;
        return true;
    }

    /** A finished container goes into its parent if it was admitted when it began (the root always is). */
    private void attach(Container c, JsonNode value) {
        if (c.admitted() || stack.isEmpty()) {
            place(c.field(), value);
        }
    }

    private void emit(FieldPlan field, JsonNode value) {
        if (stack.isEmpty() || admit()) {
            place(field, value);
        }
    }

    private void place(FieldPlan field, JsonNode value) {
        if (stack.isEmpty()) {
            root = value;
            return;
        }
        Container parent = stack.peek();
        if (parent.node() instanceof ArrayNode a) {
            a.add(value);
        } else if (!(field.isTagged() && DefaultValues.isDefault(field, value))) {
            String key = field.kind() == FieldKind.RECORDS && !value.isNull() ? field.jsonName() + "SizeInBytes" : field.jsonName();
            ((ObjectNode) parent.node()).set(key, value);
        }
    }
}
