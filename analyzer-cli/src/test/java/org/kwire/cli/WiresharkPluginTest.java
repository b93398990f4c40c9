package org.kwire.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.kwire.TestCaptures;
import org.kwire.schema.SchemaRegistry;
import org.kwire.wireshark.PluginModel;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code kwire wireshark-plugin} run through real tshark: on the bundled captures and on frames of every API and
 * version, every value the plugin shows equals kwire's own {@code dissect --format values} for the same frame, no
 * frame kwire decodes fully is malformed in tshark, and the plugin's request/response links and response times are
 * kwire's matching ({@link PluginOracle}); a planted CRC failure raises the plugin's expert item.
 */
class WiresharkPluginTest {

    @TempDir
    static Path dir;
    static Path plugin;

    @BeforeAll
    static void generate() {
        Tshark.assertInstalled();
        plugin = dir.resolve("kwire.lua");
        CliRun run = CliRun.of("wireshark-plugin", "-o", plugin.toString());
        assertEquals(0, run.exit(), run.err());
    }

    /** The capture's Kafka frames, values compared (kwire decodes all of them fully) and responses linked. */
    @ParameterizedTest
    @CsvSource({"java-basic.pcap, 146, 73", "kraft-quorum.pcap, 795, 396", "transactions.pcap, 160, 80",
            "share-group.pcap, 118, 59", "kcat.pcap, 104, 52", "kafkajs.pcap, 88, 44", "cluster-controller.pcap, 752, 374",
            "old-client-0.10.2.2.pcap, 47, 23", "acks0-producer.pcap, 16, 3", "sasl-plain.pcap, 130, 65",
            "java-basic-lost-starts.pcap, 142, 71", "sasl-handshake-v0-plain.pcap, 15, 6", "sasl-gssapi-legacy.pcap, 4, 2"})
    void everyValueIsKwires(String capture, int frames, int responses) throws Exception {
        PluginOracle oracle = compare(TestCaptures.path(capture));
        assertEquals(List.of(), oracle.differences.subList(0, Math.min(8, oracle.differences.size())),
                oracle.differences.size() + " differences");
        assertEquals(frames + " frames compared, " + responses + " responses linked",
                oracle.compared + " frames compared, " + oracle.linked + " responses linked");
    }

    /**
     * Record keys and values (uncompressed and gzip batches, which Wireshark decompresses for the plugin; not snappy,
     * lz4 or zstd ones) are kwire's: {@code dissect --format json --records} shows them as text when printable, else
     * base64.
     */
    @ParameterizedTest
    @CsvSource({"kafkajs.pcap, 36", "java-basic.pcap, 72"})
    void recordKeysAndValuesAreKwires(String capture, int records) throws Exception {
        Path file = TestCaptures.path(capture);
        CliRun tree = CliRun.of("dissect", "--format", "json", "--records", "--records-max-bytes", "1000000", file.toString());
        assertEquals(0, tree.exit(), tree.err());
        List<String> kwireKeys = new ArrayList<>();
        List<String> kwireValues = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        for (String line : tree.out().lines().toList()) {
            recordFields(json.readTree(line).get("tree"), false, kwireKeys, kwireValues);
        }
        List<String> keys = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (Tshark.Pdu p : Tshark.dissect(plugin, file, List.of(9092))) {
            p.values("kwire.record.key").forEach(v -> keys.add(shown(v)));
            p.values("kwire.record.value").forEach(v -> values.add(shown(v)));
        }
        assertEquals(records, kwireKeys.size());
        assertEquals(kwireKeys, keys);
        assertEquals(kwireValues, values);
    }

