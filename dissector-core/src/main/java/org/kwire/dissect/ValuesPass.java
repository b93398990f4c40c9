package org.kwire.dissect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.kwire.plan.MessagePlan;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * One frame's body in Kafka's JSON shape in the making ({@link FrameDissector#valuesPass}): {@link #visitor()} builds
 * it during a pass of the interpreter (possibly shared, {@link VisitorPair}); {@link #values()} finishes it, running a
 * pass of its own only if none fed the visitor. Used on one thread at a time.
 */
public final class ValuesPass {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final ValuesBuilder builder;
    private final MessagePlan plan;
    private final ByteBuffer frame;
    private final int bodyOffset;

    ValuesPass(ValuesBuilder builder, MessagePlan plan, ByteBuffer frame, int bodyOffset) {
        this.builder = builder;
        this.plan = plan;
        this.frame = frame;
        this.bodyOffset = bodyOffset;
    }

    /** The visitor that builds the values, for a pass over {@code [bodyOffset, frame.limit())}. */
    public DissectionVisitor visitor() {
        return builder;
    }

    /**
     * The body as {@code *JsonConverter.write(data, version, false)} writes it; problems are listed under
     * {@code "_problems"} only if there were any.
     */
    public JsonNode values() {
        JsonNode body = valuesOnly();
        if (!builder.problems().isEmpty() && body instanceof ObjectNode o) {
            o.set("_problems", NODES.arrayNode().addAll(builder.problems().stream().map(NODES::textNode).toList()));
        }
        return body;
    }

    /**
     * The body as {@code *JsonConverter.write(data, version, false)} writes it, without kwire's {@code "_problems"}
     * entry (see {@link #problems()}); as far as it could be decoded, null if not even its first field could.
     */
    public JsonNode valuesOnly() {
        if (!builder.ended()) {
            Interpreter.decode(frame, bodyOffset, frame.limit(), plan, builder);
        }
        return builder.result();
    }

    /** The problems the pass met, typed ({@link ValuesBuilder#bodyProblems()}); after {@link #valuesOnly()}. */
    public List<BodyProblem> problems() {
        valuesOnly();
        return builder.bodyProblems();
    }
}
