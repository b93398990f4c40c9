package org.kwire.telemetry;

import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.metrics.v1.Gauge;
import io.opentelemetry.proto.metrics.v1.Histogram;
import io.opentelemetry.proto.metrics.v1.HistogramDataPoint;
import io.opentelemetry.proto.metrics.v1.Metric;
import io.opentelemetry.proto.metrics.v1.MetricsData;
import io.opentelemetry.proto.metrics.v1.NumberDataPoint;
import io.opentelemetry.proto.metrics.v1.ResourceMetrics;
import io.opentelemetry.proto.metrics.v1.ScopeMetrics;
import io.opentelemetry.proto.metrics.v1.Sum;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.message.PushTelemetryRequestData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.record.internal.CompressionType;
import org.apache.kafka.common.requests.PushTelemetryRequest;
import org.apache.kafka.common.requests.RequestHeader;
import org.apache.kafka.common.telemetry.internals.ClientTelemetryUtils;
import org.junit.jupiter.api.Test;
import org.kwire.api.Framing;
import org.kwire.api.KafkaDecoder;
import org.kwire.expert.ExpertNote;
import org.kwire.records.RecordsOptions;
import org.kwire.schema.SchemaRegistry;
import org.kwire.tree.FieldNode;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * PushTelemetry requests built by kafka-clients (PushTelemetryRequestData, serialized with its header), their metrics
 * built with the opentelemetry-proto classes and compressed by the Java client's own code
 * ({@code ClientTelemetryUtils.compress}, which takes its shaded copy of MetricsData: the same bytes, re-read), for each
 * codec; dissected, the Metrics node shows exactly what was built. Bad payloads are one note each, at the payload.
 */
class PushTelemetryDissectTest {

    private static final long T1 = 1_764_000_000_123_456_789L;
    private static final long T2 = 1_764_000_001_000_000_000L;
    private static final Uuid INSTANCE = new Uuid(0x1234_5678_9abc_def0L, 0x0fed_cba9_8765_4321L);

    static MetricsData metrics() {
        Metric gauge = Metric.newBuilder().setName("org.apache.kafka.producer.record.queue.time.avg").setUnit("ms")
                .setGauge(Gauge.newBuilder().addDataPoints(NumberDataPoint.newBuilder().setAsDouble(12.5).setTimeUnixNano(T1)
                        .addAttributes(attr("client_id", "app-1")).addAttributes(attr("topic", "orders")))).build();
        Metric sum = Metric.newBuilder().setName("org.apache.kafka.producer.connection.creation.total")
                .setSum(Sum.newBuilder().setIsMonotonic(true).addDataPoints(NumberDataPoint.newBuilder().setAsInt(3)
                        .setTimeUnixNano(T2))).build();
        Metric histogram = Metric.newBuilder().setName("org.apache.kafka.producer.request.latency").setUnit("s")
                .setHistogram(Histogram.newBuilder().addDataPoints(HistogramDataPoint.newBuilder().setCount(7).setSum(0.75)
                        .setTimeUnixNano(T2).addAttributes(KeyValue.newBuilder().setKey("node_id")
                                .setValue(AnyValue.newBuilder().setIntValue(1))))).build();
        return MetricsData.newBuilder().addResourceMetrics(ResourceMetrics.newBuilder().addScopeMetrics(
                ScopeMetrics.newBuilder().addMetrics(gauge).addMetrics(sum).addMetrics(histogram))).build();
    }

    private static KeyValue attr(String key, String value) {
        return KeyValue.newBuilder().setKey(key).setValue(AnyValue.newBuilder().setStringValue(value)).build();
    }

    /** The payload as the Java client compresses it. */
    static byte[] compressed(MetricsData data, CompressionType type) throws Exception {
        ByteBuffer b = ClientTelemetryUtils.compress(
                org.apache.kafka.shaded.io.opentelemetry.proto.metrics.v1.MetricsData.parseFrom(data.toByteArray()), type);
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return out;
    }

    /** A size-prefixed PushTelemetry v0 request, correlation_id 7, client_id "app-1". */
    static ByteBuffer request(byte[] payload, CompressionType type, boolean terminating) {
        PushTelemetryRequestData data = new PushTelemetryRequestData().setClientInstanceId(INSTANCE).setSubscriptionId(5)
                .setTerminating(terminating).setCompressionType(type.id).setMetrics(ByteBuffer.wrap(payload));
        ByteBuffer b = new PushTelemetryRequest.Builder(data, true).build((short) 0)
                .serializeWithHeader(new RequestHeader(ApiKeys.PUSH_TELEMETRY, (short) 0, "app-1", 7));
        return ByteBuffer.allocate(4 + b.remaining()).putInt(b.remaining()).put(b).flip();
    }

    private static FieldNode metricsNode(KafkaDecoder decoder, ByteBuffer frame) {
        FieldNode tree = decoder.request(frame, Framing.SIZE_PREFIXED).tree();
        return tree.child("PushTelemetryRequest").child("Metrics");
    }

