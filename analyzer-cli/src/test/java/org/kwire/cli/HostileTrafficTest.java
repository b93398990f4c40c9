package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.message.ApiVersionsRequestData;
import org.apache.kafka.common.message.ApiVersionsResponseData;
import org.apache.kafka.common.message.MetadataRequestData;
import org.apache.kafka.common.message.MetadataResponseData;
import org.apache.kafka.common.message.ProduceRequestData;
import org.apache.kafka.common.message.ProduceResponseData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Findings of the robustness campaign of issue 20 in the stream stage, the framing and the conversation, each rebuilt
 * from the description (from real captures, or from messages built with Kafka's generated classes), with
 * what kwire must do: the frames and exchanges kept, the note, the exit code.
 */
class HostileTrafficTest {

    /** Frames, malformed, incomplete, responses without request, expert counts, and requests/responses per API. */
    static String outcome(JsonNode r) {
        JsonNode c = r.get("capture");
        List<String> apis = new ArrayList<>();
        r.get("apis").forEach(a -> apis.add(a.get("name").asText() + " " + a.get("requests").asInt() + "/"
                + a.get("responses").asInt()));
        return c.get("frames").asInt() + " frames, " + c.get("malformed_frames").asInt() + " malformed, "
                + c.get("incomplete_frames").asInt() + " incomplete, " + r.get("responses_without_request").asInt()
                + " without request; " + r.get("expert") + "; " + String.join(", ", apis);
    }

    /** The JSON report of {@code kwire analyze ARGS}, which must exit 0 and write nothing on stderr. */
    private static JsonNode analyzed(String... args) throws IOException {
        String[] all = new String[args.length + 1];
        all[0] = "analyze";
        System.arraycopy(args, 0, all, 1, args.length);
        CliRun run = CliRun.of(all);
        assertEquals(0, run.exit(), run.err());
        assertEquals("", run.err());
        return run.json();
    }

    /** Analyzes {@code capture}: its {@link #outcome} and its warnings must be these. */
    private static void assertAnalyzed(Path capture, String outcome, List<String> warnings) throws IOException {
        JsonNode r = analyzed(capture.toString());
        assertEquals(outcome, outcome(r));
        assertEquals(warnings, warnings(r));
    }

    static List<String> warnings(JsonNode r) {
        List<String> w = new ArrayList<>();
        r.get("warnings").forEach(n -> w.add(n.asText()));
        return w;
    }

    /** A Metadata v12 request for every topic, as a size-prefixed frame. */
    static byte[] metadata(int correlationId) {
        return CraftedPcap.request(new MetadataRequestData().setTopics(null), ApiKeys.METADATA, 12, "adminclient-1",
                correlationId);
    }

    static byte[] metadataResponse(int correlationId) {
        return CraftedPcap.response(new MetadataResponseData(), ApiKeys.METADATA, 12, correlationId);
    }

    // --- 1. a connection's direction when both ends are broker ports -------------------------------------------------

    /**
     * One TCP segment without SYN between two broker ports (9092 to 9092; 9093 to 9092 with both given) used to end
     * kwire with a NullPointerException in analyze, --workers 0 and dissect. The bytes tell the client: a request
     * whose body decodes.
     */
    @Test
    void oneSegmentBetweenTwoBrokerPortsIsARequestNotACrash(@TempDir Path dir) throws IOException {
        Path same = new CraftedPcap().connection(2, 9092, 9092).client(metadata(7)).capture().write(dir.resolve("b2b.pcap"));
        Path other = new CraftedPcap().connection(2, 9093, 9092).client(metadata(7)).capture().write(dir.resolve("b2b2.pcap"));
        for (String[] args : List.of(new String[] {"analyze", same.toString()}, new String[] {"analyze", "--workers", "0",
                same.toString()}, new String[] {"analyze", "--port", "9092", "--port", "9093", other.toString()})) {
            CliRun run = CliRun.of(args);
            assertEquals(0, run.exit(), run.err());
            assertEquals("", run.err());
            JsonNode r = run.json();
            assertEquals("1 frames, 0 malformed, 0 incomplete, 0 without request; {}; Metadata 1/0", outcome(r));
            JsonNode c = r.get("connections").get(0);
            assertEquals((args.length == 2 || args[2].equals("0") ? "127.0.0.2:9092" : "127.0.0.2:9093") + " -> 127.0.0.1:9092",
                    c.get("client").asText() + " -> " + c.get("broker").asText());
        }
        CliRun dissect = CliRun.of("dissect", "--format", "summary", same.toString());
        assertEquals(0, dissect.exit(), dissect.err());
        assertEquals("      1  22:13:20.001000       0  ->  Metadata v12                       7         32",
                dissect.out().lines().skip(1).findFirst().orElseThrow());
    }

    /**
     * The broker spoke first (the capture began after the request): its response (without its request) precedes the
     * request that decodes, which tells the client. Neither side of the second connection sends a request (the
     * client's frame reads as a Produce v8 header but does not decode as one): the side that spoke first is taken,
     * and noted.
     */
    @Test
    void theBytesTellTheClientAndAGuessIsNoted(@TempDir Path dir) throws IOException {
        CraftedPcap p = new CraftedPcap();
        p.connection(2, 9092, 9092).server(metadataResponse(6)).client(metadata(7)).server(metadataResponse(7));
        p.connection(3, 9092, 9092).client(metadataResponse(8)).server(metadataResponse(9));
        JsonNode r = analyzed(p.write(dir.resolve("guess.pcap")).toString());
        assertEquals("4 frames, 0 malformed, 0 incomplete, 2 without request; {\"kafka.connection.client_guessed\":1,"
                + "\"kafka.frame.resync_skipped\":1,\"kafka.response.no_request\":2}; Metadata 1/1", outcome(r));
        assertEquals("127.0.0.2:9092", r.get("connections").get(0).get("client").asText());
        assertTrue(warnings(r).contains("warning [protocol] frame 4 offset 0 (stream 1 client->broker): both ends "
                + "(127.0.0.3:9092, 127.0.0.1:9092) are broker ports, the connection's start was not captured and both sent "
                + "frames that are not requests: 127.0.0.3:9092, which spoke first, is taken for the client"), warnings(r).toString());
    }

    /**
     * java-basic with its handshakes (SYN, SYN-ACK) left out and every client port also given as a broker port: every
     * connection is between two broker ports without a SYN, as replication traffic on the client port is. The bytes
     * tell every client: the report counts what the original's does, and guesses nothing.
     */
    @Test
    void everyConnectionBetweenBrokerPortsKeepsItsExchanges(@TempDir Path dir) throws IOException {
        Set<Integer> handshakes = Set.of(1, 2, 11, 12, 38, 39, 50, 51, 77, 78, 87, 88, 110, 111, 122, 123, 143, 144, 157,
                158, 178, 179, 192, 193, 213, 214, 225, 226, 236, 237, 299, 300, 308, 309);
        Path noSyn = PcapEdit.without(TestCaptures.path("java-basic.pcap"), dir.resolve("no-syn.pcap"), handshakes);
        String ports = "9092,45760,45772,45774,45788,45800,45808,45816,45820,45824,45836,45846,45852,45864,45866,45882,"
                + "45894,45898";
        JsonNode r = analyzed("--port", ports, noSyn.toString());
        JsonNode original = analyzed(TestCaptures.path("java-basic.pcap").toString());
        assertEquals(outcome(original), outcome(r));
        assertEquals("146 frames, 0 malformed, 0 incomplete, 0 without request; {}; Produce 10/10, Fetch 3/3, "
                + "ListOffsets 1/1, Metadata 16/16, OffsetCommit 1/1, OffsetFetch 3/3, FindCoordinator 4/4, JoinGroup 2/2, "
                + "LeaveGroup 1/1, SyncGroup 1/1, DescribeGroups 1/1, ListGroups 1/1, ApiVersions 17/17, CreateTopics 1/1, "
                + "DeleteTopics 1/1, InitProducerId 6/6, DescribeCluster 2/2, ConsumerGroupDescribe 1/1, "
                + "DescribeTopicPartitions 1/1", outcome(r));
        for (JsonNode c : r.get("connections")) {
            assertEquals("127.0.0.1:9092", c.get("broker").asText(), c.toString());
        }
    }

    // --- 2. resynchronisation that takes a frame start only when the frame after it also parses --------------------

    /**
     * A first request whose size prefix reads 4: resynchronisation used to lock onto a bogus 262,166-byte frame two
     * bytes on (size 0x00040012, "Metadata v0") and lose the 5 valid Metadata requests after it. The bogus start is
     * taken only if a frame follows it, and none does: the 5 requests and their responses are kept.
     */
    @Test
    void aFirstRequestWithSizePrefixFourLosesNothingAfterIt(@TempDir Path dir) throws IOException {
        byte[] first = CraftedPcap.request(new ApiVersionsRequestData().setClientSoftwareName("apache-kafka-java")
                .setClientSoftwareVersion("4.4.0"), ApiKeys.API_VERSIONS, 3, "adminclient-1", 0);
        ByteBuffer.wrap(first).putInt(4);
        assertEquals(262_162, ByteBuffer.wrap(first).getInt(2)); // the bogus frame: 4 + 262,162 bytes
        CraftedPcap.Connection c = new CraftedPcap().connection(2, 40000, 9092).handshake().client(first)
                .server(CraftedPcap.response(new ApiVersionsResponseData(), ApiKeys.API_VERSIONS, 3, 0));
        for (int id = 1; id <= 5; id++) {
            c.client(metadata(id)).server(metadataResponse(id));
        }
        assertAnalyzed(c.capture().write(dir.resolve("size4.pcap")), "11 frames, 1 malformed, 0 incomplete, 1 without "
                + "request; {\"kafka.frame.resync_skipped\":1,\"kafka.frame.size_invalid\":1,\"kafka.response.no_request\":1}; "
                + "Metadata 5/5", List.of("error [malformed] frame 3 offset 0 (stream 0 client->broker): invalid frame size 4 (allowed "
                + "8..104857600); resynchronising", "warning [sequence] frame 5 offset 0 (stream 0 client->broker): skipped "
                + "53 bytes to find a frame boundary (from frame 3)"));
    }

    /**
     * kafkajs.pcap without packet 78, the first segment of the first Fetch v11 response (1,507 bytes in 8 segments):
     * resynchronisation used to take bytes inside the rest of it for a (malformed) Fetch v11 response, then an
     * unknown-API response whose 813,925 declared bytes swallowed the real next response. Now the rest is skipped
     * and noted, and the next Fetch response is matched to its request.
     */
    @Test
    void aLostFirstSegmentOfAFetchResponseInventsNoFrames(@TempDir Path dir) throws IOException {
        Path capture = PcapEdit.without(TestCaptures.path("kafkajs.pcap"), dir.resolve("kafkajs-78.pcap"), Set.of(78));
        JsonNode r = analyzed(capture.toString());
        assertEquals("87 frames, 0 malformed, 0 incomplete, 0 without request; {\"kafka.frame.resync_skipped\":1,"
                + "\"tcp.gap\":1}; Produce 2/2, Fetch 2/1, ListOffsets 1/1, Metadata 8/8, OffsetCommit 20/20, "
                + "OffsetFetch 1/1, FindCoordinator 2/2, JoinGroup 2/2, LeaveGroup 1/1, SyncGroup 1/1, ApiVersions 3/3, "
                + "CreateTopics 1/1", outcome(r));
        assertEquals(outcome(CliRun.of("analyze", TestCaptures.path("kafkajs.pcap").toString()).json())
                .replace("88 frames", "87 frames").replace("{}", "{\"kafka.frame.resync_skipped\":1,\"tcp.gap\":1}")
                .replace("Fetch 2/2", "Fetch 2/1"), outcome(r)); // only the response that lost its start is missing
        assertEquals(List.of("warning [sequence] frame 80 offset 0 (stream 3 broker->client): gap of 82 bytes (missing "
                + "segments)", "warning [sequence] frame 137 offset 82 (stream 3 broker->client): skipped 1425 bytes to "
                + "find a frame boundary (from frame 80)"), warnings(r));
    }

    /**
     * java-basic cut to 128 bytes a packet (as java-basic-snap128 is), the size prefix of frame 6's ApiVersions
     * response changed from 876 to 1900: the bogus size used to swallow the Metadata response of frame 9 with its
     * note. A frame starts inside the declared span and none at its end: framing resumes there, noted.
     */
    @Test
    void aCorruptSizePrefixInASnaplenCaptureSwallowsNothing(@TempDir Path dir) throws IOException {
        Path snap = PcapEdit.snap(TestCaptures.path("java-basic.pcap"), dir.resolve("snap128.pcap"), 128);
        byte[] pcap = Files.readAllBytes(snap);
        int at = indexOf(pcap, new byte[] {0, 0, 3, 0x6c, 0, 0, 0, 0}); // frame 6: size 876, correlation_id 0
        pcap[at + 2] = 7;
        Path corrupt = Files.write(dir.resolve("snap128-corrupt.pcap"), pcap);
        JsonNode original = CliRun.of("analyze", snap.toString()).json();
        JsonNode r = analyzed(corrupt.toString());
        assertEquals(outcome(original).replace("146 frames, 0 malformed", "146 frames, 1 malformed")
                .replace("{\"kafka.frame.cut_by_gap\":105}", "{\"kafka.frame.cut_by_gap\":105,\"kafka.frame.size_unconfirmed\":1}"),
                outcome(r));
        List<String> w = warnings(r);
        assertTrue(w.contains("warning [sequence] frame 6 offset 0 (stream 0 broker->client): frame incomplete: 62 of 1904 "
                + "bytes captured before a gap of 818 bytes (snaplen)"), w.toString());
        assertTrue(w.contains("warning [malformed] frame 9 offset 880 (stream 0 broker->client): the frame that "
                + "started 880 bytes before declares 1904 bytes, but a frame starts here, before its declared end: framing "
                + "resumes here"), w.toString());
        assertTrue(w.contains("warning [sequence] frame 9 offset 880 (stream 0 broker->client): frame incomplete: 62 of "
                + "65 bytes captured before a gap of 3 bytes (snaplen)"), w.toString());
    }

    /**
     * A connection captured mid-frame, on the broker port: three Metadata requests after 5 bytes of a lost frame, the
     * last ending the capture, and their responses after 3 stray bytes, the last response ending it too. A frame that
     * ends exactly where the capture does has no frame after it to confirm it: it is kept.
     */
    @Test
    void theLastFrameOfACaptureIsKeptAfterResynchronising(@TempDir Path dir) throws IOException {
        byte[] requests = CraftedPcap.concat(new byte[] {1, 2, 3, 4, 5}, metadata(1), metadata(2), metadata(3));
        byte[] responses = CraftedPcap.concat(new byte[] {9, 9, 9}, metadataResponse(1), metadataResponse(2),
                metadataResponse(3));
        Path capture = new CraftedPcap().connection(2, 40000, 9092).client(requests).server(responses).capture()
                .write(dir.resolve("mid-frame.pcap"));
        assertAnalyzed(capture, "6 frames, 0 malformed, 0 incomplete, 0 without request; {\"kafka.frame.resync_skipped\":2}; "
                + "Metadata 3/3", List.of("warning [sequence] frame 1 offset 0 (stream 0 client->broker): skipped 5 bytes to find a "
                + "frame boundary (from frame 1)", "warning [sequence] frame 2 offset 0 (stream 0 broker->client): skipped "
                + "3 bytes to find a frame boundary (from frame 2)"));
    }

    // --- 3. unknown versions -----------------------------------------------------------------------------------------

    /**
     * java-basic's first request (frame 4, ApiVersions v5) with api_version 1857: counted, its body left undecoded,
     * noted (a warning: --strict fails), and readiness says the version is unknown to every release kwire knows.
     */
    @Test
    void aVersionNoReleaseDefinesIsAWarningAndUnknownToReadiness(@TempDir Path dir) throws IOException {
        byte[] pcap = Files.readAllBytes(TestCaptures.path("java-basic.pcap"));
        int at = indexOf(pcap, new byte[] {0, 0, 0, 52, 0, 18, 0, 5, 0, 0, 0, 0});
        pcap[at + 6] = 0x07;
        pcap[at + 7] = 0x41; // 1857
        Path capture = Files.write(dir.resolve("v1857.pcap"), pcap);
        JsonNode r = analyzed(capture.toString());
        assertEquals("{\"kafka.request.version_unknown\":1}", r.get("expert").toString());
        assertEquals(List.of("warning [undecoded] frame 4 offset 6 (stream 0): ApiVersions v1857 request: no known Kafka "
                + "release defines this version (header v1 assumed, body not decoded)"), warnings(r));
        assertEquals("{\"5\":16,\"1857\":1}", r.get("apis").get(12).get("versions").toString());
        assertEquals("[{\"client_id\":\"basic-admin\",\"address\":\"127.0.0.1\",\"software_name\":\"apache-kafka-java\","
                + "\"software_version\":\"4.4.0\",\"apis\":[{\"api\":\"ApiVersions\",\"api_key\":18,\"versions\":[1857],"
                + "\"accepted\":\"0-4\",\"requests\":1,\"frames\":[4],\"broker_action\":\"reject\",\"unknown_versions\":[1857]}]}]",
                r.get("readiness").get("clients").toString());
        assertEquals(4, CliRun.of("analyze", "--strict", "-q", capture.toString()).exit());
        String text = CliRun.of("analyze", "--format", "text", capture.toString()).out();
        assertTrue(text.contains("\n    ApiVersions  v1857 (1857 unknown)  v0-4             1  reject  4\n"), text);
        assertTrue(text.contains("used: the refused versions the client sent (unknown: defined by no Kafka release kwire "
                + "knows);"), text);
        String dissect = CliRun.of("dissect", "--api", "ApiVersions", capture.toString()).out();
        assertTrue(dissect.startsWith("! warning [undecoded] frame 4 offset 6 (stream 0): ApiVersions v1857 request: no "
                + "known Kafka release defines this version (header v1 assumed, body not decoded)\nFrame 4, "), dissect);
        assertTrue(dissect.contains("\n+-- body                     bytes            = 31 bytes, undecoded           "
                + "[0x0019, 31B]\n"), dissect); // not read with another version's schema
    }

    // --- 4. a response to an acks=0 Produce request -----------------------------------------------------------------

    /**
     * acks0-producer.pcap (kafka-clients, acks=0: the broker never answers) with a Produce v13 response carrying the
     * first Produce request's correlation_id (4) inserted after it: it used to be left undecoded as api_key -1; it is
     * decoded as that request's response, and noted.
     */
    @Test
    void aResponseToAnAcksZeroProduceIsDecodedAsItsResponse(@TempDir Path dir) throws IOException {
        ProduceResponseData.TopicProduceResponse t = new ProduceResponseData.TopicProduceResponse().setTopicId(new Uuid(1, 2));
        t.partitionResponses().add(new ProduceResponseData.PartitionProduceResponse().setIndex(0).setBaseOffset(0));
        ProduceResponseData body = new ProduceResponseData();
        body.responses().add(t);
        byte[] response = CraftedPcap.response(body, ApiKeys.PRODUCE, 13, 4);
        Path capture = PcapEdit.insertSegment(TestCaptures.path("acks0-producer.pcap"), dir.resolve("acks0-answered.pcap"),
                17, 21, response);
        JsonNode r = analyzed("--port", "43811", capture.toString());
        assertEquals("17 frames, 0 malformed, 0 incomplete, 0 without request; {\"kafka.response.acks0_answered\":1}; "
                + "Produce 10/1, Metadata 1/1, ApiVersions 2/2", outcome(r));
        JsonNode produce = r.get("apis").get(0);
        assertEquals("10 1", produce.get("no_response_expected").asInt() + " " + produce.get("unmatched_responses").asInt());
        assertEquals(List.of("warning [protocol] frame 18 offset 4 (stream 1): response with correlation_id 4 answers the "
                + "Produce v13 request of frame 17, sent with acks=0, which a broker never answers; decoded as its response"),
                warnings(r));
        String summary = CliRun.of("dissect", "--format", "summary", "--port", "43811", capture.toString()).out();
        assertTrue(summary.contains("\n     18  10:51:00.584455       1  <-  Produce v13                        4         "), summary);
        // built with ProduceRequestData and ProduceResponseData: the same on a connection of two APIs
        ProduceRequestData request = new ProduceRequestData().setAcks((short) 0).setTimeoutMs(1000);
        request.topicData().add(new ProduceRequestData.TopicProduceData().setName("t"));
        Path crafted = new CraftedPcap().connection(2, 40000, 9092).handshake()
                .client(CraftedPcap.request(new ApiVersionsRequestData(), ApiKeys.API_VERSIONS, 3, "p", 3))
                .server(CraftedPcap.response(new ApiVersionsResponseData(), ApiKeys.API_VERSIONS, 3, 3))
                .client(CraftedPcap.request(request, ApiKeys.PRODUCE, 9, "p", 4))
                .server(CraftedPcap.response(new ProduceResponseData(), ApiKeys.PRODUCE, 9, 4)).capture()
                .write(dir.resolve("acks0-crafted.pcap"));
        JsonNode c = CliRun.of("analyze", crafted.toString()).json();
        assertEquals("4 frames, 0 malformed, 0 incomplete, 0 without request; {\"kafka.response.acks0_answered\":1}; "
                + "Produce 1/1, ApiVersions 1/1", outcome(c));
    }

    static int indexOf(byte[] hay, byte[] needle) {
        return IntStream.rangeClosed(0, hay.length - needle.length)
                .filter(i -> java.util.Arrays.equals(hay, i, i + needle.length, needle, 0, needle.length))
                .findFirst().orElseThrow(() -> new AssertionError("not found: " + IntStream.range(0, needle.length)
                        .mapToObj(i -> Integer.toHexString(needle[i] & 0xff)).collect(Collectors.joining(" "))));
    }
}
