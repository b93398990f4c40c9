package org.kwire.protocol;

/**
 * A decoded Kafka request header (RequestHeader.json, versions 0-2).
 *
 * @param apiKey        ApiKey (int16)
 * @param apiVersion    API version (int16)
 * @param correlationId correlation_id (int32), echoed by the response
 * @param clientId      client_id (header v1+; null if absent or null on the wire)
 * @param headerVersion 0, 1 or 2
 * @param length        header length in bytes (after the 4-byte size prefix)
 */
public record RequestHeader(short apiKey, short apiVersion, int correlationId, String clientId, int headerVersion,
                            int length) {
}
