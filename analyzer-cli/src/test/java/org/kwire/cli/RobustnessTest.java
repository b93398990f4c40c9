package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Findings of the robustness campaign of issue 10: each a damaged or hostile input, with what kwire must do. */
class RobustnessTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * One flipped bit in a real capture: the first Metadata request of java-basic (frame 8, api_key 3) gets api_key
     * 0x8003. It is a malformed request, counted and noted; its response is a response without request. Every output
     * format runs through (the report builder used to throw a NullPointerException).
     */
    @Test
    void anApiKeyOutsideTheKnownRangeIsAMalformedRequest(@TempDir Path dir) throws IOException {
        byte[] pcap = Files.readAllBytes(TestCaptures.path("java-basic.pcap"));
        // frame 8's Kafka frame: size 26, api_key 3, version 13, correlation_id 1 (the capture's reference decoding)
        byte[] header = {0, 0, 0, 26, 0, 3, 0, 13, 0, 0, 0, 1};
        int at = indexOf(pcap, header);
        pcap[at + 4] |= (byte) 0x80;
        Path flipped = dir.resolve("flipped-api-key.pcap");
        Files.write(flipped, pcap);
        CliRun run = CliRun.of("analyze", flipped.toString());
        assertEquals(0, run.exit(), run.err());
        JsonNode r = run.json();
        assertEquals(145, r.get("capture").get("frames").asInt());
        assertEquals(1, r.get("capture").get("malformed_frames").asInt());
        assertEquals(1, r.get("responses_without_request").asInt());
        assertEquals(1, r.get("expert").get("kafka.request.api_key_unknown").asInt());
        assertEquals("error [malformed] frame 8 offset 4 (stream 0): request with api_key -32765 (0x8003), which no known "
                + "Kafka release defines; not decoded", r.get("warnings").get(0).asText());
        assertEquals(4, CliRun.of("analyze", "--strict", flipped.toString()).exit());
        for (String[] args : List.of(new String[] {"analyze", "--format", "ndjson"}, new String[] {"analyze", "--format", "es-bulk"},
                new String[] {"dissect"}, new String[] {"dissect", "--format", "json"}, new String[] {"dissect", "--format", "values"})) {
            String[] all = java.util.Arrays.copyOf(args, args.length + 1);
            all[args.length] = flipped.toString();
            CliRun other = CliRun.of(all);
            assertEquals(0, other.exit(), String.join(" ", args) + ": " + other.err());
        }
        assertTrue(CliRun.of("dissect", flipped.toString()).out().contains("! error [malformed] frame 8 offset 4 (stream 0): "
                + "request with api_key -32765"));
    }

    /**
     * A 1 MB Metadata v1 request naming 500 000 topics (empty names): its tree and its values are cut at --max-nodes
     * (default 100 000) with a note saying how many were left out, instead of filling the heap.
     */
    @Test
    void dissectBoundsOneFramesTreeAndValues(@TempDir Path dir) throws IOException {
        int topics = 500_000;
        // size prefix, api_key 3, version 1, correlation_id 7, client_id "c", topics array
        ByteBuffer frame = ByteBuffer.allocate(4 + 2 + 2 + 4 + 2 + 1 + 4 + 2 * topics);
        frame.putInt(frame.capacity() - 4).putShort((short) 3).putShort((short) 1).putInt(7).putShort((short) 1).put((byte) 'c')
                .putInt(topics);
        Path capture = dir.resolve("huge-metadata.pcap");
        Files.write(capture, TinyPcap.oneClientStream(frame.array()));
        CliRun text = CliRun.of("dissect", capture.toString());
        assertEquals(0, text.exit(), text.err());
        assertTrue(text.out().contains("! warning [limit] at 0x0000: 900010 nodes left out: one frame's tree holds at most "
                + "100000 (--max-nodes)"), text.out().substring(0, 2000)); // 2 nodes per topic: its struct and its name
        CliRun small = CliRun.of("dissect", "--max-nodes", "10", "--format", "json", capture.toString());
        JsonNode tree = JSON.readTree(small.out()).get("tree");
        assertEquals("1000000 nodes left out: one frame's tree holds at most 10 (--max-nodes)",
                tree.get("notes").get(0).get("message").asText());
        CliRun values = CliRun.of("dissect", "--max-nodes", "1000", "--format", "values", capture.toString());
        JsonNode body1 = JSON.readTree(values.out()).get("body");
        assertEquals(499, body1.get("topics").size()); // the body, the array, then a struct and a name per topic
        assertEquals("[\"999002 values left out: one frame's body holds at most 1000 (--max-nodes)\"]",
                body1.get("_problems").toString());
    }

    /** A gzip batch of 100 000 empty records (kafka-clients' MemoryRecords) in one Produce v9 request: its tree is cut too. */
    @Test
    void dissectBoundsTheRecordsOfOneBatch(@TempDir Path dir) throws IOException {
        org.apache.kafka.common.record.internal.SimpleRecord[] records = new org.apache.kafka.common.record.internal.SimpleRecord[100_000];
        java.util.Arrays.fill(records, new org.apache.kafka.common.record.internal.SimpleRecord((byte[]) null, (byte[]) null));
        org.apache.kafka.common.message.ProduceRequestData.TopicProduceData t =
                new org.apache.kafka.common.message.ProduceRequestData.TopicProduceData().setName("t");
        t.partitionData().add(new org.apache.kafka.common.message.ProduceRequestData.PartitionProduceData().setIndex(0)
                .setRecords(org.apache.kafka.common.record.internal.MemoryRecords.withRecords(
                        org.apache.kafka.common.compress.Compression.gzip().build(), records)));
        org.apache.kafka.common.message.ProduceRequestData data =
                new org.apache.kafka.common.message.ProduceRequestData().setAcks((short) 1).setTimeoutMs(1000);
        data.topicData().add(t);
        ByteBuffer body = new org.apache.kafka.common.requests.ProduceRequest(data, (short) 9).serializeWithHeader(
                new org.apache.kafka.common.requests.RequestHeader(org.apache.kafka.common.protocol.ApiKeys.PRODUCE, (short) 9, "c", 1));
        ByteBuffer frame = ByteBuffer.allocate(4 + body.remaining()).putInt(body.remaining()).put(body);
        Path capture = dir.resolve("many-records.pcap");
        Files.write(capture, TinyPcap.oneClientStream(frame.array()));
        CliRun text = CliRun.of("dissect", capture.toString());
        assertEquals(0, text.exit(), text.err());
        assertTrue(text.out().contains("! warning [limit] at 0x0000: 800040 nodes left out: one frame's tree holds at most "
                + "100000 (--max-nodes)"), text.out().substring(0, 2000)); // 8 nodes per record
    }

    /**
     * A response cut by the end of the capture, its header captured: counted as the response, marked incomplete, its
     * latency measured to its first packet (2 ms), not to the last one captured (5 ms).
     */
    @Test
    void aResponseCutByTheEndOfTheCaptureIsTimedToItsFirstPacket(@TempDir Path dir) throws IOException {
        byte[] request = ByteBuffer.allocate(4 + 10 + 4).putInt(14).putShort((short) 3).putShort((short) 1).putInt(7)
                .putShort((short) -1).putInt(-1).array(); // Metadata v1, all topics
        byte[] response = new byte[2000];
        ByteBuffer.wrap(response).putInt(99_996).putInt(7); // a 100 000-byte response, 2000 bytes of it captured
        Path capture = dir.resolve("cut-response.pcap");
        Files.write(capture, new TinyPcap().packet(true, 0, 1000, 0x02, new byte[0], 0, 0)
                .packet(false, 10, 5000, 0x12, new byte[0], 0, 0)
                .packet(true, 1_000_000, 1001, 0x18, request, 0, request.length)
                .packet(false, 1_002_000, 5001, 0x18, response, 0, 1000)
                .packet(false, 1_005_000, 6001, 0x18, response, 1000, 1000).bytes());
        CliRun run = CliRun.of("analyze", capture.toString());
        assertEquals(0, run.exit(), run.err());
        JsonNode r = run.json();
        assertEquals(1, r.get("capture").get("incomplete_frames").asInt());
        JsonNode metadata = r.get("apis").get(0);
        assertEquals("1/1", metadata.get("requests").asInt() + "/" + metadata.get("responses").asInt());
        assertEquals(2000, metadata.get("latency_us").get("max").asLong());
        CliRun events = CliRun.of("analyze", "--format", "ndjson", capture.toString());
        JsonNode e = JSON.readTree(events.out());
        assertEquals("exchange", e.get("type").asText());
        assertEquals(2000, e.get("latency_us").asLong());
        assertEquals(true, e.get("incomplete").asBoolean());
        assertEquals(5, e.get("response_frame").asLong());
    }

    /**
     * Damage to the first client bytes of a connection on a --port (java-basic frame 4, stream 0's ApiVersions v5
     * request) used to make the connection "unknown" and drop all its frames silently. Now it stays Kafka, the damage
     * is noted and counted, and the frames after it are decoded: "frames malformed without-request expert".
     */
    @Test
    void damageToAConnectionsFirstBytesIsNotedAndNothingElseIsLost(@TempDir Path dir) throws IOException {
        byte[] pcap = Files.readAllBytes(TestCaptures.path("java-basic.pcap"));
        int at = indexOf(pcap, new byte[] {0, 0, 0, 52, 0, 18, 0, 5, 0, 0, 0, 0});
        String v99 = damaged(dir, "v99", pcap, at + 6, new byte[] {0, 99}, 4); // a warning since issue 20
        assertEquals("146 0 0 {\"kafka.request.version_unknown\":1} kafka 2/2", v99);
        assertEquals("145 1 1 {\"kafka.request.header_malformed\":1,\"kafka.response.no_request\":1} kafka 1/2",
                damaged(dir, "client-id", pcap, at + 12, new byte[] {0x7f, -1}, 4));
        // a size prefix of 0 or 4: the bytes after it are skipped to the next request, which is kept (before issue 20
        // resynchronisation took bytes inside the damaged request for a frame whose declared size swallowed it)
        assertEquals("145 1 1 {\"kafka.frame.resync_skipped\":1,\"kafka.frame.size_invalid\":1,\"kafka.response.no_request\":1} "
                + "kafka 1/2", damaged(dir, "size0", pcap, at, new byte[] {0, 0, 0, 0}, 4));
        assertEquals("145 1 1 {\"kafka.frame.resync_skipped\":1,\"kafka.frame.size_invalid\":1,\"kafka.response.no_request\":1} "
                + "kafka 1/2", damaged(dir, "size4", pcap, at, new byte[] {0, 0, 0, 4}, 4));
        // packet 4 cut to 40 captured bytes: its TCP header is incomplete, so the packet is skipped and its bytes a gap
        int record = 24;
        for (int n = 1; n < 4; n++) {
            record += 16 + ByteBuffer.wrap(pcap, record + 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        }
        int incl = ByteBuffer.wrap(pcap, record + 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        ByteArrayOutputStream cut = new ByteArrayOutputStream();
        cut.write(pcap, 0, record + 8);
        cut.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(40).array());
        cut.write(pcap, record + 12, 4 + 40);
        cut.write(pcap, record + 16 + incl, pcap.length - record - 16 - incl);
        assertEquals("145 0 1 {\"capture.packets_malformed\":1,\"kafka.response.no_request\":1,\"tcp.gap\":1} kafka 1/2",
                damaged(dir, "cut-tcp-header", cut.toByteArray(), 0, new byte[0], 4));
    }

    /** Writes the capture with {@code patch} at {@code at}, analyzes it (and with --strict: {@code strictExit}). */
    private static String damaged(Path dir, String name, byte[] pcap, int at, byte[] patch, int strictExit) throws IOException {
        byte[] b = pcap.clone();
        System.arraycopy(patch, 0, b, at, patch.length);
        Path f = dir.resolve(name + ".pcap");
        Files.write(f, b);
        CliRun run = CliRun.of("analyze", f.toString());
        assertEquals(0, run.exit(), run.err());
        assertEquals(strictExit, CliRun.of("analyze", "--strict", "-q", f.toString()).exit(), name);
        JsonNode r = run.json();
        JsonNode stream0 = r.get("connections").get(0);
        return r.get("capture").get("frames").asInt() + " " + r.get("capture").get("malformed_frames").asInt() + " "
                + r.get("responses_without_request").asInt() + " " + r.get("expert") + " " + stream0.get("protocol").asText()
                + " " + stream0.get("requests").asInt() + "/" + stream0.get("responses").asInt();
    }

    /** A pcap of link type 147 (LINKTYPE_USER0): nothing decodable, and kwire says so once; --strict fails. */
    @Test
    void anUnsupportedLinkTypeIsAWarning(@TempDir Path dir) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN).putInt(0xa1b2c3d4).putShort((short) 2)
                .putShort((short) 4).putInt(0).putInt(0).putInt(65535).putInt(147).array());
        for (int i = 0; i < 3; i++) {
            b.writeBytes(ByteBuffer.allocate(16 + 60).order(ByteOrder.LITTLE_ENDIAN).putInt(1).putInt(i).putInt(60).putInt(60).array());
        }
        Path f = dir.resolve("user0.pcap");
        Files.write(f, b.toByteArray());
        CliRun run = CliRun.of("analyze", "--strict", f.toString());
        assertEquals(4, run.exit(), run.err());
        assertEquals("kwire: warning: " + f + ": the capture has link type 147 (linktype-147), which kwire does not decode: "
                + "its packets are read but skipped\nkwire: warning: no Kafka traffic found: none of its 3 packets belongs to a "
                + "TCP connection\n", run.err());
        assertEquals(3, run.json().get("capture").get("packets").asInt());
    }

    @Test
    void limitsAndEndpointsAreCheckedWithOneClearLine() {
        CliRun zero = CliRun.of("analyze", "--max-decompressed", "0");
        assertEquals(2, zero.exit());
        assertEquals("kwire: --max-decompressed 0: at least 1 byte\n", zero.err());
        CliRun huge = CliRun.of("analyze", "--workers", "2", "--max-decompressed", "2000000000");
        assertEquals(2, huge.exit());
        assertTrue(huge.err().startsWith("kwire: --max-decompressed 2000000000: the heap ("), huge.err());
        assertEquals(1, huge.err().split("\n").length, huge.err());
        assertFalse(huge.err().contains("Exception"), huge.err());
        CliRun port = CliRun.of("analyze", "--connection", "1.2.3.4:99999");
        assertEquals(2, port.exit());
        assertEquals("kwire: --connection 1.2.3.4:99999: 99999 is not a TCP port (1-65535)\n", port.err());
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        for (int i = 0; i <= hay.length - needle.length; i++) {
            if (java.util.Arrays.equals(hay, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }

    /** Writes pcaps of one TCP connection 127.0.0.1:40000 -> 127.0.0.1:9092 (Ethernet, IPv4, no TCP options). */
    static final class TinyPcap {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        TinyPcap() {
            out.writeBytes(ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN).putInt(0xa1b2c3d4).putShort((short) 2)
                    .putShort((short) 4).putInt(0).putInt(0).putInt(65535).putInt(1).array());
        }

        /** SYN, then the client's bytes in 32 000-byte segments, a microsecond apart. */
        static byte[] oneClientStream(byte[] data) {
            TinyPcap p = new TinyPcap();
            p.packet(true, 0, 1000, 0x02, new byte[0], 0, 0);
            for (int off = 0; off < data.length; off += 32_000) {
                p.packet(true, 1 + off / 32_000, 1001 + off, 0x18, data, off, Math.min(32_000, data.length - off));
            }
            return p.out.toByteArray();
        }

        /** One segment at {@code micros} after the capture's start; sequence numbers as given. */
        TinyPcap packet(boolean fromClient, long micros, long seq, int flags, byte[] data, int off, int len) {
            ByteBuffer p = ByteBuffer.allocate(14 + 20 + 20 + len);
            p.put(new byte[12]).putShort((short) 0x0800);
            p.put((byte) 0x45).put((byte) 0).putShort((short) (40 + len)).putInt(0).put((byte) 64).put((byte) 6).putShort((short) 0)
                    .putInt(0x7f000001).putInt(0x7f000001);
            p.putShort((short) (fromClient ? 40000 : 9092)).putShort((short) (fromClient ? 9092 : 40000)).putInt((int) seq)
                    .putInt(0).put((byte) 0x50).put((byte) flags).putShort((short) 65535).putInt(0).put(data, off, len);
            out.writeBytes(ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putInt(1_700_000_000 + (int) (micros / 1_000_000))
                    .putInt((int) (micros % 1_000_000)).putInt(p.capacity()).putInt(p.capacity()).array());
            out.writeBytes(p.array());
            return this;
        }

        byte[] bytes() {
            return out.toByteArray();
        }
    }
}
