package org.kwire.protocol;

import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.ObjectSerializationCache;
import org.apache.kafka.common.requests.RequestHeader;
import org.apache.kafka.common.requests.ResponseHeader;
import org.junit.jupiter.api.Test;
import org.kwire.schema.SchemaRegistry;

import java.nio.ByteBuffer;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Headers serialized by kafka-clients 4.4.0 itself, for every API and version, decode to the same values. */
class HeaderDecoderTest {

    private final HeaderDecoder decoder = new HeaderDecoder(SchemaRegistry.bundled());

    /** A frame: size prefix, the header as Kafka writes it, then {@code body} filler bytes. */
    private static ByteBuffer requestFrame(RequestHeader h, int body) {
        ObjectSerializationCache cache = new ObjectSerializationCache();
        int size = h.data().size(cache, h.headerVersion());
        ByteBuffer b = ByteBuffer.allocate(4 + size + body);
        b.putInt(size + body);
        h.data().write(new ByteBufferAccessor(b), cache, h.headerVersion());
        return b.rewind();
    }

    @Test
    void requestHeadersOfEveryApiVersionMatchKafka() throws Exception {
        int n = 0;
        for (ApiKeys k : ApiKeys.values()) {
            for (short v = k.messageType.lowestSupportedVersion(); v <= k.messageType.highestSupportedVersion(true); v++) {
                RequestHeader kafka = new RequestHeader(k, v, "client-é-" + n, 1000 + n);
                ByteBuffer frame = requestFrame(kafka, 3);
                org.kwire.protocol.KafkaRequestHeader ours = decoder.request(frame);
                String what = k.name + " v" + v;
                assertEquals(k.id, ours.apiKey(), what);
                assertEquals(v, ours.apiVersion(), what);
                assertEquals(1000 + n, ours.correlationId(), what);
                assertEquals(kafka.headerVersion(), ours.headerVersion(), what);
                assertEquals(kafka.headerVersion() == 0 ? null : "client-é-" + n, ours.clientId(), what);
                assertEquals(frame.limit() - 4 - 3, ours.length(), what);
                assertTrue(decoder.looksLikeRequest(frame, 1 << 20), what);
                n++;
            }
        }
        assertEquals(309, n, "request versions of kafka-clients 4.4.0");
    }

    @Test
    void responseHeaderVersionsOfEveryApiVersionMatchKafka() throws Exception {
        for (ApiKeys k : ApiKeys.values()) {
            for (short v = k.messageType.lowestSupportedVersion(); v <= k.messageType.highestSupportedVersion(true); v++) {
                short hv = k.responseHeaderVersion(v);
                ResponseHeader kafka = new ResponseHeader(77, hv);
                ObjectSerializationCache cache = new ObjectSerializationCache();
                int size = kafka.data().size(cache, hv);
                ByteBuffer b = ByteBuffer.allocate(4 + size).putInt(size);
                kafka.data().write(new ByteBufferAccessor(b), cache, hv);
                org.kwire.protocol.KafkaResponseHeader ours = decoder.response(b.rewind(), k.id, v);
                assertEquals(77, ours.correlationId());
                assertEquals(hv, ours.headerVersion(), k.name + " v" + v);
                assertEquals(size, ours.length(), k.name + " v" + v);
            }
        }
    }

    @Test
    void truncatedHeaderIsReported() {
        ByteBuffer frame = requestFrame(new RequestHeader(ApiKeys.METADATA, (short) 12, "abcdef", 5), 0);
        ByteBuffer cut = frame.slice(0, frame.limit() - 3);
        WireReader.Truncated t = assertThrows(WireReader.Truncated.class, () -> decoder.request(cut));
        assertEquals(14, t.offset); // the client_id string starts after its int16 length at offset 12
    }

    @Test
    void recognisesOnlyPlausibleRequests() {
        ByteBuffer ok = requestFrame(new RequestHeader(ApiKeys.API_VERSIONS, (short) 3, "x", 1), 0);
        assertTrue(decoder.looksLikeRequest(ok, 1 << 20));
        assertFalse(decoder.looksLikeRequest(ByteBuffer.wrap(new byte[]{0x16, 3, 1, 0, 0x50, 1, 0, 0, 0x4c, 3, 3, 0, 0, 0}),
                1 << 20), "a TLS ClientHello");
        ByteBuffer badVersion = ok.duplicate();
        ByteBuffer copy = ByteBuffer.allocate(ok.limit()).put(badVersion).flip();
        copy.putShort(6, (short) 99);
        assertFalse(decoder.looksLikeRequest(copy, 1 << 20), "unknown version");
        assertFalse(decoder.looksLikeRequest(ok, 4), "size above the maximum");
    }

    /**
     * Regression (issue 21): a frame is read from its buffer's position, as the JDK's readers do; before, a frame
     * wrapped at index 100 of an array decoded as api_key 0, v0, correlation_id 0, without a word. The tree and values
     * of {@code FrameDissector} likewise.
     */
    @Test
    void aFrameIsReadFromItsBuffersPosition() throws WireReader.Truncated {
        ByteBuffer frame = requestFrame(new RequestHeader(ApiKeys.METADATA, (short) 12, "app", 42), 0);
        byte[] big = new byte[100 + frame.limit()];
        frame.get(0, big, 100, frame.limit());
        ByteBuffer wrapped = ByteBuffer.wrap(big, 100, frame.limit());
        for (ByteBuffer b : new ByteBuffer[] {wrapped, wrapped.slice(), wrapped.duplicate()}) {
            org.kwire.protocol.KafkaRequestHeader h = decoder.request(b);
            assertEquals(List.of(3, 12, 42, "app"), List.of((int) h.apiKey(), (int) h.apiVersion(), h.correlationId(), h.clientId()));
            org.kwire.dissect.FrameDissector dissector = new org.kwire.dissect.FrameDissector(
                    new org.kwire.plan.PlanCache(SchemaRegistry.bundled()), org.kwire.dissect.RecordsHandler.SIZE_ONLY, true);
            assertEquals(42L, dissector.requestTree(b, h, 0).child("RequestHeader").child("correlation_id").value());
            assertEquals(100, wrapped.position());
        }
        assertEquals(7, decoder.response(ByteBuffer.wrap(new byte[] {9, 9, 0, 0, 0, 4, 0, 0, 0, 7}, 2, 8), 3, 0)
                .correlationId());
    }
}
