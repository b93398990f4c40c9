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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code kwire dissect} on real captures: selections, the three formats, exact values. */
class DissectCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static List<JsonNode> lines(CliRun run) throws IOException {
        assertEquals(0, run.exit(), run.err());
        List<JsonNode> out = new ArrayList<>();
        for (String line : run.out().split("\n")) {
            out.add(JSON.readTree(line));
        }
        return out;
    }

    private static String kcat() {
        return TestCaptures.path("kcat.pcap").toString();
    }

    /**
     * Filters select exchanges, printed whole and in capture order: a Metadata request for every topic goes with the
     * response that names the topic; requests held for their response's latency keep their place.
     */
    @Test
    void filteredExchangesPrintWholeAndInCaptureOrder() {
        String basic = TestCaptures.path("java-basic.pcap").toString();
        List<String> frames = frames(CliRun.of("dissect", basic, "--format", "summary", "--topic", "basic-beta", "--api", "Metadata"));
        assertEquals(List.of(29L, 30L, 58L, 61L, 96L, 99L, 129L, 130L, 164L, 167L), frames.stream().limit(10).map(Long::valueOf).toList());
        List<Long> slow = frames(CliRun.of("dissect", basic, "--format", "summary", "--min-latency-ms", "60")).stream()
                .map(Long::valueOf).toList();
        assertEquals(slow.stream().sorted().toList(), slow, "capture order");
        assertEquals(List.of(258L, 273L, 275L, 284L, 287L, 288L), slow.subList(8, 14));
    }

    /** The frame numbers of a summary's lines. */
    private static List<String> frames(CliRun run) {
        return run.out().lines().skip(1).map(l -> l.trim().split("\\s+")[0]).toList();
    }

    /** One name for each thing: error names, topic ids in Kafka's form with their names, times beside epoch ms. */
    @Test
    void treesNameErrorCodesTopicIdsAndTimestamps() throws IOException {
        String basic = TestCaptures.path("java-basic.pcap").toString();
        CliRun errors = CliRun.of("dissect", basic, "--api", "InitProducerId", "--errors-only");
        assertTrue(errors.out().contains("+-- ErrorCode           int16       = 14 (COORDINATOR_LOAD_IN_PROGRESS)  [0x000d, 2B]"),
                errors.out());
        JsonNode json = lines(CliRun.of("dissect", basic, "--frame", "48", "--format", "json")).get(0);
        JsonNode code = json.get("tree").findParents("name").stream().filter(n -> n.get("name").asText().equals("ErrorCode"))
                .findFirst().orElseThrow();
        assertEquals(14, code.get("value").asInt());
        assertEquals("COORDINATOR_LOAD_IN_PROGRESS", code.get("error_name").asText());
        JsonNode values = lines(CliRun.of("dissect", basic, "--frame", "48", "--format", "values")).get(0);
        assertEquals("{\"throttleTimeMs\":0,\"errorCode\":14,\"error_name\":\"COORDINATOR_LOAD_IN_PROGRESS\","
                + "\"producerId\":-1,\"producerEpoch\":-1}", values.get("body").toString());
        String fetch = CliRun.of("dissect", basic, "--frame", "273").out();
        assertTrue(fetch.contains("TopicId                                            uuid                      "
                + "= 7GC2duJITZCpZaFRWQ20yQ (topic basic-alpha)"), fetch);
        assertTrue(fetch.contains("baseTimestamp                      int64                     = 1795973323138 "
                + "(2026-11-29T17:28:43.138Z)"), fetch);
        JsonNode tree = lines(CliRun.of("dissect", basic, "--frame", "258", "--format", "json")).get(0).get("tree");
        assertEquals(List.of("7GC2duJITZCpZaFRWQ20yQ", "g1YyoWZhTXSFapOvsPA7tA"), tree.findParents("name").stream()
                .filter(n -> n.get("name").asText().equals("TopicId")).map(n -> n.get("value").asText()).toList());
    }

    @Test
    void valuesLineOfOneFrameIsKafkasShapeWithItsPlace() throws IOException {
        List<JsonNode> out = lines(CliRun.of("dissect", kcat(), "--frame", "20", "--format", "values"));
        assertEquals(1, out.size());
        assertEquals("{\"frame\":20,\"first_frame\":20,\"timestamp\":\"2026-11-29T17:30:30.510786Z\",\"stream\":0,"
                + "\"direction\":\"response\",\"client\":\"127.0.0.1:55598\",\"broker\":\"127.0.0.1:9092\",\"api_key\":0,"
                + "\"api_name\":\"Produce\",\"api_version\":7,\"correlation_id\":7,\"length\":63,\"latency_us\":15160,"
                + "\"header\":{\"correlationId\":7},\"body\":{\"responses\":[{\"name\":\"kcat-snappy\",\"partitionResponses\":"
                + "[{\"index\":0,\"errorCode\":0,\"error_name\":\"NONE\",\"baseOffset\":3,\"logAppendTimeMs\":-1,\"logStartOffset\":0}]}],"
                + "\"throttleTimeMs\":0}}", out.get(0).toString());
    }

    @Test
    void apiAndCorrelationIdSelectFrames() throws IOException {
        List<JsonNode> produce = lines(CliRun.of("dissect", kcat(), "--api", "Produce", "--format", "values"));
        assertEquals(22, produce.size()); // 11 requests + 11 responses (truth: stream_framer)
        List<JsonNode> one = lines(CliRun.of("dissect", kcat(), "--api", "0,Metadata", "--correlation-id", "7", "--format", "values"));
        assertTrue(one.stream().allMatch(n -> n.get("correlation_id").asInt() == 7), one.toString());
        assertEquals(List.of("Produce", "Produce"), one.stream().map(n -> n.get("api_name").asText()).toList());
    }

    @Test
    void jsonTreeHasEveryNodeWithOffsetAndLength() throws IOException {
        JsonNode frame = lines(CliRun.of("dissect", TestCaptures.path("java-basic.pcap").toString(), "--frame", "24",
                "--format", "json")).get(0);
        JsonNode tree = frame.get("tree");
        assertEquals("DescribeTopicPartitionsRequest", tree.get("name").asText());
        assertEquals(58, tree.get("length").asInt());
        JsonNode body = tree.get("children").get(2);
        JsonNode topic0 = body.get("children").get(0).get("children").get(1);
        assertEquals("{\"name\":\"TopicRequest[0]\",\"type\":\"TopicRequest\",\"offset\":27,\"length\":13,\"detail\":\"struct\","
                + "\"children\":[{\"name\":\"Name\",\"type\":\"string\",\"offset\":27,\"length\":12,\"value\":\"basic-alpha\","
                + "\"detail\":\"(compact, len+1=12)\",\"about\":\"The topic name.\"},{\"name\":\"tagged_fields\",\"type\":\"uvarint\","
                + "\"offset\":39,\"length\":1,\"value\":0,\"about\":\"number of tagged fields in this struct\"}]}", topic0.toString());
    }

    @Test
    void textTreeShowsNamesTypesValuesOffsetsAndAbouts() {
        CliRun run = CliRun.of("dissect", TestCaptures.path("java-basic.pcap").toString(), "--frame", "24");
        assertEquals(0, run.exit(), run.err());
        String[] lines = run.out().split("\n");
        assertEquals("Frame 24, 2026-11-29T17:28:42.787800Z, stream 1 127.0.0.1:45772 -> 127.0.0.1:9092: "
                + "DescribeTopicPartitions v0 request, correlation_id 5, 58 bytes", lines[0]);
        assertTrue(run.out().contains("|   |   +-- Name                string           = \"basic-alpha\" (compact, len+1=12)  "
                + "[0x001b, 12B]  The topic name."), run.out());
        assertTrue(run.out().contains("+-- Cursor                      Cursor           = null"), run.out());
    }

    /** nDPI-kafka.pcapng's stream 1 starts with two responses whose requests were not captured. */
    @Test
    void responseWithoutItsRequestKeepsItsBodyUndecodedWithANote() {
        CliRun run = CliRun.of("dissect", TestCaptures.path("nDPI-kafka.pcapng").toString(), "--frame", "6");
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("unknown API response, correlation_id 140, 350 bytes"), run.out());
        assertTrue(run.out().contains("! note [undecoded] at 0x0008: the request of this response was not captured: API unknown"),
                run.out());
    }

    /**
     * Frame 5 answers correlation_id 131, whose request is not in the capture; of the APIs its connection used
     * (ApiVersions v0, Metadata v2), only Metadata v2 decodes it completely, so it is shown as Metadata v2.
     */
    @Test
    void responseWithoutItsRequestIsDecodedWhenItsConnectionMakesTheApiCertain() {
        CliRun run = CliRun.of("dissect", TestCaptures.path("nDPI-kafka.pcapng").toString());
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("! note [sequence] frame 5 offset 4 (stream 0): response with correlation_id 131 has no "
                + "captured request; inferred Metadata v2, the only API of this connection it decodes as"), run.out());
        assertTrue(run.out().contains("Frame 5, 2023-04-18T19:20:06.130644Z, stream 0 172.30.0.237:9092 -> 172.16.17.101:49280: "
                + "Metadata v2 response, correlation_id 131, 120 bytes\nMetadataResponse "), run.out());
    }

    @Test
    void schemasFolderDecodesVersionsTheBundledSchemasDoNotKnow(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("ApiVersionsRequest.json"), """
                { "apiKey": 18, "type": "request", "name": "ApiVersionsRequest", "validVersions": "0-99",
                  "flexibleVersions": "3+", "fields": [
                    { "name": "ClientSoftwareName", "type": "string", "versions": "3+", "about": "The name." } ] }
                """);
        CliRun run = CliRun.of("schema", "ApiVersions", "--version", "99", "--schemas", dir.toString());
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().startsWith("ApiVersionsRequest v99 (Kafka " + dir + ", flexible)\n  ClientSoftwareName string  -- The name."),
                run.out());
        assertEquals(2, CliRun.of("schema", "ApiVersions", "--version", "99").exit());
    }

    @Test
    void aSchemasFolderBreakingASchemaRuleIsOneLineNamingFileStructAndField(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("ApiVersionsRequest.json"), """
                { "apiKey": 18, "type": "request", "name": "ApiVersionsRequest", "validVersions": "0-99",
                  "flexibleVersions": "3+", "fields": [
                    { "name": "ClientSoftwareName", "type": "string", "versions": "3+", "tag": 0 } ] }
                """);
        CliRun run = CliRun.of("schema", "ApiVersions", "--schemas", dir.toString());
        assertEquals(3, run.exit());
        assertEquals("kwire: --schemas " + dir + ": ApiVersionsRequest.json: struct ApiVersionsRequest, field "
                + "ClientSoftwareName: \"tag\" 0 without \"taggedVersions\"\n", run.err());
    }

    @Test
    void schemaListsEveryApi() {
        CliRun run = CliRun.of("schema");
        String[] lines = run.out().split("\n");
        assertEquals(96, lines.length); // a heading and 95 APIs
        assertEquals("0       Produce                                  0-13       0-13       v9", lines[1]);
        assertTrue(run.out().contains("\n78      ShareFetch                               0-2        0-2        v0\n"), run.out());
        assertEquals(run.out(), CliRun.of("schema").out());
        assertTrue(CliRun.of("schema", "18").out().startsWith("ApiVersionsRequest v5 (Kafka 4.4.0, flexible)"), "an api key works too");
        assertEquals("kwire: schema: one API at a time (got Metadata Fetch)\n", CliRun.of("schema", "Metadata", "Fetch").err());
        assertEquals(2, CliRun.of("schema", "--minimal").exit());
    }

    /** sasl-plain.pcap carries the fake passwords admin-secret and wrong-fake-password in SaslAuthenticate requests. */
    @Test
    void saslPasswordsAreRedactedInEveryFormatUnlessAskedFor() {
        String sasl = TestCaptures.path("sasl-plain.pcap").toString();
        for (String format : List.of("text", "json", "values")) {
            CliRun run = CliRun.of("dissect", sasl, "--port", "9094", "--format", format);
            assertEquals(0, run.exit(), run.err());
            String out = decodedBase64(run.out());
            assertTrue(out.contains("admin"), format);
            assertTrue(!out.contains("admin-secret") && !out.contains("wrong-fake-password")
                    && !run.out().contains("61646d696e2d736563726574"), format + " shows a password");
        }
        CliRun shown = CliRun.of("dissect", sasl, "--port", "9094", "--format", "values", "--api", "SaslAuthenticate", "--show-secrets");
        assertTrue(decodedBase64(shown.out()).contains("\u0000admin\u0000admin-secret"), shown.out());
        CliRun redacted = CliRun.of("dissect", sasl, "--port", "9094", "--format", "values", "--api", "SaslAuthenticate");
        assertTrue(decodedBase64(redacted.out()).contains("\u0000admin\u0000************"), redacted.out());
    }

    /** The output with every authBytes value base64-decoded in place, so a password would show. */
    private static String decodedBase64(String out) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"authBytes\":\"([^\"]*)\"").matcher(out);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(b, java.util.regex.Matcher.quoteReplacement(
                    new String(java.util.Base64.getDecoder().decode(m.group(1)), java.nio.charset.StandardCharsets.ISO_8859_1)));
        }
        return m.appendTail(b).toString();
    }

    @Test
    void badInputsAreOneLineErrors() {
        CliRun missing = CliRun.of("dissect", "/nonexistent.pcap");
        assertEquals(3, missing.exit());
        assertEquals("kwire: no such file: /nonexistent.pcap\n", missing.err());
        assertEquals("kwire: --api Nope: unknown API (kwire schema lists them)\n", CliRun.of("dissect", kcat(), "--api", "Nope").err());
        assertEquals("kwire: --format xml: use text, json, values or summary\n", CliRun.of("dissect", kcat(), "--format", "xml").err());
        assertEquals("kwire: dissect: no capture file given (kwire dissect [OPTIONS] FILE; see kwire dissect --help)\n", CliRun.of("dissect").err());
    }
}
