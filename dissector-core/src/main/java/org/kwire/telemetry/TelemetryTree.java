package org.kwire.telemetry;

import org.kwire.dissect.RecordsHandler;
import org.kwire.expert.ExpertItem;
import org.kwire.expert.ExpertNote;
import org.kwire.records.Codec;
import org.kwire.tree.FieldNode;

import java.nio.ByteBuffer;
import java.util.Map;

/**
 * Puts a PushTelemetry payload's metrics under its {@code Metrics} node of a dissection tree: a {@code MetricsData}
 * node, one node per metric (its name as value; type, unit and points as detail), one per data point (its value, or
 * count and sum) with its attributes and {@code time_unix_nano}. protobuf-java does not say where a field lies, so
 * every node spans the whole payload: the frame's bytes of an uncompressed payload, else the decompressed bytes
 * ({@link FieldNode#inDecompressed()}). A problem is an expert note on the {@code Metrics} node at the payload's first
 * byte. Record sets are left to the handler it wraps. Thread-safe if that handler is.
 */
public final class TelemetryTree implements RecordsHandler {

    private final RecordsHandler records;
    private final int maxDecompressed;

    /**
     * @param records         decodes records fields
     * @param maxDecompressed most bytes a payload may decompress to ({@code --max-decompressed})
     */
    public TelemetryTree(RecordsHandler records, int maxDecompressed) {
        this.records = records;
        this.maxDecompressed = maxDecompressed;
    }

    @Override
    public String dissect(ByteBuffer frame, int offset, int length, long packet, FieldNode parent) {
        return records.dissect(frame, offset, length, packet, parent);
    }

    @Override
    public String dissect(ByteBuffer frame, int offset, int length, long packet, FieldNode parent, String topic) {
        return records.dissect(frame, offset, length, packet, parent, topic);
    }

    @Override
    public com.fasterxml.jackson.databind.JsonNode values(ByteBuffer frame, int offset, int length, String topic) {
        return records.values(frame, offset, length, topic);
    }

    @Override
    public String topicName(String topicId) {
        return records.topicName(topicId);
    }

    @Override
    public String telemetry(ByteBuffer frame, int offset, int length, int compressionType, long packet, FieldNode metrics) {
        TelemetryPayload p = TelemetryPayload.decode(compressionType, frame.slice(offset, length), maxDecompressed,
                TelemetryPayload.DEFAULT_MAX_POINTS);
        if (p.problem() != null) {
            metrics.note(new ExpertNote(p.problem(), packet, offset, "", p.message()));
            return p.describe();
        }
        if (p.pointsLeftOut() > 0) {
            metrics.note(new ExpertNote(ExpertItem.TELEMETRY_POINTS_LEFT_OUT, packet, offset, "", p.pointsLeftOut()
                    + " data points left out: one payload keeps at most " + TelemetryPayload.DEFAULT_MAX_POINTS));
        }
        boolean decompressed = p.codec() != Codec.NONE;
        int at = decompressed ? 0 : offset;
        int span = decompressed ? p.bytes() : length;
        FieldNode data = metrics.add(new FieldNode("MetricsData", "otlp", at, span).setInDecompressed(decompressed)
                .setDetail(p.describe()).setAbout("OpenTelemetry MetricsData (metrics.proto), KIP-714"));
        int i = 0;
        for (TelemetryMetric m : p.metrics()) {
            FieldNode mn = data.add(node("Metric[" + i++ + "]", m.type().label(), at, span, decompressed).setValue(m.name())
                    .setDetail((m.unit().isEmpty() ? "" : "unit " + m.unit() + ", ") + m.points().size()
                            + (m.points().size() == 1 ? " data point" : " data points")));
            int j = 0;
            for (TelemetryPoint pt : m.points()) {
                FieldNode pn = mn.add(node("DataPoint[" + j++ + "]", m.type().counted() ? "count/sum" : "double", at, span,
                        decompressed));
                if (m.type().counted()) {
                    pn.setDetail("count=" + pt.count() + " sum=" + pt.sum());
                } else {
                    pn.setValue(pt.value());
                }
                for (Map.Entry<String, String> a : pt.attributes().entrySet()) {
                    pn.add(node(a.getKey(), "attribute", at, span, decompressed).setValue(a.getValue()));
                }
                pn.add(node("time_unix_nano", "fixed64", at, span, decompressed).setValue(pt.timeUnixNano()));
            }
        }
        return p.describe();
    }

    private static FieldNode node(String name, String type, int at, int span, boolean decompressed) {
        return new FieldNode(name, type, at, span).setInDecompressed(decompressed);
    }
}
