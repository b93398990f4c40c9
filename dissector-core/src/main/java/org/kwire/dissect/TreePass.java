package org.kwire.dissect;

import org.kwire.plan.MessagePlan;
import org.kwire.tree.FieldNode;

import java.nio.ByteBuffer;
import java.util.function.UnaryOperator;

/**
 * One frame's tree in the making ({@link FrameDissector#requestPass}, {@link FrameDissector#responsePass}): the size
 * prefix and header nodes are built, the body's are built by {@link #visitor()} during a pass of the interpreter, which
 * may be a pass shared with another visitor ({@link VisitorPair}: the summary's); {@link #tree()} finishes it, running
 * a pass of its own only if none fed the visitor. Used on one thread at a time.
 */
public final class TreePass {

    private final FieldNode root;
    private final TreeBuilder body;
    private final MessagePlan plan;
    private final ByteBuffer frame;
    private final int bodyOffset;
    private final UnaryOperator<FieldNode> finish;

    /**
     * @param body   builds the body's nodes; null when the body is not decoded (no schema, API unknown)
     * @param finish applied to the root once the body is done (notes of nodes left out)
     */
    TreePass(FieldNode root, TreeBuilder body, MessagePlan plan, ByteBuffer frame, int bodyOffset,
             UnaryOperator<FieldNode> finish) {
        this.root = root;
        this.body = body;
        this.plan = plan;
        this.frame = frame;
        this.bodyOffset = bodyOffset;
        this.finish = finish;
    }

    /** The visitor that builds the body's nodes, for a pass over {@code [bodyOffset, frame.limit())}; null if none. */
    public DissectionVisitor visitor() {
        return body;
    }

    /** The whole tree: the body decoded by the pass that fed {@link #visitor()}, else by a pass of its own now. */
    public FieldNode tree() {
        if (body != null && !body.ended()) {
            Interpreter.decode(frame, bodyOffset, frame.limit(), plan, body);
        }
        return finish.apply(root);
    }
}