    /**
     * The keys and values (not null) of the records under a kwire tree node, in order: those of uncompressed batches
     * (a {@code Record[i]} right under its {@code RecordBatch}) and of gzip ones (under {@code records gzip}).
     */
    private static void recordFields(com.fasterxml.jackson.databind.JsonNode n, boolean inRecord, List<String> keys,
                                     List<String> values) {
        String name = n.path("name").asText();
        if (inRecord) {
            for (com.fasterxml.jackson.databind.JsonNode field : n.path("children")) {
                String f = field.path("name").asText();
                if (field.path("value").isTextual() && (f.equals("key") || f.equals("value"))) {
                    (f.equals("key") ? keys : values).add(field.get("value").asText());
                }
            }
            return;
        }
        boolean decoded = name.equals("RecordBatch") || n.path("type").asText().equals("gzip");
        for (com.fasterxml.jackson.databind.JsonNode child : n.path("children")) {
            recordFields(child, decoded && child.path("name").asText().startsWith("Record["), keys, values);
        }
    }

    /** tshark's hex of a bytes field as kwire shows record bytes: UTF-8 text if printable, else base64. */
    private static String shown(String hex) {
        byte[] b = hex.isEmpty() ? new byte[0] : java.util.HexFormat.ofDelimiter(":").parseHex(hex);
        String text = new String(b, StandardCharsets.UTF_8);
        boolean printable = text.codePoints().allMatch(c -> c >= 0x20 && c != 0x7f && c != 0xfffd);
        return printable ? text : java.util.Base64.getEncoder().encodeToString(b);
    }

    /** SASL tokens without a Kafka header are the plugin's kwire.sasl_token exactly where kwire counts them. */
    @ParameterizedTest
    @CsvSource({"sasl-handshake-v0-plain.pcap, 37703, 8", "sasl-gssapi-legacy.pcap, 9092, 5"})
    void saslTokensAreKwires(String capture, int port, int tokens) throws Exception {
        Path file = TestCaptures.path(capture);
        CliRun report = CliRun.of("analyze", "--port", String.valueOf(port), file.toString());
        assertEquals(tokens, report.json().path("expert").path("kafka.sasl.token").asInt(), report.out());
        assertEquals(tokens, Tshark.dissect(plugin, file, List.of(port)).stream()
                .filter(p -> !p.values("kwire.sasl_token").isEmpty()).count());
    }

    /** kafka-clients-built frames of every API and version (the older versions kwire-built), each answered. */
    @Test
    void everyApiAndVersion() throws Exception {
        EveryApiPcap every = new EveryApiPcap();
        Path capture = dir.resolve("every-api.pcap");
        Files.write(capture, every.build());
        PluginOracle oracle = compare(capture);
        assertEquals(List.of(), oracle.differences.subList(0, Math.min(8, oracle.differences.size())),
                oracle.differences.size() + " differences");
        assertEquals("368 exchanges, 618 written by Kafka, 736 frames compared, 368 responses linked", every.exchanges
                + " exchanges, " + every.writtenByKafka + " written by Kafka, " + oracle.compared + " frames compared, "
                + oracle.linked + " responses linked");
    }

    /**
     * One byte of a record value changed in java-basic.pcap's frame 63 (a Produce request; the batch's stored CRC-32C is
     * 0x0e7a9940): the plugin raises kwire.kafka.records.crc_invalid on that batch, naming the CRC-32C of the changed
     * bytes, and nowhere else; on the capture as it was, nowhere.
     */
    @Test
    void aPlantedCrcFailureRaisesTheExpertItem() throws Exception {
        byte[] pcap = Files.readAllBytes(TestCaptures.path("java-basic.pcap"));
        int magic = indexOf(pcap, new byte[] {2, 0x0e, 0x7a, (byte) 0x99, 0x40});
        int value = indexOf(pcap, "value 4 from none producer".getBytes(StandardCharsets.US_ASCII));
        int batchEnd = magic - 16 + 12 + 349;
        assertTrue(magic > 0 && value > magic && value < batchEnd, magic + " " + value);
        pcap[value] = 'V';
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(pcap, magic + 5, batchEnd - magic - 5);
        Path planted = dir.resolve("planted-crc.pcap");
        Files.write(planted, pcap);
        List<String> found = new ArrayList<>();
        for (Tshark.Pdu p : Tshark.dissect(plugin, planted, List.of(9092))) {
            for (int i = 0; i < p.pairs().size(); i++) {
                if (p.pairs().get(i)[0].equals("kwire.kafka.records.crc_invalid")) {
                    found.add(p.frame() + ": " + p.pairs().get(i + 1)[1]);
                }
            }
        }
        assertEquals(List.of(String.format("63: CRC-32C 0x0e7a9940 stored, 0x%08x computed over the batch", crc.getValue())),
                found);
        CliRun kwire = CliRun.of("dissect", "--frame", "63", planted.toString());
        assertTrue(kwire.out().contains(String.format("stored 0x0e7a9940, computed 0x%08x, invalid", crc.getValue())), kwire.out());
        assertTrue(Tshark.dissect(plugin, TestCaptures.path("java-basic.pcap"), List.of(9092)).stream()
                .noneMatch(p -> p.values("kwire.kafka.records.crc_invalid").size() > 0));
    }

