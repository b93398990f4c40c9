package org.kwire.dissect;

import org.junit.jupiter.api.Test;
import org.kwire.plan.MessagePlan;
import org.kwire.plan.PlanCache;
import org.kwire.schema.Direction;
import org.kwire.schema.SchemaRegistry;
import org.kwire.encode.InstanceEncoder;
import org.kwire.tree.FieldNode;

import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Both visitors of a pair see every callback: none can be dropped by a method the pair does not override. */
class VisitorPairTest {

    @Test
    void everyCallbackOfTheInterfaceIsOverridden() throws NoSuchMethodException {
        List<String> missing = new ArrayList<>();
        for (Method m : DissectionVisitor.class.getMethods()) {
            if (VisitorPair.class.getMethod(m.getName(), m.getParameterTypes()).getDeclaringClass() != VisitorPair.class) {
                missing.add(m.getName());
            }
        }
        assertEquals(List.of(), missing);
    }

    @Test
    void aSharedPassBuildsTheSameTreeAsAPassOfItsOwn() {
        PlanCache plans = new PlanCache(SchemaRegistry.bundled());
        MessagePlan plan = plans.plan(3, Direction.RESPONSE, 12).orElseThrow();
        byte[] body = new InstanceEncoder(new RandomValues(12)).body(plan);
        ByteBuffer frame = ByteBuffer.wrap(body);
        FieldNode alone = new FieldNode("body", "struct", 0, 0);
        Interpreter.decode(frame, 0, body.length, plan, new TreeBuilder(frame, alone, RecordsHandler.SIZE_ONLY, 1, true));
        FieldNode shared = new FieldNode("body", "struct", 0, 0);
        List<String> seen = new ArrayList<>();
        DissectionVisitor counter = new DissectionVisitor() {
            @Override
            public void number(org.kwire.plan.FieldPlan field, int offset, long value) {
                seen.add(field.name());
            }

            @Override
            public void end(int position) {
                seen.add("end " + position);
            }
        };
        Interpreter.decode(frame, 0, body.length, plan,
                new VisitorPair(counter, new TreeBuilder(frame, shared, RecordsHandler.SIZE_ONLY, 1, true)));
        assertEquals(describe(alone), describe(shared));
        assertEquals(body.length, shared.length(), "the pass's end sets the body's length");
        assertEquals("end " + body.length, seen.get(seen.size() - 1));
    }

    private static String describe(FieldNode n) {
        StringBuilder b = new StringBuilder(n.name() + " " + n.type() + " " + n.offset() + "+" + n.length() + "=" + n.value());
        n.children().forEach(c -> b.append("\n ").append(describe(c).replace("\n", "\n ")));
        return b.toString();
    }
}
