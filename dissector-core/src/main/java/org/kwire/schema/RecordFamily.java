package org.kwire.schema;

/**
 * The families of records Kafka writes into its own logs, each with its own schemas and framing (issue 23):
 * <ul>
 * <li>{@link #CONTROL}: control records of any topic (KIP-98 transaction markers, KIP-595/853 KRaft records); the key
 * is {@code [int16 version][int16 type]} (Kafka's {@code ControlRecordType}); the value of a transaction marker (types
 * 0 ABORT, 1 COMMIT) {@code [int16 version][EndTxnMarker fields]}, that of KRaft's types (2 and up:
 * {@code LeaderChangeMessage}, ... of kafka-clients' {@code common/message}) the message alone in version 0, as
 * Kafka's {@code ControlRecordUtils} reads it (its first field, {@code Version}, is the record's own version);</li>
 * <li>{@link #METADATA}: the KRaft metadata log, {@code __cluster_metadata}; no key, the value framed as Kafka's
 * {@code MetadataRecordSerde} writes it (unsigned varint frame version 1, unsigned varint record type, unsigned varint
 * record version, fields), schemas from kafka-metadata's {@code common/metadata};</li>
 * <li>{@link #GROUP_COORDINATOR}, {@link #TRANSACTION_COORDINATOR}, {@link #SHARE_COORDINATOR}: the coordinators'
 * logs {@code __consumer_offsets}, {@code __transaction_state}, {@code __share_group_state}; the key is
 * {@code [int16 record type][key fields, version 0]}, the value {@code [int16 version][fields]} or null (a tombstone),
 * as Kafka's {@code CoordinatorRecordSerde} writes them; schemas ({@code "type": "coordinator-key"} and
 * {@code "coordinator-value"}, the record type is their {@code apiKey}) from the coordinators' jars.</li>
 * </ul>
 */
public enum RecordFamily {
    CONTROL(null),
    METADATA("metadata"),
    GROUP_COORDINATOR("group-coordinator"),
    TRANSACTION_COORDINATOR("transaction-coordinator"),
    SHARE_COORDINATOR("share-coordinator");

    private final String folder;

    RecordFamily(String folder) {
        this.folder = folder;
    }

    /**
     * The folder its schemas are unpacked into at build time (the artifact's name without {@code kafka-}); null for
     * {@link #CONTROL}, whose schemas are kafka-clients' data messages.
     */
    public String folder() {
        return folder;
    }
}
