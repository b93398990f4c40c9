package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code kwire analyze} on real captures. Expected per-API counts are those of each capture's truth file
 * ({@code stream_framer}: an independent framing of the raw TCP payload), as "api_key=requests/responses@versions".
 */
class AnalyzeCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static Map<Integer, String> counts(JsonNode report) {
        Map<Integer, String> m = new TreeMap<>();
        for (JsonNode a : report.get("apis")) {
            StringBuilder versions = new StringBuilder();
            a.get("versions").fieldNames().forEachRemaining(v -> versions.append(versions.length() == 0 ? "" : ",").append(v));
            m.put(a.get("api_key").asInt(), a.get("requests").asInt() + "/" + a.get("responses").asInt() + "@" + versions);
        }
        return m;
    }

    private static JsonNode analyze(String capture, String... more) throws IOException {
        String[] args = new String[2 + more.length];
        args[0] = "analyze";
        System.arraycopy(more, 0, args, 1, more.length);
        args[args.length - 1] = TestCaptures.path(capture).toString();
        CliRun run = CliRun.of(args);
        assertEquals(0, run.exit(), run.err());
        return run.json();
    }

    /**
     * Worker threads change nothing: the same report and the same events, in the same order, byte for byte, for every
     * capture, with and without --deep. With workers, reading and TCP reassembly run on one thread and the stream
     * stage and the sinks on another (the split pipeline, {@code CaptureAnalyzer.startSplit}): {@code --workers 2} takes
     * that path, and {@code --workers 1} too (one record-batch worker), checked on the JSON report.
     */
    @Test
    void workersGiveTheSameReportAndEventsAsOneThread() throws IOException {
        List<Path> captures;
        try (var files = Files.list(TestCaptures.path("."))) {
            captures = files.filter(f -> f.toString().matches(".*\\.pcap(ng)?$")).sorted().toList();
        }
        assertTrue(captures.size() >= 10, captures.toString());
        for (Path capture : captures) {
            for (String format : List.of("json", "ndjson", "deep")) {
                String[] one = {"analyze", "--port", "9092,9094,9095,36333", "--format", format, "--workers", "0", capture.toString()};
                if (format.equals("deep")) {
                    one[3] = "--deep";
                    one[4] = "--quiet";
                }
                String[] two = one.clone();
                two[6] = "2";
                CliRun a = CliRun.of(one);
                CliRun b = CliRun.of(two);
                assertEquals(0, a.exit(), a.err());
                assertEquals(a.exit(), b.exit(), capture + ": " + b.err());
                assertEquals(a.out(), b.out(), capture + " " + format);
                assertEquals(jsonLines(a.out()).size(), jsonLines(b.out()).size(), capture + " " + format);
                if (format.equals("json")) {
                    String[] three = one.clone();
                    three[6] = "1";
                    CliRun c = CliRun.of(three);
                    assertEquals(a.exit(), c.exit(), capture + ": " + c.err());
                    assertEquals(a.out(), c.out(), capture + " --workers 1");
                }
            }
        }
    }

    /**
     * Stream threads change nothing: with the connections sharded over 2 or 3 stream threads
     * ({@code CaptureAnalyzer.startSplit(n)}: each shard's stream stage on its own thread, their calls merged in capture
     * order), the report (text and JSON) and the events are those of one stream thread, byte for byte, for every
     * capture, with and without --deep, TLS captures decrypted with their key logs (a pcapng's own key log is added
     * where every stream thread has reached it).
     */
    @Test
    void streamThreadsGiveTheSameReportAndEventsAsOne() throws IOException {
        List<Path> captures;
        try (var files = Files.list(TestCaptures.path("."))) {
            captures = files.filter(f -> f.toString().matches(".*\\.pcap(ng)?$")).sorted().toList();
        }
        assertTrue(captures.size() >= 10, captures.toString());
        for (Path capture : captures) {
            for (List<String> mode : List.of(List.of("--format", "json"), List.of("--format", "ndjson"),
                    List.of("--format", "text"), List.of("--deep", "--quiet"))) {
                CliRun one = streamThreads(capture, mode, "1");
                assertEquals(0, one.exit(), one.err());
                for (String n : List.of("2", "3")) {
                    CliRun sharded = streamThreads(capture, mode, n);
                    assertEquals(0, sharded.exit(), capture + ": " + sharded.err());
                    assertEquals(one.out(), sharded.out(), capture + " " + mode + " --stream-threads " + n);
                    assertEquals(one.err(), sharded.err(), capture + " " + mode + " --stream-threads " + n);
                }
            }
        }
    }

    private static CliRun streamThreads(Path capture, List<String> mode, String n) {
        // the broker ports of every test capture, the TLS ones too; a capture's key log is X.keys beside X.pcap
        List<String> args = new ArrayList<>(List.of("analyze", "--port", "9092,9094,9095,36333,37485,41721,46623"));
        Path keys = capture.resolveSibling(capture.getFileName().toString().replaceAll("\\.pcap(ng)?$", ".keys"));
        if (Files.exists(keys)) {
            args.addAll(List.of("--tls-keylog", keys.toString()));
        }
        args.addAll(mode);
        args.addAll(List.of("--workers", "2", "--stream-threads", n, capture.toString()));
        return CliRun.of(args.toArray(String[]::new));
    }

    private static List<JsonNode> jsonLines(String out) throws IOException {
        List<JsonNode> lines = new ArrayList<>();
        for (String line : out.split("\n(?=\\{)")) {
            lines.add(JSON.readTree(line));
        }
        return lines;
    }

    @Test
    void javaClientCaptureMatchesItsTruth() throws IOException {
        JsonNode r = analyze("java-basic.pcap");
        assertEquals(Map.ofEntries(
                Map.entry(0, "10/10@13"), Map.entry(1, "3/3@18"), Map.entry(2, "1/1@11"), Map.entry(3, "16/16@13"),
                Map.entry(8, "1/1@9"), Map.entry(9, "3/3@9"), Map.entry(10, "4/4@6"), Map.entry(11, "2/2@9"),
                Map.entry(13, "1/1@5"), Map.entry(14, "1/1@5"), Map.entry(15, "1/1@6"), Map.entry(16, "1/1@5"),
                Map.entry(18, "17/17@5"), Map.entry(19, "1/1@7"), Map.entry(20, "1/1@6"), Map.entry(22, "6/6@5"),
                Map.entry(60, "2/2@2"), Map.entry(69, "1/1@1"), Map.entry(75, "1/1@0")), counts(r));
        JsonNode cap = r.get("capture");
        assertEquals(340, cap.get("packets").asInt());
        assertEquals(75770, cap.get("bytes").asInt());
        assertEquals(17, cap.get("tcp_connections").asInt());
        assertEquals(17, cap.get("kafka_connections").asInt());
        assertEquals(146, cap.get("frames").asInt());
        assertEquals(0, cap.get("malformed_frames").asInt());
        assertEquals("2026-11-29T17:28:42.135951Z", cap.get("first_timestamp").asText());
        assertEquals("2026-11-29T17:28:45.763373Z", cap.get("last_timestamp").asText());
        assertEquals(0, r.get("responses_without_request").asInt());
        assertEquals(0, r.get("warnings").size());
        JsonNode metadata = r.get("apis").get(3);
        assertEquals("Metadata", metadata.get("name").asText());
        assertEquals(16, metadata.get("latency_us").get("count").asInt());
        assertTrue(metadata.get("latency_us").get("min").asLong() <= metadata.get("latency_us").get("p50").asLong());
        assertTrue(metadata.get("latency_us").get("p99").asLong() <= metadata.get("latency_us").get("max").asLong());
    }

    /** "api:code NAME xcount [topics]" for every error code of every API. */
    private static List<String> errors(JsonNode report) {
        List<String> out = new ArrayList<>();
        for (JsonNode a : report.get("apis")) {
            for (JsonNode e : a.get("errors")) {
                out.add(a.get("name").asText() + ":" + e.get("code").asInt() + " " + e.get("name").asText() + " x"
                        + e.get("count").asInt() + " " + e.get("topics"));
            }
        }
        return out;
    }

    /** "topic/partition id API=n,..." for every partition. */
    private static List<String> partitions(JsonNode report) {
        List<String> out = new ArrayList<>();
        for (JsonNode p : report.get("partitions")) {
            StringBuilder b = new StringBuilder(p.get("topic").asText() + "/" + p.get("partition").asInt() + " "
                    + p.get("topic_id").asText() + " ");
            p.get("requests").fields().forEachRemaining(e -> b.append(e.getKey()).append('=').append(e.getValue().asInt()).append(','));
            out.add(b.toString());
        }
        return out;
    }

    /** Expected values computed independently from the capture's reference decoding by Kafka's own classes. */
    @Test
    void errorCodesAndTopicPartitionsOfTheJavaCapture() throws IOException {
        JsonNode r = analyze("java-basic.pcap");
        assertEquals(List.of(
                "FindCoordinator:15 COORDINATOR_NOT_AVAILABLE x1 []",
                "JoinGroup:79 MEMBER_ID_REQUIRED x1 []",
                "InitProducerId:14 COORDINATOR_LOAD_IN_PROGRESS x1 []",
                "ConsumerGroupDescribe:69 GROUP_ID_NOT_FOUND x1 []"), errors(r));
        String alpha = " 7GC2duJITZCpZaFRWQ20yQ Fetch=2,ListOffsets=1,OffsetCommit=1,OffsetFetch=2,Produce=";
        String beta = " g1YyoWZhTXSFapOvsPA7tA Fetch=2,ListOffsets=1,OffsetCommit=1,OffsetFetch=2,Produce=";
        assertEquals(List.of("basic-alpha/0" + alpha + "5,", "basic-alpha/1" + alpha + "5,", "basic-alpha/2" + alpha + "4,",
                "basic-beta/0" + beta + "5,", "basic-beta/1" + beta + "5,", "basic-beta/2" + beta + "4,"), partitions(r));
    }

    /** "topic/partition produce: batches/records codecs; fetch: ...; crc valid/invalid" for every partition with records. */
    private static List<String> records(JsonNode report) {
        List<String> out = new ArrayList<>();
        for (JsonNode p : report.get("partitions")) {
            out.add(p.get("topic").asText() + "/" + p.get("partition").asInt() + " produce: " + recordStats(p.get("produce"))
                    + "; fetch: " + recordStats(p.get("fetch")) + "; crc " + p.get("crc_valid").asInt() + "/" + p.get("crc_invalid").asInt());
        }
        return out;
    }

    private static String recordStats(JsonNode r) {
        return r.isNull() ? "-" : r.get("batches").asInt() + "/" + r.get("records").asInt() + " " + r.get("codecs");
    }

    /**
     * Record batches per partition. The client programs of java-basic produced and consumed 50 records per topic
     * (truth file, "client"); per-partition batch and record counts agree with Kafka's MemoryRecords decoding in the
     * capture's reference file.
     */
    @Test
    void recordBatchesOfAllFiveCodecsDecodeWithValidCrcs() throws IOException {
        JsonNode r = analyze("java-basic.pcap");
        String all = "{\"gzip\":1,\"lz4\":1,\"none\":1,\"snappy\":1,\"zstd\":1}";
        String noLz4 = "{\"gzip\":1,\"none\":1,\"snappy\":1,\"zstd\":1}";
        assertEquals(List.of(
                "basic-alpha/0 produce: 5/19 " + all + "; fetch: 5/19 " + all + "; crc 10/0",
                "basic-alpha/1 produce: 5/15 " + all + "; fetch: 5/15 " + all + "; crc 10/0",
                "basic-alpha/2 produce: 4/16 " + noLz4 + "; fetch: 4/16 " + noLz4 + "; crc 8/0",
                "basic-beta/0 produce: 5/18 " + all + "; fetch: 5/18 " + all + "; crc 10/0",
                "basic-beta/1 produce: 5/17 " + all + "; fetch: 5/17 " + all + "; crc 10/0",
                "basic-beta/2 produce: 4/15 " + noLz4 + "; fetch: 4/15 " + noLz4 + "; crc 8/0"), records(r));
        assertEquals(0, r.get("crc_failures").size());
        assertEquals(0, r.get("partial_batches").size());
    }

    @Test
    void librdkafkaAndKafkajsRecordsMatchWhatTheClientsProducedAndConsumed() throws IOException {
        JsonNode kcat = analyze("kcat.pcap");
        assertEquals(List.of(
                "kcat-lz4/0 produce: 1/10 {\"lz4\":1}; fetch: 2/20 {\"lz4\":2}; crc 3/0", // consumed twice: kcat -C and kcat -G
                "kcat-snappy/0 produce: 10/10 {\"none\":4,\"snappy\":6}; fetch: 10/10 {\"none\":4,\"snappy\":6}; crc 20/0"),
                records(kcat));
        JsonNode kafkajs = analyze("kafkajs.pcap"); // 10 records per topic, 6 and 4 on partitions 0 and 1
        assertEquals(List.of(
                "kafkajs-gzip/0 produce: 1/6 {\"gzip\":1}; fetch: 1/6 {\"gzip\":1}; crc 2/0",
                "kafkajs-gzip/1 produce: 1/4 {\"gzip\":1}; fetch: 1/4 {\"gzip\":1}; crc 2/0",
                "kafkajs-none/0 produce: 1/6 {\"none\":1}; fetch: 1/6 {\"none\":1}; crc 2/0",
                "kafkajs-none/1 produce: 1/4 {\"none\":1}; fetch: 1/4 {\"none\":1}; crc 2/0"), records(kafkajs));
    }

    /** One byte flipped inside the uncompressed batch java-basic's "none" producer sent to basic-alpha partition 2. */
    @Test
    void aFlippedByteGivesExactlyOneCrcFailure(@TempDir Path dir) throws IOException {
        byte[] pcap = Files.readAllBytes(TestCaptures.path("java-basic.pcap"));
        byte[] value = "value 4 from none producer".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        int at = indexOf(pcap, value, 0);
        // the batch: magic 2 then its stored crc 242915648 (as Kafka's reference decoding gives it)
        int magic = lastIndexOf(pcap, java.nio.ByteBuffer.allocate(5).put((byte) 2).putInt((int) 242915648L).array(), at);
        int batchStart = magic - 16;
        int batchEnd = batchStart + 12 + java.nio.ByteBuffer.wrap(pcap, batchStart + 8, 4).getInt();
        pcap[at] ^= 0x20;
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(pcap, magic + 5, batchEnd - (magic + 5));
        Path flipped = dir.resolve("flipped.pcap");
        Files.write(flipped, pcap);
        CliRun run = CliRun.of("analyze", flipped.toString());
        assertEquals(0, run.exit(), run.err());
        JsonNode failures = run.json().get("crc_failures");
        assertEquals(1, failures.size(), failures.toString());
        JsonNode f = failures.get(0);
        assertEquals("Produce", f.get("api").asText());
        assertEquals("basic-alpha", f.get("topic").asText());
        assertEquals(2, f.get("partition").asInt());
        assertEquals(0, f.get("base_offset").asLong());
        assertEquals(242915648L, f.get("stored").asLong());
        assertEquals(crc.getValue(), f.get("computed").asLong());
        assertEquals(63, f.get("frame").asLong()); // the Produce request is capture frame 63 (reference file)
        assertEquals(1, run.json().get("partitions").get(2).get("crc_invalid").asInt());
        assertEquals(4, CliRun.of("analyze", "--strict", flipped.toString()).exit());
    }

    private static int indexOf(byte[] hay, byte[] needle, int from) {
        for (int i = from; i <= hay.length - needle.length; i++) {
            if (java.util.Arrays.equals(hay, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }

    private static int lastIndexOf(byte[] hay, byte[] needle, int before) {
        for (int i = before - needle.length; i >= 0; i--) {
            if (java.util.Arrays.equals(hay, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }

    @Test
    void librdkafkaCaptureMatchesItsTruth() throws IOException {
        JsonNode r = analyze("kcat.pcap");
        assertEquals(Map.ofEntries(
                Map.entry(0, "11/11@7"), Map.entry(1, "9/9@11"), Map.entry(2, "3/3@2"), Map.entry(3, "13/13@4"),
                Map.entry(8, "1/1@7"), Map.entry(10, "3/3@2"), Map.entry(11, "2/2@5"), Map.entry(12, "1/1@3"),
                Map.entry(13, "1/1@1"), Map.entry(14, "1/1@3"), Map.entry(18, "7/7@3")), counts(r));
        assertEquals(104, r.get("capture").get("frames").asInt());
        // 8 TCP connections, one of them (stream 6) opened and closed without a byte of Kafka
        assertEquals(8, r.get("capture").get("tcp_connections").asInt());
        JsonNode c0 = r.get("connections").get(0);
        assertEquals("127.0.0.1:55598", c0.get("client").asText());
        assertEquals("127.0.0.1:9092", c0.get("broker").asText());
        assertEquals("kcat-producer-snappy", c0.get("client_ids").get(0).asText());
        assertEquals(13, c0.get("requests").asInt());
        assertEquals(2153, c0.get("bytes_from_client").asInt());
        assertEquals(1572, c0.get("bytes_from_broker").asInt());
    }

    @Test
    void kafkajsCaptureMatchesItsTruth() throws IOException {
        JsonNode r = analyze("kafkajs.pcap");
        assertEquals(Map.ofEntries(
                Map.entry(0, "2/2@7"), Map.entry(1, "2/2@11"), Map.entry(2, "1/1@3"), Map.entry(3, "8/8@6"),
                Map.entry(8, "20/20@5"), Map.entry(9, "1/1@4"), Map.entry(10, "2/2@2"), Map.entry(11, "2/2@5"),
                Map.entry(13, "1/1@3"), Map.entry(14, "1/1@3"), Map.entry(18, "3/3@2"), Map.entry(19, "1/1@3")), counts(r));
        assertEquals(4, r.get("connections").size());
        assertEquals("kafkajs-client", r.get("connections").get(0).get("client_ids").get(0).asText());
    }

    @Test
    void sllTwoAndPcapngGiveTheSameCountsAsEthernetPcap() throws IOException {
        assertEquals(counts(analyze("java-basic.pcap")), counts(analyze("java-basic.pcapng")));
        Map<Integer, String> any = counts(analyze("java-basic-any.pcap"));
        assertEquals("17/17@5", any.get(18));
        assertEquals("17/17@13", any.get(3)); // the -i any rerun made one Metadata request more
    }

    @Test
    void kafkaOnAnUnconfiguredPortIsRecognisedByItsFirstRequest() throws IOException {
        JsonNode r = analyze("deepflow-00-produce-v7-sw8.pcap");
        assertEquals(Map.of(0, "1/1@7"), counts(r));
        assertEquals("36333", r.get("connections").get(0).get("broker").asText().replaceAll(".*:", ""));
    }

    @Test
    void tlsConnectionsAreReportedAsEncryptedAndNotDecoded() throws IOException {
        JsonNode r = analyze("tls.pcap", "--port", "9095");
        assertEquals(7, r.get("capture").get("tcp_connections").asInt());
        assertEquals(0, r.get("capture").get("kafka_connections").asInt());
        assertEquals(0, r.get("capture").get("frames").asInt());
        assertEquals(0, r.get("apis").size());
        List<String> protocols = new ArrayList<>();
        r.get("connections").forEach(c -> protocols.add(c.get("protocol").asText() + " " + c.get("broker").asText()));
        assertEquals(java.util.Collections.nCopies(7, "tls 127.0.0.1:9095"), protocols);
        assertEquals(List.of("warning [capture]: no Kafka traffic found: port 9095 carried TLS (7 connections, 42,526 "
                + "bytes). TLS is encrypted: Kafka inside it is seen only with its key log (--tls-keylog FILE)", "7 TLS connection(s) not decrypted: no key log "
                + "given (--tls-keylog FILE, or a pcapng with Decryption Secrets Blocks)"),
                java.util.stream.StreamSupport.stream(r.get("warnings").spliterator(), false).map(JsonNode::asText).toList());
        assertEquals("{\"TLS_AES_256_GCM_SHA384\":7}", r.get("tls").get("cipher_suites").toString());
    }

    @Test
    void saslCaptureCountsTheFailedAuthentication() throws IOException {
        JsonNode r = analyze("sasl-plain.pcap", "--port", "9094");
        assertTrue(errors(r).contains("SaslAuthenticate:58 SASL_AUTHENTICATION_FAILED x1 []"), errors(r).toString());
    }

    @Test
    void bundledSampleIsAnalyzedWithoutArguments() throws IOException {
        CliRun run = CliRun.of("analyze");
        assertEquals(0, run.exit(), run.err());
        JsonNode r = run.json();
        assertEquals("java-basic.pcap (bundled sample)", r.get("capture").get("files").get(0).asText());
        assertEquals(146, r.get("capture").get("frames").asInt());
    }

    @Test
    void reportGoesToTheOutputFile(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("r.json");
        CliRun run = CliRun.of("analyze", "-o", out.toString(), TestCaptures.path("kcat.pcap").toString());
        assertEquals(0, run.exit(), run.err());
        assertEquals("", run.out());
        assertTrue(Files.readString(out).contains("\"report_version\" : 1"));
    }

    @Test
    void missingFileIsOneLineAndExitCode3() {
        CliRun run = CliRun.of("analyze", "/nonexistent/x.pcap");
        assertEquals(3, run.exit());
        assertEquals("kwire: no such file: /nonexistent/x.pcap\n", run.err());
    }

    @Test
    void notACaptureIsOneLineAndExitCode3(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("notes.txt");
        Files.writeString(f, "hello, this is not a pcap file at all");
        CliRun run = CliRun.of("analyze", f.toString());
        assertEquals(3, run.exit());
        assertEquals("kwire: " + f + ": not a pcap or pcapng capture (it starts with 68656c6c)\n", run.err());
    }

    @Test
    void truncatedCaptureReportsWhatWasReadAndWarns(@TempDir Path dir) throws IOException {
        byte[] whole = Files.readAllBytes(TestCaptures.path("java-basic.pcap"));
        Path cut = dir.resolve("cut.pcap");
        Files.write(cut, java.util.Arrays.copyOf(whole, 40_000));
        CliRun run = CliRun.of("analyze", cut.toString());
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.err().startsWith("kwire: warning: " + cut + ": capture truncated in packet "), run.err());
        JsonNode r = run.json();
        assertTrue(r.get("capture").get("packets").asInt() < 340);
        assertTrue(r.get("warnings").get(0).asText().contains("capture truncated"), r.get("warnings").toString());
        assertEquals(4, CliRun.of("analyze", "--strict", cut.toString()).exit());
    }

    @Test
    void usageErrorsExitWithCode2() {
        assertEquals(2, CliRun.of("analyze", "--port", "x").exit());
        assertEquals(2, CliRun.of("frobnicate").exit());
        CliRun run = CliRun.of("analyze", "--bogus");
        assertEquals(2, run.exit());
        assertFalse(run.err().contains("Exception"), run.err());
    }
}
