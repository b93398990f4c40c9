package org.kwire.report;

import java.util.List;

/**
 * The report's {@code schema_registry} section: which Schema Registry schemas the records of each topic name, and
 * which each producing client wrote (the rule of what counts as framed: {@code org.kwire.framing}). Built by
 * {@link SchemaIdSection} from {@link SchemaIdPart}; only the deep decoding ({@code kwire analyze --deep}) walks
 * records, so without it the section says so ({@code collected} false) and lists nothing.
 *
 * @param collected false when record sets were decoded headers only (without {@code --deep}): then nothing is listed
 * @param topics    per topic and direction, the topics whose keys or values named a schema, sorted by topic then
 *                  direction; Kafka's internal topics left out
 * @param clients   per producing client_id and topic (Produce requests) where the client's or the topic's keys or
 *                  values named a schema (a client writing records without one to such a topic is listed), sorted
 *                  by client_id then topic
 * @param omitted   records whose entries were past the bound of 10,000 entries (not counted above)
 */
public record SchemaIds(boolean collected, List<TopicIds> topics, List<ClientIds> clients, long omitted) {

    /**
     * One topic in one direction.
     *
     * @param topic     the topic's name (its id if the capture never named it)
     * @param direction {@code produce} (Produce requests) or {@code fetch} (Fetch and ShareFetch responses, consumers'
     *                  and followers' alike)
     * @param records   records examined (of non-control RecordBatch v2 entries)
     * @param key       the keys' schemas; null if no key named one
     * @param value     the values' schemas; null if no value named one
     */
    public record TopicIds(String topic, String direction, long records, Side key, Side value) {
    }

    /**
     * What one client produced to one topic.
     *
     * @param clientId the client_id of its Produce requests (null if none)
     * @param topic    as in {@link TopicIds}
     * @param records  records examined
     * @param key      as in {@link TopicIds}; present, with no ids, if the client's keys named no schema but the
     *                 topic's did
     * @param value    as in {@link TopicIds}, likewise
     */
    public record ClientIds(String clientId, String topic, long records, Side key, Side value) {
    }

    /**
     * The keys or the values of some records.
     *
     * @param framed          true if more than half of the records named a schema: then the records without one are
     *                        the ones to look at; false if few did (their bytes may start like a prefix by chance)
     * @param framedRecords   records that named a schema
     * @param unframedRecords records that named none (null keys or values included)
     * @param ids             records per schema, ids ascending then GUIDs, prefixes before headers
     */
    public record Side(boolean framed, long framedRecords, long unframedRecords, List<IdStats> ids) {
    }

    /**
     * The records that named one schema in one way.
     *
     * @param schemaId   the schema id (magic 0), or null
     * @param schemaGuid the schema GUID (magic 1), or null
     * @param source     {@code prefix} (the key or value starts with it) or {@code header} ({@code __key_schema_id} or
     *                   {@code __value_schema_id})
     * @param records    how many
     * @param firstFrame the first frame that carried one
     * @param lastFrame  the last frame that carried one
     */
    public record IdStats(Integer schemaId, String schemaGuid, String source, long records, long firstFrame,
                          long lastFrame) {
    }
}
