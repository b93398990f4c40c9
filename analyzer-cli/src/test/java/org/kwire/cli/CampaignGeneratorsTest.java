package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.kafka.common.message.ApiVersionsRequestData;
import org.apache.kafka.common.message.MetadataRequestData;
import org.apache.kafka.common.message.MetadataResponseData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Three categories of the robustness campaign of issue 20 as seeded generators: payload mutations of real captures'
 * Kafka bytes, truncations (a file cut anywhere, packets cut by a snaplen, packets lost) and hostile frames (size
 * prefixes, api keys, versions, counts and lengths chosen to hurt). Every input runs through {@code analyze} (its JSON
 * report, in-process) and {@code dissect --format summary}, which must both exit 0 with no exception, write a report
 * that matches docs/report.schema.json, account for every frame (the report's {@code capture.frames} equals its
 * requests plus responses plus responses without request, and the lines {@code dissect} prints), and write no control
 * character in JSON or on stderr (nor in the text outputs of truncated captures, whose names are the original's).
 * A failure names the seed and what was done, so that it can be rebuilt. {@code -Dkwire.campaign.seeds=N} runs N
 * seeds per category instead of the few that keep the suite quick (a deeper campaign).
 */
class CampaignGeneratorsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Seeds per category (more for a deeper campaign). */
    private static final int SEEDS = Integer.getInteger("kwire.campaign.seeds", 9);
    private static final List<String> CAPTURES = List.of("kafkajs.pcap", "java-basic.pcap", "kcat.pcap");
    private static final int[] HOSTILE_INTS = {0, -1, 1, 4, 8, 12, 0x7fffffff, 0x80000000, 0x00040012, 104_857_601};
    private static final short[] HOSTILE_SHORTS = {-1, -2, 0, 0x7fff, (short) 0x8000, 1857, 18, 3};

    /** One input of a generator: made from its seed, checked; returns the expert notes of its report. */
    private interface Generator {
        long run(int seed, Random r, String capture) throws IOException;
    }

    /** Runs {@code seeds} inputs of a generator; together they must have damaged something (a note per input). */
    private static void campaign(int seeds, String category, Generator g) throws IOException {
        long notes = 0;
        for (int seed = 0; seed < seeds; seed++) {
            notes += g.run(seed, new Random(seed), CAPTURES.get(seed % CAPTURES.size()));
        }
        assertTrue(notes >= seeds, category + ": the inputs damaged too little, " + notes + " expert notes");
    }

    /** Bit flips, random bytes and hostile int16/int32 values written over real captures' TCP payloads. */
    @Test
    void payloadMutationsOfRealCaptures(@TempDir Path dir) throws IOException {
        campaign(SEEDS, "payload", (seed, r, name) -> {
            byte[] pcap = Files.readAllBytes(TestCaptures.path(name));
            List<int[]> payloads = PcapEdit.tcpPayloads(pcap);
            StringBuilder what = new StringBuilder(name + ", seed " + seed + ":");
            for (int m = 0, n = 1 + r.nextInt(6); m < n; m++) {
                int[] p = payloads.get(r.nextInt(payloads.size()));
                int at = p[0] + r.nextInt(p[1]);
                int room = p[0] + p[1] - at;
                switch (r.nextInt(4)) {
                    case 0 -> pcap[at] ^= (byte) (1 << r.nextInt(8));
                    case 1 -> pcap[at] = (byte) r.nextInt(256);
                    case 2 -> {
                        if (room >= 4) {
                            ByteBuffer.wrap(pcap, at, 4).putInt(HOSTILE_INTS[r.nextInt(HOSTILE_INTS.length)]);
                        }
                    }
                    default -> {
                        if (room >= 2) {
                            ByteBuffer.wrap(pcap, at, 2).putShort(HOSTILE_SHORTS[r.nextInt(HOSTILE_SHORTS.length)]);
                        }
                    }
                }
                what.append(" byte ").append(at);
            }
            return check(what.toString(), Files.write(dir.resolve("payload-" + seed + ".pcap"), pcap), false, List.of(),
                    List.of());
        });
    }

    /** The file cut at any byte, every packet cut to a random snaplen, random packets lost. */
    @Test
    void truncatedCaptures(@TempDir Path dir) throws IOException {
        campaign(SEEDS, "truncation", (seed, r, name) -> {
            Path in = TestCaptures.path(name);
            Path out = dir.resolve("truncated-" + seed + ".pcap");
            String what;
            switch (seed % 3) {
                case 0 -> {
                    byte[] pcap = Files.readAllBytes(in);
                    int cut = 24 + r.nextInt(pcap.length - 24);
                    Files.write(out, Arrays.copyOf(pcap, cut));
                    what = name + " cut at byte " + cut;
                }
                case 1 -> {
                    int snaplen = 54 + r.nextInt(150);
                    PcapEdit.snap(in, out, snaplen);
                    what = name + " cut to a snaplen of " + snaplen;
                }
                default -> {
                    List<int[]> payloads = PcapEdit.tcpPayloads(Files.readAllBytes(in));
                    Set<Integer> drop = new HashSet<>();
                    for (int k = 0, n = 1 + r.nextInt(8); k < n; k++) {
                        drop.add(payloads.get(r.nextInt(payloads.size()))[2]);
                    }
                    PcapEdit.without(in, out, drop);
                    what = name + " without packets " + drop;
                }
            }
            return check(what + " (seed " + seed + ")", out, true, List.of(), List.of());
        });
    }

    /** Crafted connections of frames chosen to hurt, between broker ports or not, with or without their start. */
    @Test
    void hostileFrames(@TempDir Path dir) throws IOException {
        campaign(SEEDS * 2, "hostile frames", (seed, r, name) -> {
            CraftedPcap pcap = new CraftedPcap();
            for (int c = 0, n = 1 + r.nextInt(3); c < n; c++) {
                int clientPort = switch (r.nextInt(3)) {
                    case 0 -> 9092;
                    case 1 -> 9093;
                    default -> 40000 + c;
                };
                CraftedPcap.Connection conn = pcap.connection(2 + c, clientPort, 9092);
                if (r.nextBoolean()) {
                    conn.handshake();
                }
                for (int f = 0, frames = 1 + r.nextInt(6); f < frames; f++) {
                    if (r.nextInt(8) == 0) {
                        conn.clientLost(1 + r.nextInt(40));
                    }
                    conn.client(segment(r, hostileRequest(r, f)));
                    if (r.nextInt(8) == 0) {
                        conn.serverLost(1 + r.nextInt(40));
                    }
                    conn.server(segment(r, hostileResponse(r, f)));
                }
            }
            Path file = pcap.write(dir.resolve("hostile-" + seed + ".pcap"));
            List<String> analyzeOnly = new ArrayList<>();
            if (r.nextBoolean()) {
                analyzeOnly.addAll(List.of("--workers", "0"));
            }
            if (r.nextBoolean()) {
                analyzeOnly.add("--deep");
            }
            return check("hostile frames, seed " + seed + " " + analyzeOnly, file, false, List.of("--port", "9092,9093"),
                    analyzeOnly);
        });
    }

    /** A request: one of Kafka's own, or a header and body of hostile values. */
    private static byte[] hostileRequest(Random r, int correlationId) {
        switch (r.nextInt(4)) {
            case 0 -> {
                return CraftedPcap.request(new MetadataRequestData().setTopics(null), ApiKeys.METADATA, 12, "c", correlationId);
            }
            case 1 -> {
                return CraftedPcap.request(new ApiVersionsRequestData(), ApiKeys.API_VERSIONS, 3, "c", correlationId);
            }
            default -> {
                ByteBuffer b = ByteBuffer.allocate(15 + r.nextInt(40));
                b.putInt(r.nextInt(3) == 0 ? HOSTILE_INTS[r.nextInt(HOSTILE_INTS.length)] : b.capacity() - 4);
                b.putShort(r.nextBoolean() ? (short) r.nextInt(80) : HOSTILE_SHORTS[r.nextInt(HOSTILE_SHORTS.length)]);
                b.putShort(r.nextBoolean() ? (short) r.nextInt(20) : HOSTILE_SHORTS[r.nextInt(HOSTILE_SHORTS.length)]);
                b.putInt(correlationId);
                b.putShort(r.nextBoolean() ? (short) 1 : HOSTILE_SHORTS[r.nextInt(HOSTILE_SHORTS.length)]).put((byte) 'c');
                hostileBody(r, b);
                return b.array();
            }
        }
    }

    /** A response: Kafka's own Metadata response, or a correlation_id and a body of hostile values. */
    private static byte[] hostileResponse(Random r, int correlationId) {
        if (r.nextInt(3) == 0) {
            return CraftedPcap.response(new MetadataResponseData(), ApiKeys.METADATA, 12, correlationId);
        }
        ByteBuffer b = ByteBuffer.allocate(8 + r.nextInt(40));
        b.putInt(r.nextInt(3) == 0 ? HOSTILE_INTS[r.nextInt(HOSTILE_INTS.length)] : b.capacity() - 4);
        b.putInt(r.nextInt(4) == 0 ? r.nextInt() : correlationId);
        hostileBody(r, b);
        return b.array();
    }

    /** Fills the rest with hostile counts and lengths (int32, int16, varints) and random bytes. */
    private static void hostileBody(Random r, ByteBuffer b) {
        while (b.hasRemaining()) {
            int k = r.nextInt(4);
            if (k == 0 && b.remaining() >= 4) {
                b.putInt(HOSTILE_INTS[r.nextInt(HOSTILE_INTS.length)]);
            } else if (k == 1 && b.remaining() >= 2) {
                b.putShort(HOSTILE_SHORTS[r.nextInt(HOSTILE_SHORTS.length)]);
            } else if (k == 2 && b.remaining() >= 5) {
                b.put(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f}); // a varint of 2^32 - 1
            } else {
                b.put((byte) r.nextInt(256));
            }
        }
    }

    /** A frame, sometimes with another one's start or random bytes glued on (frames do not end at segments). */
    private static byte[] segment(Random r, byte[] frame) {
        if (r.nextInt(4) != 0) {
            return frame;
        }
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(frame);
        byte[] tail = new byte[1 + r.nextInt(12)];
        r.nextBytes(tail);
        b.writeBytes(tail);
        return b.toByteArray();
    }

    /**
     * Runs analyze and dissect on {@code capture} and checks what every input must give (see the class comment).
     *
     * @param options      options of both commands
     * @param analyzeOnly  options of analyze only
     * @return the expert notes of the report
     */
    private static long check(String what, Path capture, boolean textOutputs, List<String> options, List<String> analyzeOnly)
            throws IOException {
        List<String> both = new ArrayList<>(options);
        both.addAll(analyzeOnly);
        CliRun analyze = CliRun.of(args("analyze", "--format", "json", both, capture));
        CliRun dissect = CliRun.of(args("dissect", "--format", "summary", options, capture));
        for (CliRun run : List.of(analyze, dissect)) {
            assertEquals(0, run.exit(), what + ": " + run.err());
            assertTrue(!run.err().contains("Exception") && !run.err().contains("\tat "), what + ": " + run.err());
            noControlCharacters(what + ", stderr", run.err());
        }
        noControlCharacters(what + ", report", analyze.out().replace('\u007f', ' ').replaceAll("[\u0080-\u009f]", " ")); // JSON's own escaping
        if (textOutputs) {
            noControlCharacters(what + ", dissect", dissect.out());
            noControlCharacters(what + ", text", CliRun.of(args("analyze", "--format", "text", both, capture)).out());
        }
        ReportSchema.assertValid(analyze.out());
        JsonNode r = JSON.readTree(analyze.out());
        long frames = r.get("capture").get("frames").asLong();
        long exchanged = r.get("responses_without_request").asLong();
        for (JsonNode a : r.get("apis")) {
            exchanged += a.get("requests").asLong() + a.get("responses").asLong();
        }
        assertEquals(frames, exchanged, what + ": frames = requests + responses + responses without request");
        long lines = dissect.out().lines().filter(l -> l.matches(" *[0-9]+  .*")).count();
        assertEquals(frames, lines, what + ": every frame is a line of dissect --format summary");
        long notes = 0;
        for (JsonNode n : r.get("expert")) {
            notes += n.asLong();
        }
        return notes;
    }

    private static String[] args(String command, String option, String value, List<String> extra, Path capture) {
        List<String> a = new ArrayList<>(List.of(command, option, value));
        a.addAll(extra);
        a.add(capture.toString());
        return a.toArray(String[]::new);
    }

    /** Fails if {@code s} holds a C0 control character other than a newline, DEL, or a C1 control character. */
    private static void noControlCharacters(String what, String s) {
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch < 0x20 && ch != '\n' || ch >= 0x7f && ch <= 0x9f) {
                fail(what + ": control character U+" + String.format("%04X", (int) ch) + " at " + i + ": "
                        + s.substring(Math.max(0, i - 80), Math.min(s.length(), i + 20)));
            }
        }
    }
}
