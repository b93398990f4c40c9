package org.kwire.protocol;

/**
 * A decoded Kafka request header (RequestHeader.json, versions 0-2).
 *
 * @param apiKey         ApiKey (int16)
 * @param apiVersion     API version (int16)
 * @param correlationId  correlation_id (int32), echoed by the response
 * @param clientId       client_id (header v1+; null if absent or null on the wire)
 * @param headerVersion  0, 1 or 2
 * @param length         header length in bytes (after the 4-byte size prefix)
 * @param clientIdLength the client_id's int16 length prefix as on the wire (-1 for null; 0 in header v0, which has
 *                       no client_id)
 * @param taggedFields   number of tagged fields in the header's tagged-field section (header v2; 0 before)
 */
public record KafkaRequestHeader(short apiKey, short apiVersion, int correlationId, String clientId, int headerVersion,
                            int length, int clientIdLength, int taggedFields) {

    /** A header without the wire details of its client_id and tagged fields (tests, hand-built headers). */
    public KafkaRequestHeader(short apiKey, short apiVersion, int correlationId, String clientId, int headerVersion, int length) {
        this(apiKey, apiVersion, correlationId, clientId, headerVersion, length,
                clientId == null ? -1 : clientId.getBytes(java.nio.charset.StandardCharsets.UTF_8).length, 0);
    }

    /** Offset of the body in the frame: after the 4-byte size prefix and the header. */
    public int bodyOffset() {
        return 4 + length;
    }
}
