package org.kwire.framing;

import java.util.List;

/**
 * The schema ids of the records of one records field ({@link FramingTally}). Immutable.
 *
 * @param records  records examined: of RecordBatch v2 entries that are not control batches, walked by the deep
 *                 decoding (0 when records were not walked: decoded headers only)
 * @param ids      records per key or value schema, in the order first seen
 * @param omitted  records whose schema id was not kept (past {@link FramingTally#MAX_IDS} distinct ones in the field)
 */
public record FramingFacts(long records, List<Count> ids, long omitted) {

    /** Nothing examined. */
    public static final FramingFacts NONE = new FramingFacts(0, List.of(), 0);

    /** Keeps an unmodifiable copy of the list. */
    public FramingFacts {
        ids = List.copyOf(ids);
    }

    /**
     * Records whose key or value names one schema in one way.
     *
     * @param key     true for keys, false for values
     * @param header  true if a {@code __key_schema_id}/{@code __value_schema_id} header named it, false for a prefix
     *                of the key or value
     * @param schema  the schema id or GUID
     * @param records how many
     */
    public record Count(boolean key, boolean header, SchemaRef schema, long records) {
    }
}
