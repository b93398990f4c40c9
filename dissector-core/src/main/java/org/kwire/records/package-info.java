/**
 * The records stage: the bytes of one {@code records} field (Produce requests, Fetch and ShareFetch responses, ...) in,
 * its batches, checksums, codecs and records out. {@link org.kwire.records.RecordsDecoder} walks the field's entries,
 * each chosen by its magic byte: RecordBatch v2 (KIP-98) and legacy messages, magic 0 and 1, whose compressed
 * wrappers hold an inner message set (KIP-31 relative offsets for magic 1). It checks every checksum (CRC-32C over a v2
 * batch from its attributes on, CRC-32 over a legacy message from its magic on), decompresses gzip (the JDK), snappy
 * (snappy-java, both the Java client's stream framing and librdkafka's raw block), lz4 (lz4-java, Kafka's LZ4 frame,
 * KIP-57) and zstd (zstd-jni) payloads, and decodes records, headers, control records and transaction markers.
 * {@link org.kwire.records.RecordsTree} plugs it into dissection trees.
 *
 * <h2>Kafka's own records</h2>
 * {@link org.kwire.records.InternalRecords} decodes what Kafka itself writes into records by its schemas
 * ({@link org.kwire.schema.SchemaRegistry#records()}) with the one schema interpreter ({@code org.kwire.dissect}):
 * control records of any topic by their key type, and the records of {@code __cluster_metadata},
 * {@code __consumer_offsets}, {@code __transaction_state} and {@code __share_group_state} by their family's framing
 * ({@link org.kwire.schema.RecordFamily}), into {@link org.kwire.records.InternalRecord}s (keys and values in the
 * generated {@code *JsonConverter}'s shape). {@link org.kwire.records.RecordsDecoder#withInternalRecords} shows them
 * in trees (with showValues, the topic given to {@code decode}) and collects them
 * ({@link org.kwire.records.RecordsDecoder#internalRecords}: {@link org.kwire.records.InternalRecordAt}, offset and
 * timestamp). A type or version without schema stays raw ({@code kafka.records.schema_unknown}); a key or value its
 * schema does not decode is {@code kafka.records.schema_malformed} with what could be decoded; every count and length
 * is checked before anything is read, at most maxNodes values per key or value.
 *
 * <h2>In, out</h2>
 * In: a frame's bytes ({@code ByteBuffer} or {@code FrameBytes} slices, read where they lie, never changed), the
 * field's offset and length, and optionally a tree node to fill. Out: a {@link org.kwire.records.RecordsSummary}
 * (immutable): {@link org.kwire.records.BatchInfo} per complete top-level entry, checksum counts and each
 * {@link org.kwire.records.CrcFailure}, a {@link org.kwire.records.PartialBatch} cut short at the end (what a fetch
 * size limit leaves: not an error), codecs ({@link org.kwire.records.Codec}), record counts and sizes, notes; the
 * same with or without a tree. Two depths: deep (every payload decompressed, every record walked) and
 * {@link org.kwire.records.RecordsDecoder#headersOnly} (headers and whole-entry CRCs only, the default of
 * {@code kwire analyze}; see the class for what it leaves out). {@link org.kwire.records.RecordsOptions} bounds the
 * work: bytes one top-level entry may decompress to, nesting depth, value bytes shown (keys, values and headers are
 * shown only when asked: captures carry user data).
 *
 * <h2>Errors</h2>
 * Never throws on bad bytes: what does not fit is an expert note ({@code kafka.records.*}: checksum, malformed,
 * undecoded, truncated), attached to the node concerned and always in the summary. A payload whose codec's library is
 * not on the class path (snappy-java, lz4-java and zstd-jni are optional dependencies of dissector-core) is one
 * {@code kafka.records.codec_unavailable} note naming the artifact to add, e.g. {@code zstd payload of 47 bytes not
 * decoded: com.github.luben:zstd-jni is not on the class path (an optional dependency of dissector-core: add it to
 * decode zstd payloads)}; the rest of the field still decodes.
 *
 * <h2>Memory, threads</h2>
 * Nothing is allocated per declared count or length; decompression output is bounded per top-level entry by
 * {@code maxDecompressedBytes} (a bomb costs at most that). A decoder is immutable and thread-safe; each thread reuses
 * its own scratch arrays and decompression contexts, so many threads decode at once without allocating per batch.
 *
 * <h2>Rules from</h2>
 * Kafka's docs "Record Batch", "Record", "Message Sets" and "Fetch API", KIP-98 (v2 batches, transactions, control
 * records), KIP-31 and KIP-32 (magic 1), KIP-57 (the LZ4 header checksum), KIP-110 (zstd), RFC 1952 (gzip), RFC 8878
 * (zstd frames), the LZ4 frame format description and snappy-java's stream format; for Kafka's own records, the
 * framing of Kafka's {@code MetadataRecordSerde} (KIP-500/631), {@code CoordinatorRecordSerde} (KIP-848),
 * {@code ControlRecordType} and {@code ControlRecordUtils} (KIP-98, KIP-595, KIP-853).
 *
 * <h2>API status</h2>
 * Internal, but for the types the front door's signatures expose ({@code KafkaDecoder.create(SchemaRegistry,
 * RecordsOptions)}, {@code org.kwire.api.RecordsCheck}): {@link org.kwire.records.RecordsOptions},
 * {@link org.kwire.records.BatchInfo}, {@link org.kwire.records.CrcFailure}, {@link org.kwire.records.PartialBatch}
 * and {@link org.kwire.records.Codec}. Those are part of the public API as they stand (kwire's own types, shown as
 * they are: a change to them is noted in docs/LIBRARY.md); the decoder and the rest (the internal records' types
 * among them, for now) may change without notice.
 */
package org.kwire.records;
