package org.kwire.bench.capture;

import org.apache.kafka.common.message.MetadataRequestData;
import org.apache.kafka.common.message.MetadataResponseData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.ObjectSerializationCache;
import org.apache.kafka.common.requests.MetadataRequest;
import org.apache.kafka.common.requests.RequestHeader;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

/**
 * Writes test-captures/sasl-gssapi-legacy.pcap: a faithful rebuild of a Kafka 0.9-style SASL/GSSAPI connection (KIP-12,
 * no SaslHandshake; brokers still accept it, KIP-43) on port 9092, since no Kerberos KDC is at hand to record one. The
 * byte layouts follow the specifications; the cryptographic contents are random bytes (nothing can decrypt them):
 * <ol>
 * <li>client: the GSS-API initial context token (RFC 2743 section 3.1: tag 0x60, DER length, the Kerberos V5 OID
 * 1.2.840.113554.1.2.2; RFC 4121 section 4.1: TOK_ID 01 00, then a KRB_AP_REQ, RFC 4120 section 5.5.1)</li>
 * <li>broker: the same framing around TOK_ID 02 00 and a KRB_AP_REP (mutual authentication)</li>
 * <li>client: an empty token (its context is established; RFC 4752 section 3.1)</li>
 * <li>broker: a Wrap token (RFC 4121 section 4.2.6.2, TOK_ID 05 04) carrying the 4-byte security-layer offer</li>
 * <li>client: a Wrap token with its choice; the broker sends nothing more (authentication complete)</li>
 * <li>then Kafka: two Metadata v0 exchanges (built by kafka-clients' generated classes), and the close</li>
 * </ol>
 * Every token is a bare frame: a 4-byte size prefix and the token. Run once: {@code java -cp bench/target/kwire-bench.jar
 * org.kwire.bench.capture.GssapiCapture OUT.pcap}.
 */
public final class GssapiCapture {

    private static final byte[] KRB5_OID = {0x06, 0x09, 0x2a, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xf7, 0x12, 0x01, 0x02, 0x02};
    private static final Random RANDOM = new Random(4121);

    private GssapiCapture() {
    }

    public static void main(String[] args) throws IOException {
        TcpFlow flow = new TcpFlow(0x7f000001, 51234, 0x7f000001, 9092, 0x1000_0000L, 16_384);
        flow.open();
        byte[] encrypted = der(0x30, concat(der(0xa0, der(0x02, new byte[] {18})), der(0xa2, der(0x04, random(180)))));
        byte[] apReq = der(0x6e, der(0x30, concat(der(0xa0, der(0x02, new byte[] {5})), der(0xa1, der(0x02, new byte[] {14})),
                der(0xa2, der(0x03, new byte[] {0, 0x20, 0, 0, 0})), der(0xa3, der(0x61, random(380))), der(0xa4, encrypted))));
        flow.send(true, frame(gss(new byte[] {1, 0}, apReq)));
        byte[] encPart = der(0x30, concat(der(0xa0, der(0x02, new byte[] {18})), der(0xa2, der(0x04, random(92)))));
        byte[] apRep = der(0x6f, der(0x30, concat(der(0xa0, der(0x02, new byte[] {5})), der(0xa1, der(0x02, new byte[] {15})),
                der(0xa2, encPart))));
        flow.send(false, frame(gss(new byte[] {2, 0}, apRep)));
        flow.send(true, frame(new byte[0]));
        flow.send(false, frame(wrap(0x05, new byte[] {0x07, 0x00, 0x10, 0x00})));
        flow.send(true, frame(wrap(0x04, new byte[] {0x01, 0x00, 0x10, 0x00})));
        for (int correlationId = 0; correlationId < 2; correlationId++) {
            MetadataRequest request = new MetadataRequest(new MetadataRequestData().setTopics(List.of(
                    new MetadataRequestData.MetadataRequestTopic().setName("gss-topic"))), (short) 0);
            flow.send(true, frame(bytes(request.serializeWithHeader(new RequestHeader(ApiKeys.METADATA, (short) 0,
                    "gssapi-client", correlationId)))));
            flow.send(false, frame(metadataResponse(correlationId)));
        }
        flow.close();
        try (PcapWriter out = new PcapWriter(Path.of(args[0]))) {
            long nanos = 1_764_547_200_000_000_000L; // 2025-12-01T00:00:00Z
            for (TcpFlow.Segment s; (s = flow.poll()) != null; nanos += 1_000_000) {
                out.write(nanos, flow, s);
            }
        }
    }

    /** A Metadata v0 response: one broker, the topic with one partition led by it (response header v0). */
    private static byte[] metadataResponse(int correlationId) {
        MetadataResponseData data = new MetadataResponseData();
        data.brokers().add(new MetadataResponseData.MetadataResponseBroker().setNodeId(0).setHost("localhost").setPort(9092));
        MetadataResponseData.MetadataResponseTopic topic = new MetadataResponseData.MetadataResponseTopic().setName("gss-topic");
        topic.partitions().add(new MetadataResponseData.MetadataResponsePartition().setPartitionIndex(0).setLeaderId(0)
                .setReplicaNodes(List.of(0)).setIsrNodes(List.of(0)));
        data.topics().add(topic);
        ObjectSerializationCache cache = new ObjectSerializationCache();
        ByteBuffer b = ByteBuffer.allocate(4 + data.size(cache, (short) 0)).putInt(correlationId);
        data.write(new ByteBufferAccessor(b), cache, (short) 0);
        return b.array();
    }

    /** An RFC 4121 Wrap token without confidentiality: header, the 4-byte payload, a 12-byte HMAC-SHA1-96 checksum. */
    private static byte[] wrap(int flags, byte[] payload) {
        ByteBuffer b = ByteBuffer.allocate(16 + payload.length + 12);
        b.put((byte) 0x05).put((byte) 0x04).put((byte) flags).put((byte) 0xff).putShort((short) 12).putShort((short) 0)
                .putLong(RANDOM.nextInt(1 << 30)).put(payload).put(random(12));
        return b.array();
    }

    /** RFC 2743 section 3.1 framing: 0x60, DER length, mechanism OID, then the mechanism's token. */
    private static byte[] gss(byte[] tokenId, byte[] inner) {
        return der(0x60, concat(KRB5_OID, tokenId, inner));
    }

    /** A DER TLV with definite length (short form below 128, else long form). */
    private static byte[] der(int tag, byte[] value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(tag);
        int n = value.length;
        if (n < 0x80) {
            out.write(n);
        } else if (n < 0x100) {
            out.write(0x81);
            out.write(n);
        } else {
            out.write(0x82);
            out.write(n >> 8);
            out.write(n & 0xff);
        }
        out.writeBytes(value);
        return out.toByteArray();
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    private static byte[] random(int n) {
        byte[] b = new byte[n];
        RANDOM.nextBytes(b);
        return b;
    }

    private static byte[] bytes(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return out;
    }

    /** A size-prefixed frame. */
    private static byte[] frame(byte[] body) {
        return ByteBuffer.allocate(4 + body.length).putInt(body.length).put(body).array();
    }
}
