package org.kwire.protocol;

/**
 * A decoded Kafka response header (ResponseHeader.json, versions 0-1).
 *
 * @param correlationId correlation_id (int32) of the request answered
 * @param headerVersion 0 or 1 (v1 adds a tagged-field section)
 * @param length        header length in bytes (after the 4-byte size prefix)
 */
public record ResponseHeader(int correlationId, int headerVersion, int length) {
}
