package org.kwire.groups;

import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor;
import org.apache.kafka.clients.consumer.internals.ConsumerProtocol;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.kwire.frame.FrameBytes;
import org.kwire.plan.PlanCache;
import org.kwire.schema.SchemaRegistry;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Classic assignments are the bytes kafka-clients' own {@link ConsumerProtocol} writes: each version it writes decodes,
 * through the bundled {@code ConsumerProtocolAssignment} data schema, to the partitions it was given.
 */
class ConsumerProtocolAssignmentTest {

    private static final PlanCache PLANS = new PlanCache(SchemaRegistry.bundled());

    @Test
    void everyVersionKafkaClientsWritesDecodesToItsPartitions() {
        ConsumerPartitionAssignor.Assignment a = new ConsumerPartitionAssignor.Assignment(List.of(
                new TopicPartition("orders", 2), new TopicPartition("orders", 0), new TopicPartition("audit", 5)),
                ByteBuffer.wrap("user".getBytes(StandardCharsets.UTF_8)));
        for (short v = 0; v <= 3; v++) {
            ByteBuffer bytes = ConsumerProtocol.serializeAssignment(a, v);
            List<GroupFacts.TopicPartitions> got = GroupFactsCollector.assignment(FrameBytes.of(bytes), 0,
                    bytes.remaining(), PLANS);
            assertEquals(List.of(new GroupFacts.TopicPartitions("orders", null, List.of(2, 0)),
                    new GroupFacts.TopicPartitions("audit", null, List.of(5))), got, "version " + v);
        }
    }

    @Test
    void aNewerVersionIsReadWithTheNewestSchemaAndOtherBytesNotAtAll() {
        ByteBuffer v3 = ConsumerProtocol.serializeAssignment(new ConsumerPartitionAssignor.Assignment(List.of(
                new TopicPartition("t", 1))), (short) 3);
        ByteBuffer newer = ByteBuffer.allocate(v3.remaining() + 4);
        newer.put(v3.duplicate()).putInt(7).flip(); // a field a later version may add
        newer.putShort(0, (short) 9);
        assertEquals(List.of(new GroupFacts.TopicPartitions("t", null, List.of(1))),
                GroupFactsCollector.assignment(FrameBytes.of(newer), 0, newer.remaining(), PLANS));
        ByteBuffer connect = ByteBuffer.wrap(new byte[] {0, 1, 0, 0, 0, 9, 'x'}); // not the consumer protocol's shape
        assertNull(GroupFactsCollector.assignment(FrameBytes.of(connect), 0, connect.remaining(), PLANS));
        assertNull(GroupFactsCollector.assignment(FrameBytes.of(ByteBuffer.allocate(0)), 0, 0, PLANS));
    }
}
