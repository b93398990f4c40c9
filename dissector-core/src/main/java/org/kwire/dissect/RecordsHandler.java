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
