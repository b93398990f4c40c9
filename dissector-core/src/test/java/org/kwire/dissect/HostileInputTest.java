package org.kwire.dissect;

import org.junit.jupiter.api.Test;
import org.kwire.encode.InstanceEncoder;
import org.kwire.expert.ExpertItem;
import org.kwire.plan.MessagePlan;
import org.kwire.plan.PlanCache;
import org.kwire.schema.Direction;
import org.kwire.schema.SchemaRegistry;
import org.kwire.tree.FieldNode;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Truncated and hostile bodies never throw; they yield partial results with a problem at the right place. */
class HostileInputTest {

    private final SchemaRegistry schemas = SchemaRegistry.bundled();
    private final PlanCache plans = new PlanCache(schemas);

    /** Collects the problems a decode reports, besides building a tree. */
    private static final class Problems extends ArrayList<String> {
    }

    private static FieldNode body() {
        return new FieldNode("body", "struct", 0, 0);
    }

    private static List<ExpertItem> notes(FieldNode n) {
        List<ExpertItem> out = new ArrayList<>();
        n.notes().forEach(e -> out.add(e.item()));
        n.children().forEach(c -> out.addAll(notes(c)));
        return out;
    }

    @Test
    void truncationAtEveryByteGivesAPartialTreeWithATruncatedNote() {
        int cuts = 0;
        for (String api : List.of("Metadata", "Produce", "Fetch", "DescribeTopicPartitions", "ShareFetch", "JoinGroup", "ApiVersions")) {
            int key = schemas.apiKey(api);
            for (Direction d : Direction.values()) {
                for (int version : List.of(schemas.versions(key, d).first(), schemas.versions(key, d).last())) {
                    MessagePlan plan = plans.plan(key, d, version).orElseThrow();
                    byte[] body = new InstanceEncoder(new RandomValues(version * 7L + key)).body(plan);
                    for (int cut = 0; cut < body.length; cut++) {
                        FieldNode tree = body();
                        ByteBuffer frame = ByteBuffer.wrap(body, 0, cut).slice();
                        int end = Interpreter.decode(frame, 0, cut, plan, new TreeBuilder(frame, tree, RecordsHandler.SIZE_ONLY, 1, true));
                        assertTrue(end <= cut, api + " cut at " + cut);
                        List<ExpertItem> groups = notes(tree);
                        assertTrue(groups.contains(ExpertItem.BODY_TRUNCATED) || groups.contains(ExpertItem.BODY_LENGTH_OVERRUN),
                                plan.spec().name() + " v" + version + " cut at " + cut + " of " + body.length + ": " + groups);
                        ValuesBuilder values = new ValuesBuilder(frame, true);
                        Interpreter.decode(frame, 0, cut, plan, values);
                        assertTrue(!values.problems().isEmpty());
                        values.result();
                        cuts++;
                    }
                }
            }
        }
        assertTrue(cuts > 1000, "cuts " + cuts);
    }

    @Test
    void randomBytesForEveryApiVersionNeverThrow() {
        Random random = new Random(42);
        int decodes = 0;
        for (int key : schemas.apiKeys()) {
            for (Direction d : Direction.values()) {
                for (int version : schemas.versions(key, d)) {
                    MessagePlan plan = plans.plan(key, d, version).orElseThrow();
                    for (int i = 0; i < 8; i++) {
                        byte[] b = new byte[random.nextInt(64)];
                        random.nextBytes(b);
                        if (i % 2 == 0 && b.length >= 4) {
                            ByteBuffer.wrap(b).putInt(0, Integer.MAX_VALUE - i); // hostile counts and lengths up front
                        }
                        ByteBuffer frame = ByteBuffer.wrap(b);
                        Interpreter.decode(frame, 0, b.length, plan, new TreeBuilder(frame, body(), RecordsHandler.SIZE_ONLY, 1, true));
                        ValuesBuilder v = new ValuesBuilder(frame, true);
                        Interpreter.decode(frame, 0, b.length, plan, v);
                        v.result();
                        decodes++;
                    }
                }
            }
        }
        assertEquals(736 * 8, decodes);
    }

    @Test
    void hugeArrayCountIsRefusedBeforeAnythingIsAllocated() {
        MessagePlan plan = plans.plan(3, Direction.REQUEST, 4).orElseThrow(); // Metadata v4: Topics []MetadataRequestTopic
        ByteBuffer frame = ByteBuffer.allocate(5).putInt(Integer.MAX_VALUE).put((byte) 0).flip();
        FieldNode tree = body();
        Interpreter.decode(frame, 0, 5, plan, new TreeBuilder(frame, tree, RecordsHandler.SIZE_ONLY, 9, true));
        assertEquals(ExpertItem.BODY_LENGTH_OVERRUN, tree.notes().get(0).item());
        assertEquals("Topics: 2147483647 elements cannot fit in the 1 bytes left", tree.notes().get(0).message());
        assertEquals(0, tree.notes().get(0).offset());
    }
}
