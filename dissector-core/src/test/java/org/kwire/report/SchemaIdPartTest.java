package org.kwire.report;

import org.junit.jupiter.api.Test;
import org.kwire.framing.SchemaRef;
import org.kwire.summary.TopicNames;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** {@link SchemaIdPart}'s merge and {@link SchemaIdSection}'s view of it: sums, first and last frames, bounds, names. */
class SchemaIdPartTest {

    private static final SchemaRef ID7 = new SchemaRef(7, null);
    private static final SchemaRef GUID = new SchemaRef(null, UUID.fromString("89791762-2336-4186-9674-299b90a802e2"));
    /** A topic id as Produce v13 names it (Kafka's base64 form). */
    private static final String ORDERS_ID = "FZlcTKqHRiu5N6uC5pO92w";

    @Test
    void mergeIsAssociativeAndKeepsTheEarliestAndLatestFrames() {
        SchemaIdPart a = part(List.of(walked("orders", "p1", 10)), List.of(seen("orders", "p1", false, ID7, 6, 5, 9)));
        SchemaIdPart b = part(List.of(walked("orders", "p1", 4), walked("audit", "p2", 3)),
                List.of(seen("orders", "p1", false, ID7, 4, 2, 20), seen("audit", "p2", true, GUID, 3, 7, 7)));
        SchemaIdPart c = part(List.of(walked("orders", "p1", 1)), List.of(seen("orders", "p1", false, ID7, 1, 30, 30)));

        SchemaIdPart left = a.merge(b, FrameOrder.NATURAL).merge(c, FrameOrder.NATURAL);
        SchemaIdPart right = a.merge(b.merge(c, FrameOrder.NATURAL), FrameOrder.NATURAL);

        assertEquals(left, right);
        assertEquals(List.of(walked("audit", "p2", 3), walked("orders", "p1", 15)), left.walked());
        assertEquals(List.of(seen("audit", "p2", true, GUID, 3, 7, 7), seen("orders", "p1", false, ID7, 11, 2, 30)),
                left.ids());
        assertEquals(3, left.deepFields());
    }

    @Test
    void entriesPastTheBoundAreCountedAsOmitted() {
        List<SchemaIdPart.Walked> many = new ArrayList<>();
        for (int i = 0; i < SchemaIdAccumulator.MAX_ENTRIES; i++) {
            many.add(walked(String.format("t%05d", i), "p", 1));
        }
        SchemaIdPart full = part(many, List.of());
        SchemaIdPart more = part(List.of(walked("t00000", "p", 2), walked("zz", "p", 5)),
                List.of(seen("zz", "p", false, ID7, 5, 1, 1)));

        SchemaIdPart merged = full.merge(more, FrameOrder.NATURAL);

        assertEquals(SchemaIdAccumulator.MAX_ENTRIES, merged.walked().size());
        assertEquals(3, merged.walked().get(0).records(), "an entry already kept still adds up");
        assertEquals(10, merged.omitted(), "zz's 5 records examined and its 5 with id 7");
    }

    @Test
    void theSectionNamesTopicsByIdLeavesInternalTopicsOutAndDecidesFramedByMajority() {
        TopicNames names = new TopicNames();
        names.learn(ORDERS_ID, "orders");
        SchemaIdPart p = part(List.of(walked(ORDERS_ID, "p1", 3), walked("orders", "p1", 2),
                        walked("__consumer_offsets", null, 9)),
                List.of(seen(ORDERS_ID, "p1", false, ID7, 2, 4, 6), seen("orders", "p1", false, ID7, 1, 8, 8),
                        seen("__consumer_offsets", null, false, ID7, 9, 3, 3)));

        SchemaIds s = SchemaIdSection.of(p, names, FrameNumbering.IDENTITY);

        SchemaIds.Side value = new SchemaIds.Side(true, 3, 2, List.of(new SchemaIds.IdStats(7, null, "prefix", 3, 4, 8)));
        assertEquals(new SchemaIds(true, List.of(new SchemaIds.TopicIds("orders", "produce", 5, null, value)),
                List.of(new SchemaIds.ClientIds("p1", "orders", 5, null, value)), 0), s);
        assertNull(SchemaIdSection.of(SchemaIdPart.NONE, names, FrameNumbering.IDENTITY), "no record set: no section");
        assertEquals(new SchemaIds(false, List.of(), List.of(), 0), SchemaIdSection.of(
                new SchemaIdPart(2, 1, List.of(), List.of(), 0), names, FrameNumbering.IDENTITY));
    }

    private static SchemaIdPart part(List<SchemaIdPart.Walked> walked, List<SchemaIdPart.Seen> ids) {
        return new SchemaIdPart(1, 0, SchemaIdPart.sorted(walked, SchemaIdPart.Walked::mergeKey),
                SchemaIdPart.sorted(ids, SchemaIdPart.Seen::mergeKey), 0);
    }

    private static SchemaIdPart.Walked walked(String topic, String client, long records) {
        return new SchemaIdPart.Walked("produce", topic, client, records);
    }

    private static SchemaIdPart.Seen seen(String topic, String client, boolean key, SchemaRef schema, long records,
                                          long first, long last) {
        return new SchemaIdPart.Seen("produce", topic, client, key, false, schema, records, first, last);
    }
}
