package org.kwire.report;

import org.kwire.framing.SchemaRef;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.LongUnaryOperator;

/**
 * The mergeable state of the report's {@code schema_registry} section ({@link SchemaIds}): per direction, topic (name,
 * or id as the frames named it) and producing client, the records examined and the records per key or value schema,
 * with the first and last frame of each. Merge: counts add up, first and last frames are the earliest and latest in
 * capture order; at most {@link SchemaIdAccumulator#MAX_ENTRIES} entries, the records of further ones counted in
 * {@code omitted} (exact across partials while under the bound). Immutable.
 *
 * @param deepFields        records fields whose records were walked (deep decoding)
 * @param headersOnlyFields records fields decoded headers only (their records' schema ids are not known)
 * @param walked            records examined per direction, topic and client, sorted by {@link Walked#mergeKey()}
 * @param ids               records per schema, sorted by {@link Seen#mergeKey()}
 * @param omitted           records of entries past the bound
 */
public record SchemaIdPart(long deepFields, long headersOnlyFields, List<Walked> walked, List<Seen> ids,
                           long omitted) {

    /** Nothing seen. */
    public static final SchemaIdPart NONE = new SchemaIdPart(0, 0, List.of(), List.of(), 0);

    /** Keeps unmodifiable copies. */
    public SchemaIdPart {
        walked = List.copyOf(walked);
        ids = List.copyOf(ids);
    }

    /**
     * Records examined of one direction, topic and client.
     *
     * @param direction {@code produce} (Produce requests) or {@code fetch} (Fetch and ShareFetch responses)
     * @param topic     the topic's name, or its id when the frames named it by id only
     * @param clientId  the client_id of the producing request; null for fetch
     * @param records   records of non-control v2 batches walked
     */
    public record Walked(String direction, String topic, String clientId, long records) {

        String mergeKey() {
            return direction + '\0' + topic + '\0' + Objects.toString(clientId, "\uffff");
        }
    }

    /**
     * Records whose key or value named one schema in one way.
     *
     * @param direction  as in {@link Walked}
     * @param topic      as in {@link Walked}
     * @param clientId   as in {@link Walked}
     * @param key        true for keys, false for values
     * @param header     true if named by a {@code __key_schema_id}/{@code __value_schema_id} header, false by a prefix
     * @param schema     the schema id or GUID
     * @param records    how many
     * @param firstFrame the first frame that carried one
     * @param lastFrame  the last frame that carried one
     */
    public record Seen(String direction, String topic, String clientId, boolean key, boolean header, SchemaRef schema,
                       long records, long firstFrame, long lastFrame) {

        String mergeKey() {
            return direction + '\0' + topic + '\0' + Objects.toString(clientId, "\uffff") + '\0' + (key ? 'k' : 'v')
                    + (header ? 'h' : 'p') + sortKey(schema);
        }

        Seen add(long n, long first, long last, FrameOrder order) {
            return new Seen(direction, topic, clientId, key, header, schema, records + n,
                    order.compare(first, firstFrame) < 0 ? first : firstFrame,
                    order.compare(last, lastFrame) > 0 ? last : lastFrame);
        }
    }

    /** This part with its frame numbers mapped. */
    SchemaIdPart mapFrames(LongUnaryOperator frame) {
        return new SchemaIdPart(deepFields, headersOnlyFields, walked, ids.stream().map(s -> new Seen(s.direction(),
                s.topic(), s.clientId(), s.key(), s.header(), s.schema(), s.records(), frame.applyAsLong(s.firstFrame()),
                frame.applyAsLong(s.lastFrame()))).toList(), omitted);
    }

    /** The merge of this part and {@code o}'s (frame numbers already in one numbering, ordered by {@code order}). */
    SchemaIdPart merge(SchemaIdPart o, FrameOrder order) {
        TreeMap<String, Walked> w = new TreeMap<>();
        TreeMap<String, Seen> s = new TreeMap<>();
        long[] left = {omitted + o.omitted};
        for (SchemaIdPart p : List.of(this, o)) {
            for (Walked x : p.walked) {
                Walked had = w.get(x.mergeKey());
                if (had != null) {
                    w.put(x.mergeKey(), new Walked(x.direction(), x.topic(), x.clientId(), had.records() + x.records()));
                } else if (w.size() + s.size() < SchemaIdAccumulator.MAX_ENTRIES) {
                    w.put(x.mergeKey(), x);
                } else {
                    left[0] += x.records();
                }
            }
            for (Seen x : p.ids) {
                Seen had = s.get(x.mergeKey());
                if (had != null) {
                    s.put(x.mergeKey(), had.add(x.records(), x.firstFrame(), x.lastFrame(), order));
                } else if (w.size() + s.size() < SchemaIdAccumulator.MAX_ENTRIES) {
                    s.put(x.mergeKey(), x);
                } else {
                    left[0] += x.records();
                }
            }
        }
        return new SchemaIdPart(deepFields + o.deepFields, headersOnlyFields + o.headersOnlyFields,
                new ArrayList<>(w.values()), new ArrayList<>(s.values()), left[0]);
    }

    /** A schema's key for sorting: ids ascending (as fixed-width text), then GUIDs. */
    static String sortKey(SchemaRef schema) {
        return schema.id() != null ? String.format("0%011d", (long) schema.id() + Integer.MAX_VALUE) : "1" + schema.guid();
    }

    /** Sorts entries as parts hold them. */
    static <T> List<T> sorted(List<T> list, java.util.function.Function<T, String> key) {
        List<T> out = new ArrayList<>(list);
        out.sort(Comparator.comparing(key));
        return out;
    }
}
