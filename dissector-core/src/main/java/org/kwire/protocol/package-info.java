/**
 * Kafka's framing vocabulary: the request and response headers of size-prefixed frames and the primitive types they
 * and the bodies are written in. {@link org.kwire.protocol.HeaderDecoder} decodes a request header
 * ({@code RequestHeader.json} v0-2) or a response header ({@code ResponseHeader.json} v0-1, whose version follows the
 * request's API and version) from a frame whose index 0 is the int32 size prefix, into the records
 * {@link org.kwire.protocol.KafkaRequestHeader} and {@link org.kwire.protocol.KafkaResponseHeader};
 * {@link org.kwire.protocol.HeaderVersions} says which header version an API version uses;
 * {@link org.kwire.protocol.RequestFrame} and {@link org.kwire.protocol.ResponseFrame} are frames as the stream stage
 * cuts them, header or correlation_id read once; {@link org.kwire.protocol.WireReader} reads the primitive types
 * (int8 .. int64, unsigned varints, zig-zag varints and varlongs, float64, UTF-8 strings, tagged-field sections),
 * bounds-checked, over one buffer or a frame's slices; {@link org.kwire.protocol.ErrorCodes} names error codes.
 *
 * <h2>Errors</h2>
 * A read past the bytes throws {@link org.kwire.protocol.WireReader.Truncated} (a checked exception with the offset
 * and the bytes needed), which every caller in dissector-core turns into an expert note or a
 * {@code NotAFrameException}; {@link org.kwire.protocol.HeaderDecoder#looksLikeRequest} never throws. Nothing else
 * here throws on bad bytes.
 *
 * <h2>Threads</h2>
 * {@link org.kwire.protocol.HeaderDecoder}, {@link org.kwire.protocol.HeaderVersions}, the header and frame records and
 * {@link org.kwire.protocol.ErrorCodes} are immutable and thread-safe; a {@link org.kwire.protocol.WireReader} is a
 * cursor, used by one thread.
 *
 * <h2>Rules from</h2>
 * Kafka's protocol guide ("Common Request and Response Structure", "Protocol Primitive Types", "Error Codes"), the
 * header schemas above, and the generated {@code ApiMessageType.requestHeaderVersion/responseHeaderVersion} with the
 * two exceptions Kafka special-cases (ApiVersions responses always header v0, KIP-511; ControlledShutdown v0 requests
 * header v0). The error code table is Kafka 4.4.0's {@code Errors} enum.
 *
 * <h2>API status</h2>
 * Internal: may change without notice. The front door gives headers as its own {@code org.kwire.api.FrameHeader}.
 * ({@link org.kwire.protocol.KafkaRequestHeader} is reachable from {@code org.kwire.summary.ExchangeSummary}, which only
 * {@code KafkaExchange.of}, an adapter for code that runs kwire's pipeline itself, names; see
 * {@code org.kwire.summary}.)
 */
package org.kwire.protocol;
