/**
 * The Wireshark plugin generator: {@code kwire wireshark-plugin} writes {@code kwire.lua}, a Lua dissector for
 * Wireshark and tshark (3.6 and newer; Lua 5.2 to 5.4) of every API and version of kwire's schemas, registered as the
 * protocol {@code kwire} beside Wireshark's built-in {@code kafka}.
 *
 * <h2>In, out</h2>
 * In: a {@link org.kwire.schema.SchemaRegistry} (the bundled schemas, or with a {@code --schemas} overlay). Out: Lua
 * text ({@link org.kwire.wireshark.WiresharkPlugin#write}): the tables {@link org.kwire.wireshark.PluginModel} derives
 * from the compiled plans (one {@code ProtoField} per filter name, {@link org.kwire.wireshark.PluginField}; the
 * distinct struct layouts; which layout each (api key, direction, version) body is; API and error names; the expert
 * items, by kwire's ids) followed by {@code kwire-runtime.lua}, the interpreter that walks them. Filter names follow
 * {@link org.kwire.wireshark.FieldNames}: {@code kwire.api_key}, {@code kwire.api_version},
 * {@code kwire.correlation_id}, {@code kwire.client_id} for the header, {@code kwire.<api>.<request|response>.<path>}
 * in snake_case for body fields, {@code kwire.records.*} and {@code kwire.record.*} for RecordBatch v2 headers and
 * records, and the generated {@code kwire.request_in}, {@code kwire.response_in} (frame numbers) and
 * {@code kwire.response_time} (seconds).
 *
 * <h2>What the generated dissector does</h2>
 * Frames by the 4-byte size ({@code dissect_tcp_pdus}); takes a packet to the port it was registered on (the
 * {@code ports} preference, default 9092, or Decode As / {@code -d tcp.port==N,kwire}) as a request; decodes the
 * header (request header v0 for ControlledShutdown v0, v2 for flexible versions; response header v0 for ApiVersions)
 * and the body by its layout: compact and legacy lengths, nullable strings, bytes, arrays and structs, tagged fields
 * by name (unknown tags shown as bytes with a note), uuids in Kafka's base64 form. A response is decoded with the api
 * key and version of the request with its correlation_id on the same connection, remembered on the first pass
 * ({@code tshark -2} shows {@code kwire.response_in} on requests too). Records: RecordBatch v2 headers with their
 * CRC-32C checked, records of uncompressed and gzip batches (Wireshark decompresses gzip; snappy, lz4 and zstd it
 * cannot from Lua); legacy message sets by their headers only; SASL tokens without a Kafka header by kwire's rule. Each problem is an
 * expert item named {@code kwire.} + kwire's expert id ({@code kwire.kafka.records.crc_invalid}, ...).
 *
 * <h2>Errors</h2>
 * Generation cannot fail on schemas that compiled (a schema nesting arrays directly, which none does, is an
 * {@link java.lang.IllegalArgumentException}); only the output's {@link java.io.IOException}s pass through.
 *
 * <h2>Threads</h2>
 * Stateless entry point; a {@link org.kwire.wireshark.PluginModel} is built by one thread and immutable after.
 *
 * <h2>Rules from</h2>
 * Kafka's message schema README and KIP-482 (as {@code org.kwire.plan}), KIP-98 (RecordBatch v2, CRC-32C), Wireshark's
 * Lua API ({@code Proto}, {@code ProtoField}, {@code ProtoExpert}, {@code dissect_tcp_pdus}; the Wireshark Developer's
 * Guide, "Lua Support in Wireshark").
 *
 * <h2>API status</h2>
 * Internal: the generated file and its filter names are the interface (docs/GUIDE.md, docs/wireshark.md).
 */
package org.kwire.wireshark;
