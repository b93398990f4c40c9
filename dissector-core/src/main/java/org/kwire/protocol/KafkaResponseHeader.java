package org.kwire.protocol;

/**
 * A decoded Kafka response header (ResponseHeader.json, versions 0-1).
 *
 * @param correlationId correlation_id (int32) of the request answered
 * @param headerVersion 0 or 1 (v1 adds a tagged-field section)
 * @param length        header length in bytes (after the 4-byte size prefix)
 * @param taggedFields  number of tagged fields in the header (v1; 0 in v0)
 */
public record KafkaResponseHeader(int correlationId, int headerVersion, int length, int taggedFields) {

    /** A header without tagged fields. */
    public KafkaResponseHeader(int correlationId, int headerVersion, int length) {
        this(correlationId, headerVersion, length, 0);
    }

    /** Offset of the body in the frame: after the 4-byte size prefix and the header. */
    public int bodyOffset() {
        return 4 + length;
    }
}