    /**
     * Bad input never breaks the plugin: java-basic.pcap with 200 bytes of Kafka payload changed at random (6 seeds),
     * through {@code tshark -2 -V}: no Lua error, no frame tshark calls malformed for kwire, and kwire's expert items
     * (naming an offset, or a batch's CRC-32C) say what is wrong.
     */
    @Test
    void changedBytesBecomeExpertItemsNeverLuaErrors() throws Exception {
        byte[] original = Files.readAllBytes(TestCaptures.path("java-basic.pcap"));
        int experts = 0;
        for (int seed = 1; seed <= 6; seed++) {
            byte[] pcap = original.clone();
            java.util.Random random = new java.util.Random(seed);
            List<Integer> payload = new ArrayList<>();
            for (int at = 24; at + 16 <= pcap.length; ) { // pcap records: 16-byte header, Ethernet, IPv4, TCP with options
                int len = java.nio.ByteBuffer.wrap(pcap, at + 8, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
                for (int i = 66; i < len; i++) {
                    payload.add(at + 16 + i);
                }
                at += 16 + len;
            }
            for (int i = 0; i < 200; i++) {
                pcap[payload.get(random.nextInt(payload.size()))] ^= (byte) (1 + random.nextInt(255));
            }
            Path changed = dir.resolve("changed-" + seed + ".pcap");
            Files.write(changed, pcap);
            Process p = new ProcessBuilder("tshark", "-n", "-2", "-V", "-X", "lua_script:" + plugin, "-r", changed.toString())
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, p.waitFor(), out.substring(Math.max(0, out.length() - 2000)));
            for (String line : out.split("\n")) {
                assertTrue(!line.contains("Lua Error") && !line.contains("Malformed Packet: kwire"), "seed " + seed + ": " + line);
            }
            experts += (int) out.lines().filter(l -> l.contains("Expert Info")
                    && (l.contains("(offset ") || l.contains("CRC-32C"))).count();
        }
        assertTrue(experts > 60, experts + " expert items of kwire's");
    }

    private static int indexOf(byte[] data, byte[] what) {
        outer:
        for (int i = 0; i + what.length <= data.length; i++) {
            for (int j = 0; j < what.length; j++) {
                if (data[i + j] != what[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    static PluginOracle compare(Path capture) throws Exception {
        CliRun values = CliRun.of("dissect", "--format", "values", "--show-secrets", capture.toString());
        assertEquals(0, values.exit(), values.err());
        List<String> lines = values.out().lines().toList();
        TreeSet<Integer> ports = new TreeSet<>();
        ObjectMapper json = new ObjectMapper();
        for (String l : lines) {
            String broker = json.readTree(l).get("broker").asText();
            ports.add(Integer.parseInt(broker.substring(broker.lastIndexOf(':') + 1)));
        }
        PluginOracle oracle = new PluginOracle(PluginModel.of(SchemaRegistry.bundled()).fields());
        oracle.compare(capture.getFileName().toString(), lines, Tshark.dissect(plugin, capture, List.copyOf(ports)));
        return oracle;
    }
}
