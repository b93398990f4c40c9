/**
 * The Schema Registry framing of record keys and values: which schema a Confluent-style serializer says it wrote a key
 * or value with. Three forms (Confluent's serializers, {@code io.confluent.kafka.serializers.schema.id.SchemaId}):
 * <ul>
 *   <li>a prefix of magic byte 0 and a 4-byte big-endian schema id, then the payload;</li>
 *   <li>a prefix of magic byte 1 and a 16-byte schema GUID (most significant 8 bytes first), then the payload;</li>
 *   <li>a record header {@code __key_schema_id} or {@code __value_schema_id} whose value is either of those prefixes
 *       (magic 1 and a GUID as Confluent's {@code HeaderSchemaIdSerializer} writes it); the key or value itself is then
 *       the payload without a prefix.</li>
 * </ul>
 * Protobuf message indexes that may follow a prefix belong to the payload and are not read.
 *
 * <h2>What counts, false positives</h2>
 * A key or value "has a schema id" when a header names one (the header wins: Confluent's deserializers read it first),
 * or when it starts with magic 0 and a positive id (Schema Registry ids start at 1), or with magic 1 and a GUID that
 * is a random UUID (RFC 9562 version 4 and variant bits 10: Schema Registry assigns random ones; a nil GUID or bytes
 * such as a coordinator key after a 1 are not), and is long enough to hold the prefix. Any byte string may start so by chance, so a single record
 * proves nothing: the report ({@code schema_registry}) counts a topic's keys or values as framed only when more than
 * half of the records seen have a schema id, and then lists the records without one. Null keys and values count as
 * records without a schema id. Records of control batches and legacy (magic 0/1) message sets are not examined.
 *
 * <h2>In, out, threads</h2>
 * {@link org.kwire.framing.SchemaFraming} reads a prefix from bytes; {@link org.kwire.framing.FramingTally} counts
 * the schema ids of the records of one records field as the records stage walks them (mutable, one thread, nothing
 * allocated per record); {@link org.kwire.framing.FramingFacts} is what it found (immutable), carried in the records
 * stage's summary. Nothing here throws on bad bytes: what does not match a form is simply not framed.
 *
 * <h2>API status</h2>
 * Internal: exported to kwire's own modules only.
 */
package org.kwire.framing;
