/**
 * Kafka's message schemas, the data every decoding stage is driven by (not a stage of its own).
 * {@link org.kwire.schema.SchemaRegistry} holds the request and response schemas of several Kafka releases, merged: for
 * each (api key, direction, version) the newest release whose {@code validVersions} includes that version wins. The
 * bundled releases are the {@code common/message/*.json} files of the kafka-clients artifacts named in
 * {@code releases.properties} (filled in from the parent pom); they are parsed and validated at build time by
 * {@code SchemaBundler}, a build tool in dissector-core's {@code src/build/java} that the jar does not carry, into one
 * binary resource ({@code bundled.schemas}), so no JSON is parsed for them at run time. Of further releases only the
 * request version ranges are bundled, for the readiness check
 * ({@link org.kwire.schema.SchemaRegistry#requestVersions}). The schemas of the records Kafka writes into its own logs
 * (issue 23) are bundled too, from the newest release's kafka-metadata ({@code common/metadata}) and coordinators'
 * artifacts ({@code common/message} of kafka-group-coordinator, kafka-transaction-coordinator,
 * kafka-share-coordinator), parsed and validated the same way: {@link org.kwire.schema.SchemaRegistry#records()}
 * ({@link org.kwire.schema.RecordSchemas}) looks them up by {@link org.kwire.schema.RecordFamily}, record type and key
 * or value, the control records' among kafka-clients' data messages.
 *
 * <h2>In, out</h2>
 * In: an api key, a {@link org.kwire.schema.Direction} and a version; or, for
 * {@link org.kwire.schema.SchemaRegistry#withOverlay}, a folder of schema files in Kafka's format (JSON with
 * {@code //} comments) that count as newer than every bundled release. Out: values, never JSON:
 * {@link org.kwire.schema.MessageSpec} and its {@link org.kwire.schema.FieldSpec}s as the file wrote them,
 * {@link org.kwire.schema.VersionRange}s, API names and keys. A lookup that finds nothing is an empty
 * {@code Optional}, an empty set, {@code null} (documented per method), {@code -1} or {@code "Unknown(N)"}, never an
 * exception.
 *
 * <h2>Errors</h2>
 * {@link org.kwire.schema.SchemaRegistry#bundled()} throws {@link java.io.UncheckedIOException} if the bundled
 * resource is missing or corrupt (a build defect, never the input's). {@code withOverlay} throws
 * {@link java.io.IOException} for a folder that cannot be read or holds no request or response schema, and for a file
 * that breaks a rule of the format, its message naming the file, the struct and the field
 * ({@code FooRequest.json: struct Topics, field Name: no "versions"}).
 *
 * <h2>Threads</h2>
 * A registry is immutable and thread-safe: the bundled one is read once, its index at first use, and each schema's
 * fields are decoded when a plan first needs them, at most once, from any thread. The spec records are immutable.
 *
 * <h2>Rules from</h2>
 * Kafka's {@code clients/src/main/resources/common/message/README.md} ({@code versions}, {@code nullableVersions},
 * {@code taggedVersions}, {@code flexibleVersions}, common structs) and the checks of Kafka's own message generator;
 * flexible versions and tagged fields per KIP-482. Kafka's generator also takes a tagged field without
 * {@code versions} (present in its {@code taggedVersions}), and reads {@code "default": null} (JSON null, unlike the
 * string {@code "null"}) as no default; so does {@code SchemaParser}. The internal records' framing: Kafka's
 * {@code MetadataRecordSerde}, {@code CoordinatorRecordSerde}, {@code ControlRecordType} and {@code ControlRecordUtils}.
 *
 * <h2>API status</h2>
 * Internal, but for the types the front door's signatures expose ({@code KafkaDecoder.create(SchemaRegistry,
 * RecordsOptions)}, {@code KafkaDecoder.schemas()}): {@link org.kwire.schema.SchemaRegistry} and the values its
 * methods return, {@link org.kwire.schema.MessageSpec}, {@link org.kwire.schema.FieldSpec},
 * {@link org.kwire.schema.VersionRange} and {@link org.kwire.schema.Direction}, and what
 * {@link org.kwire.schema.SchemaRegistry#records()} returns ({@link org.kwire.schema.RecordSchemas},
 * {@link org.kwire.schema.RecordFamily}). Those are part of the public API as
 * they stand (kwire's own types, shown as they are: a change to them is noted in docs/LIBRARY.md); everything else
 * here is package-private.
 */
package org.kwire.schema;