    @Test
    void eachCodecsPayloadDissectsToTheMetricsBuilt() throws Exception {
        KafkaDecoder decoder = KafkaDecoder.create();
        int raw = metrics().toByteArray().length;
        for (CompressionType type : CompressionType.values()) {
            byte[] payload = compressed(metrics(), type);
            FieldNode m = metricsNode(decoder, request(payload, type, false));
            assertEquals(List.of(), notes(m), type.name);
            FieldNode data = m.child("MetricsData");
            assertEquals("3 metrics, 3 data points" + (type == CompressionType.NONE ? ""
                    : " (" + type.name + ", " + raw + " bytes decompressed)"), data.detail(), type.name);
            assertEquals(type != CompressionType.NONE, data.inDecompressed(), type.name);

            FieldNode gauge = data.children().get(0);
            assertEquals("org.apache.kafka.producer.record.queue.time.avg", gauge.value());
            assertEquals("gauge", gauge.type());
            assertEquals("unit ms, 1 data point", gauge.detail());
            FieldNode p = gauge.child("DataPoint[0]");
            assertEquals(12.5, p.value());
            assertEquals("app-1", p.child("client_id").value());
            assertEquals("orders", p.child("topic").value());
            assertEquals(T1, p.child("time_unix_nano").value());

            FieldNode sum = data.children().get(1);
            assertEquals("org.apache.kafka.producer.connection.creation.total", sum.value());
            assertEquals("sum", sum.type());
            assertEquals(3.0, sum.child("DataPoint[0]").value());
            assertEquals(T2, sum.child("DataPoint[0]").child("time_unix_nano").value());

            FieldNode histogram = data.children().get(2);
            assertEquals("histogram", histogram.type());
            assertEquals("count=7 sum=0.75", histogram.child("DataPoint[0]").detail());
            assertEquals("1", histogram.child("DataPoint[0]").child("node_id").value());
        }
    }

    @Test
    void thePayloadDecodesToTypedMetrics() throws Exception {
        byte[] payload = compressed(metrics(), CompressionType.ZSTD);
        TelemetryPayload p = TelemetryPayload.decode(CompressionType.ZSTD.id, ByteBuffer.wrap(payload), 1 << 20, 10);
        assertNull(p.problem());
        assertEquals(List.of(
                new TelemetryMetric("org.apache.kafka.producer.record.queue.time.avg", MetricType.GAUGE, "ms",
                        List.of(new TelemetryPoint(java.util.Map.of("client_id", "app-1", "topic", "orders"), T1, 12.5, -1, Double.NaN))),
                new TelemetryMetric("org.apache.kafka.producer.connection.creation.total", MetricType.SUM, "",
                        List.of(new TelemetryPoint(java.util.Map.of(), T2, 3.0, -1, Double.NaN))),
                new TelemetryMetric("org.apache.kafka.producer.request.latency", MetricType.HISTOGRAM, "s",
                        List.of(new TelemetryPoint(java.util.Map.of("node_id", "1"), T2, Double.NaN, 7, 0.75)))), p.metrics());

        TelemetryPayload capped = TelemetryPayload.decode(CompressionType.ZSTD.id, ByteBuffer.wrap(payload), 1 << 20, 2);
        assertEquals(1, capped.pointsLeftOut());
        assertEquals(List.of(), capped.metrics().get(2).points());
    }

    @Test
    void badPayloadsAreOneNoteAtThePayload() throws Exception {
        KafkaDecoder decoder = KafkaDecoder.create();
        // size; header v2: api key, version, correlation id, client_id, tagged fields; body: ClientInstanceId, SubscriptionId,
        // Terminating, CompressionType, Metrics' length (a uvarint: 1 byte up to 126 bytes of payload, then 2)
        int at = 4 + 2 + 2 + 4 + 2 + "app-1".length() + 1 + 16 + 4 + 1 + 1 + 1;
        assertNotes(metricsNode(decoder, request(new byte[] {(byte) 0xff, (byte) 0xff, 0x01}, CompressionType.NONE, true)),
                "kafka.telemetry.malformed at " + at);
        assertNotes(metricsNode(decoder, request(new byte[] {1, 2, 3, 4, 5}, CompressionType.GZIP, false)),
                "kafka.records.compression_malformed at " + at);
        byte[] lz4 = compressed(metrics(), CompressionType.LZ4);
        assertTrue(lz4.length > 126 && lz4.length < 16_383);
        KafkaDecoder small = KafkaDecoder.create(SchemaRegistry.bundled(), new RecordsOptions(64, false, 256, 1));
        assertNotes(metricsNode(small, request(lz4, CompressionType.LZ4, false)), "kafka.records.decompression_limit at " + (at + 1));
    }

    private static void assertNotes(FieldNode metrics, String expected) {
        List<String> got = notes(metrics).stream().map(n -> n.item().id() + " at " + n.offset()).toList();
        assertEquals(List.of(expected), got);
        assertNull(metrics.child("MetricsData"));
        assertTrue(metrics.detail().endsWith("not decoded (" + expected.substring(0, expected.indexOf(' ')) + ")"), metrics.detail());
    }

    private static List<ExpertNote> notes(FieldNode n) {
        List<ExpertNote> out = new ArrayList<>(n.notes());
        n.children().forEach(c -> out.addAll(notes(c)));
        return out;
    }
}
