package org.kwire.api;

import java.util.Optional;

/**
 * The header of one decoded request or response frame, as values. For a request, as it was on the wire
 * (RequestHeader.json: api key, api version, correlation_id, client_id); for a response, its correlation_id and the
 * request API and version the caller gave (ResponseHeader.json carries only the correlation_id). Header versions
 * follow the API's flexible versions (KIP-482). Immutable, thread-safe.
 * <p>
 * Named {@code FrameHeader} so as not to clash with kafka-clients' {@code RequestHeader}/{@code ResponseHeader}.
 *
 * @param request       true for a request header, false for a response header
 * @param apiKey        the API's key (int16 on the wire), e.g. 3 for Metadata
 * @param apiName       the API's name in Kafka's schemas, e.g. {@code "Metadata"}; {@code "Unknown(N)"} for a key
 *                      no bundled schema defines
 * @param apiVersion    the API version (int16 on the wire; a response's is its request's)
 * @param correlationId correlation_id (int32), echoed by the response
 * @param clientId      client_id (request header v1 and v2); empty when null on the wire, in header v0 and in
 *                      responses
 * @param headerVersion the header's version: request 0-2, response 0-1
 * @param length        the header's length in bytes
 */
public record FrameHeader(boolean request, int apiKey, String apiName, int apiVersion, int correlationId,
                          Optional<String> clientId, int headerVersion, int length) {
}
