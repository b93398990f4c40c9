package org.kwire.dissect;

import org.kwire.tree.FieldNode;

import java.nio.ByteBuffer;

/** Decodes the content of a {@code records} field into child nodes (the record-batch decoder plugs in here). */
@FunctionalInterface
public interface RecordsHandler {

    /**
     * @param frame  the frame
     * @param offset first byte of the record set
     * @param length its length in bytes
     * @param packet capture frame number for expert notes (0 if none)
     * @param parent the records field's node: batch nodes are appended to it
     * @return a short description of the content for the records node, e.g. {@code "1 RecordBatch"}
     */
    String dissect(ByteBuffer frame, int offset, int length, long packet, FieldNode parent);

    /**
     * {@link #dissect(ByteBuffer, int, int, long, FieldNode)} of the records of a known topic: the name the message
     * gives the records field's topic (its {@code topicName} field, or its topic id's name where {@link #topicName}
     * knows it), or null. A handler that decodes Kafka's internal topics' records by their schemas uses it; by default
     * it is ignored.
     */
    default String dissect(ByteBuffer frame, int offset, int length, long packet, FieldNode parent, String topic) {
        return dissect(frame, offset, length, packet, parent);
    }

    /**
     * Kafka's own records in the records field {@code frame[offset, offset + length)} of a topic (or null) in Kafka's
     * JSON shape, for {@code --format values}: an array, one entry per record; null (the default) when this handler
     * decodes none (a topic's records are user data, shown only as sizes).
     */
    default com.fasterxml.jackson.databind.JsonNode values(ByteBuffer frame, int offset, int length, String topic) {
        return null;
    }

    /** The name of a topic id (Kafka's base64 form) as far as this handler knows it, or null; by default none. */
    default String topicName(String topicId) {
        return null;
    }

    /**
     * Decodes the content of PushTelemetry's {@code Metrics} bytes (KIP-714: OTLP MetricsData, compressed with the
     * request's {@code CompressionType}) into child nodes of its node; by default it does not
     * ({@code org.kwire.telemetry.TelemetryTree} does).
     *
     * @param frame           the frame
     * @param offset          first byte of the payload
     * @param length          its length in bytes
     * @param compressionType the request's {@code CompressionType}
     * @param packet          capture frame number for expert notes (0 if none)
     * @param metrics         the Metrics field's node
     * @return a short description of the content for the node, or null if not decoded
     */
    default String telemetry(ByteBuffer frame, int offset, int length, int compressionType, long packet, FieldNode metrics) {
        return null;
    }

    /** Shows only the size of the record set. */
    RecordsHandler SIZE_ONLY = (frame, offset, length, packet, parent) -> length + " bytes";
}
