package org.kwire.report;

import org.junit.jupiter.api.Test;
import org.kwire.summary.TopicNames;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * A topic-partition's counters are one entry however it is found: through the index by topic and partition (0-255),
 * through the key string (other partition numbers, or neither name nor id), by name and by id apart.
 */
class TopicPartitionsTest {

    @Test
    void eachTopicPartitionHasOneEntryIndexedOrNot() {
        TopicPartitions t = new TopicPartitions(new TopicNames());
        TopicPartitions.Entry[] orders = new TopicPartitions.Entry[256];
        for (int p = 0; p < 256; p++) { // grows the index from 8 to its cap
            orders[p] = t.entry("orders", null, p);
        }
        for (int p = 0; p < 256; p++) {
            assertSame(orders[p], t.entry("orders", null, p));
            assertEquals(p, orders[p].partition);
        }
        TopicPartitions.Entry high = t.entry("orders", null, 300);
        TopicPartitions.Entry negative = t.entry("orders", null, -1);
        TopicPartitions.Entry byId = t.entry(null, "AAAAAAAAAAAAAAAAAAAAAg", 3);
        TopicPartitions.Entry neither = t.entry(null, null, 7);
        assertSame(high, t.entry("orders", null, 300));
        assertSame(negative, t.entry("orders", null, -1));
        assertSame(byId, t.entry(null, "AAAAAAAAAAAAAAAAAAAAAg", 3));
        assertSame(neither, t.entry(null, null, 7));
        assertNotSame(orders[3], byId);
        assertEquals(List.of(300, -1, 3, 7), List.of(high.partition, negative.partition, byId.partition, neither.partition));
        assertEquals("AAAAAAAAAAAAAAAAAAAAAg", byId.topicId);
        assertEquals(256 + 4, t.parts().size());
    }
}
