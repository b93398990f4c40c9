package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The robustness campaign's "bounds" category (issue 20): partials and reports that claim or hold more than kwire may
 * read, each refused in one line naming the file, the field and the limit, within bounded memory: the campaign's own
 * findings rebuilt (a deflated 300 MiB timeline in a 445 KB partial, a timeline claiming 2^31 - 1 packets, a partial of
 * a million connections, ListOffsets with -4 requests, a latency histogram whose counts pass 64 bits, a damaged first
 * partial blaming the intact second), and a seeded generator of oversized inputs. How long a 200 MiB partial takes to
 * be refused, and in what heap, is measured in docs/PERFORMANCE.md ("Hostile partials"), not here.
 */
class PartialBoundsTest {

    @TempDir
    static Path dir;
    private static Map<String, Path> real;
    private static Path basic;
    private static Path other;

    @BeforeAll
    static void makePartials() {
        real = HostilePartials.real(dir);
        basic = real.get("java-basic.pcap");
        other = real.get("transactions.pcap");
    }

    private static ObjectNode tree() {
        return (ObjectNode) HostilePartials.tree(basic);
    }

    private static Path write(String name, JsonNode tree) throws IOException {
        return HostilePartials.write(dir, name, HostilePartials.JSON.writeValueAsString(tree));
    }

    /** One line on stderr, exit code 3, naming the file; the line without "kwire: FILE: ". */
    private static String refused(CliRun run, Path file) {
        assertEquals(ExitCodes.INPUT, run.exit(), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().startsWith("kwire: " + file + ": "), run.err());
        return run.err().substring(("kwire: " + file + ": ").length()).trim();
    }

    @Test
    void aDeflatedBombInTheTimelineIsRefusedAtTheBytesItsCountsAllow() throws IOException {
        ObjectNode p = tree();
        ((ObjectNode) p.at("/slices/0/timeline")).put("data", HostilePartials.deflatedZeros(300L << 20));
        Path bomb = write("bomb.json", p);
        assertTrue(Files.size(bomb) < 600_000, "a small file: " + Files.size(bomb));
        assertEquals("/slices/0/timeline/data: timeline data inflates past the 3560 bytes its counts allow",
                refused(CliRun.of("merge", bomb.toString()), bomb));
    }

    @Test
    void aTimelineClaimingMorePacketsThanItsSliceOrTheHeapHoldsIsRefused() throws IOException {
        ObjectNode p = tree();
        ((ObjectNode) p.at("/slices/0/timeline")).put("packets", Integer.MAX_VALUE);
        Path claim = write("claim.json", p);
        assertEquals("/slices/0/timeline/packets: 2147483647, where /slices/0/packets is 340",
                refused(CliRun.of("merge", claim.toString()), claim));
        ((ObjectNode) p.at("/slices/0")).put("packets", Integer.MAX_VALUE);
        ((ObjectNode) p.at("/report/slices/0")).put("packets", Integer.MAX_VALUE);
        Path all = write("claim-all.json", p);
        String why = refused(CliRun.of("merge", all.toString()), all);
        assertTrue(why.startsWith("/slices/0/packets: the partials hold 2147483647 packets; numbering their frames takes "
                + "24 bytes each, more than two thirds of this heap ("), why);
        assertTrue(why.endsWith(" MiB) holds: give the JVM a larger heap (KWIRE_JAVA_OPTS=-Xmx...)"), why);
    }

    @Test
    void aPartialOfAMillionConnectionsIsRefusedAtTheTokenLimit() throws IOException {
        ObjectNode p = tree();
        ArrayNode conns = (ArrayNode) p.at("/slices/0/boundary/connections");
        for (int i = conns.size(); i < 100_000; i++) { // a tenth of the campaign's, against a tenth of the limit
            conns.addObject().put("stream", i).put("a", "10.0." + (i >> 8 & 255) + "." + (i & 255) + ":40000")
                    .put("b", "10.0.0.1:9092").put("syn", true).put("open_at_end", false);
        }
        Path many = write("many.json", p);
        String why = refused(CliRun.of("merge", "--max-partial-tokens", "400000", many.toString()), many);
        assertTrue(why.matches("/slices/0/boundary/connections/[0-9]+/[a-z_]+: more than 400000 JSON tokens, the most a "
                + "partial may hold \\(--max-partial-tokens\\)"), why);
        String bytes = refused(CliRun.of("merge", "--max-partial-bytes", "1000000", many.toString()), many);
        assertEquals(Files.size(many) + " bytes, more than 1000000, the most a partial may hold (--max-partial-bytes)", bytes);
        assertEquals(ExitCodes.USAGE, CliRun.of("merge", "--max-partial-bytes", "0", many.toString()).exit());
        CliRun tooMuch = CliRun.of("merge", "--max-partial-tokens", "100000000000", many.toString());
        assertEquals(ExitCodes.USAGE, tooMuch.exit());
        assertTrue(tooMuch.err().startsWith("kwire: --max-partial-bytes 268435456 and --max-partial-tokens 100000000000: "
                + "reading a partial within them may take 6104027 MiB of heap (twice its bytes and 64 bytes a token), more "
                + "than this heap's "), tooMuch.err());
        assertEquals(ExitCodes.USAGE, CliRun.of("merge", "--max-partial-tokens", "many", many.toString()).exit());
    }

    @Test
    void standardInputIsReadWithinTheLimitToo() throws IOException {
        byte[] bytes = Files.readAllBytes(basic);
        String err = merge(bytes, "--max-partial-bytes", "1000", "-");
        assertEquals("kwire: stdin: longer than 1000 bytes, the most a partial may hold (--max-partial-bytes)\n", err);
        assertEquals("", merge(bytes, "-"));
    }

    private static String merge(byte[] stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] all = new String[args.length + 2];
        all[0] = "--format";
        all[1] = "json";
        System.arraycopy(args, 0, all, 2, args.length);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        try {
            new MergeCommand(false, new ByteArrayInputStream(stdin)).run(all, new PrintStream(out, true, StandardCharsets.UTF_8), e);
        } catch (CliException x) {
            e.println("kwire: " + x.getMessage());
        }
        return err.toString(StandardCharsets.UTF_8).replaceAll("(?m)^kwire: warning: .*\n", "");
    }

    @Test
    void deepNestingIsRefusedAtItsDepth() throws IOException {
        String text = HostilePartials.JSON.writeValueAsString(tree()).replace("\"topic_names\":{", "\"topic_names\":{\"x\":"
                + HostilePartials.nested(100_000) + ",");
        Path deep = HostilePartials.write(dir, "deep.json", text);
        assertTrue(refused(CliRun.of("merge", deep.toString()), deep).matches("/report/topic_names/x(/0)+: nested more "
                + "than 64 deep, deeper than any kwire partial"));
    }

    /** The campaign's ListOffsets with -4 requests, accepted and summed before. */
    @Test
    void aNegativeCountIsRefusedNamingItsField() throws IOException {
        ObjectNode p = tree();
        ArrayNode apis = (ArrayNode) p.at("/report/apis");
        int i = 0;
        while (apis.get(i).get("api_key").asInt() != 2) { // ListOffsets
            i++;
        }
        ((ObjectNode) apis.get(i)).put("requests", -4);
        Path negative = write("negative.json", p);
        assertEquals("/report/apis/" + i + "/requests: must have a minimum value of 0",
                refused(CliRun.of("merge", negative.toString(), other.toString()), negative));
    }

    /**
     * The campaign's histogram whose total reached -4.6e18 in a merge: counts of 2^62 latencies in one bucket are more
     * than the API's responses; and the first of two partials, damaged, is the one blamed (it was the second, when
     * histograms were decoded only while merging).
     */
    @Test
    void aHistogramCountingPast64BitsIsRefusedAndTheDamagedFirstPartialIsBlamed() throws IOException {
        Histogram h = new Histogram(3_600_000_000L, 3);
        h.recordValueWithCount(1000, 1L << 62);
        h.recordValueWithCount(2000, 1L << 62);
        ByteBuffer b = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(b);
        ObjectNode p = tree();
        ((ObjectNode) p.at("/report/apis/0")).put("latency_histogram", Base64.getEncoder().encodeToString(
                java.util.Arrays.copyOf(b.array(), n)));
        Path damaged = write("histogram.json", p);
        assertEquals("/report/apis/0/latency_histogram: counts more latencies than the API's 10 responses",
                refused(CliRun.of("merge", damaged.toString(), other.toString()), damaged));
        Histogram wrapped = new Histogram(3_600_000_000L, 3); // 5 latencies and 2^64 more, its total wrapped to 5
        wrapped.recordValueWithCount(100, 5);
        for (long v : new long[] {1000, 2000, 3000, 4000}) {
            wrapped.recordValueWithCount(v, 1L << 62);
        }
        ByteBuffer w = ByteBuffer.allocate(wrapped.getNeededByteBufferCapacity());
        int wn = wrapped.encodeIntoCompressedByteBuffer(w);
        ((ObjectNode) p.at("/report/apis/0")).put("latency_histogram", Base64.getEncoder().encodeToString(
                java.util.Arrays.copyOf(w.array(), wn)));
        Path wraps = write("histogram-wraps.json", p);
        assertEquals("/report/apis/0/latency_histogram: counts that do not add up to its total (past 64 bits)",
                refused(CliRun.of("merge", wraps.toString(), other.toString()), wraps));
        ((ObjectNode) p.at("/report/apis/0")).put("latency_histogram", "HISTFAAAAD54nJNpmSzMwMAgywABzFCaEURc");
        Path cut = write("histogram-cut.json", p);
        assertEquals("/report/apis/0/latency_histogram: not HdrHistogram's compressed encoding of a latency histogram",
                refused(CliRun.of("merge", cut.toString(), other.toString()), cut));
    }

    /** Counts at most 2^53 - 1 each, whose sum over two partials passes it: the second is the one that cannot join. */
    @Test
    void countsThatAddUpPastWhatAPartialHoldsAreRefused() throws IOException {
        ObjectNode a = tree();
        ((ObjectNode) a.at("/report/apis/0")).put("request_bytes", (1L << 53) - 1);
        Path first = write("big-first.json", a);
        ObjectNode b = (ObjectNode) HostilePartials.tree(real.get("acks0-producer.pcap"));
        ((ObjectNode) b.at("/report/apis/0")).put("request_bytes", (1L << 53) - 1);
        Path second = write("big-second.json", b);
        assertEquals(0, CliRun.of("merge", "--format", "json", first.toString()).exit());
        assertEquals("cannot be merged with the partials before it: /report/apis/0/request_bytes: their sum is past what "
                + "one partial may hold (the sum must have a maximum value of 9007199254740991)",
                refused(CliRun.of("merge", "--format", "json", first.toString(), second.toString()), second));
        ((ObjectNode) a.at("/report/apis/0")).put("request_bytes", 1L << 53);
        Path past = write("big-past.json", a);
        assertEquals("/report/apis/0/request_bytes: must have a maximum value of 9007199254740991",
                refused(CliRun.of("merge", past.toString()), past));
    }

    /** A report read back: bounded and checked like a partial. */
    @Test
    void aReportReadBackIsBoundedAndCheckedToo() throws IOException {
        CliRun analyze = CliRun.of("analyze", "-q", "--format", "json", org.kwire.TestCaptures.path("java-basic.pcap").toString());
        Path report = HostilePartials.write(dir, "report.json", analyze.out());
        Path page = dir.resolve("page.html");
        assertEquals(Files.size(report) + " bytes, more than 1000, the most a report may hold (--max-report-bytes)",
                refused(CliRun.of("report", "--max-report-bytes", "1000", "-o", page.toString(), report.toString()), report));
        assertTrue(refused(CliRun.of("report", "--max-report-tokens", "100", "-o", page.toString(), report.toString()), report)
                .endsWith(": more than 100 JSON tokens, the most a report may hold (--max-report-tokens)"));
        ObjectNode r = (ObjectNode) HostilePartials.JSON.readTree(analyze.out());
        ((ArrayNode) r.at("/request_rate/requests/Metadata")).add(1);
        Path ragged = write("ragged.json", r);
        int buckets = r.at("/request_rate/requests/Metadata").size() - 1;
        assertTrue(refused(CliRun.of("report", "-o", page.toString(), ragged.toString()), ragged).matches(
                "/request_rate/requests/[A-Za-z]+: (" + buckets + "|" + (buckets + 1) + ") buckets, where the other series "
                + "of request_rate have (" + buckets + "|" + (buckets + 1) + ")"));
    }

    /**
     * A seeded generator of oversized inputs: a random list of a real partial made longer than the limits a run is
     * given, a random string made longer than the bytes, a random value nested deeper than 64, a timeline bomb of a
     * random size. Each is refused in one line naming the file and the limit or field, within a bounded time.
     */
    @Test
    void oversizedPartialsAreRefusedAtTheirLimit() throws IOException {
        long seed = Long.getLong("kwire.seed", 20);
        Random r = new Random(seed);
        List<String> names = List.copyOf(real.keySet());
        for (int run = 0; run < 40; run++) {
            JsonNode tree = HostilePartials.tree(real.get(names.get(r.nextInt(names.size()))));
            List<Map.Entry<String, JsonNode>> all = HostilePartials.values(tree);
            String text = HostilePartials.JSON.writeValueAsString(tree);
            long tokens = 20_000 + r.nextInt(50_000);
            long bytes = text.length() + 1000 + r.nextInt(100_000);
            String expect;
            switch (r.nextInt(4)) {
                case 0 -> {
                    List<Map.Entry<String, JsonNode>> arrays = all.stream().filter(e -> e.getValue().isArray()
                            && !e.getValue().isEmpty()).toList();
                    Map.Entry<String, JsonNode> v = arrays.get(r.nextInt(arrays.size()));
                    ArrayNode big = ((ArrayNode) v.getValue()).deepCopy();
                    while (HostilePartials.values(big).size() < tokens) {
                        big.addAll((ArrayNode) big.deepCopy());
                    }
                    text = HostilePartials.JSON.writeValueAsString(HostilePartials.with(tree, v.getKey(), big));
                    bytes = Math.max(bytes, 4L * text.length());
                    expect = "more than " + tokens + " JSON tokens, the most a partial may hold (--max-partial-tokens)";
                }
                case 1 -> {
                    List<Map.Entry<String, JsonNode>> strings = all.stream().filter(e -> e.getValue().isTextual()).toList();
                    Map.Entry<String, JsonNode> v = strings.get(r.nextInt(strings.size()));
                    text = HostilePartials.JSON.writeValueAsString(HostilePartials.with(tree, v.getKey(),
                            HostilePartials.JSON.getNodeFactory().textNode("A".repeat((int) bytes))));
                    expect = "the most a partial may hold (--max-partial-bytes)"; // by its size, before it is read
                }
                case 2 -> {
                    Map.Entry<String, JsonNode> v = all.get(1 + r.nextInt(all.size() - 1));
                    text = HostilePartials.JSON.writeValueAsString(HostilePartials.with(tree, v.getKey(),
                            HostilePartials.JSON.getNodeFactory().textNode("@@deep@@"))).replace("\"@@deep@@\"",
                            HostilePartials.nested(65 + r.nextInt(100_000)));
                    bytes = Math.max(bytes, 4L * text.length());
                    expect = "nested more than 64 deep, deeper than any kwire partial";
                }
                default -> {
                    int slice = r.nextInt(tree.get("slices").size());
                    long zeros = 1L << (16 + r.nextInt(13));
                    text = HostilePartials.JSON.writeValueAsString(HostilePartials.with(tree, "/slices/" + slice
                            + "/timeline/data", HostilePartials.JSON.getNodeFactory().textNode(HostilePartials.deflatedZeros(zeros))));
                    bytes = Math.max(bytes, 4L * text.length()); // its strings within a quarter of the bytes
                    expect = "timeline data inflates past the ";
                }
            }
            Path big = HostilePartials.write(dir, "big-" + run + ".json", text);
            String what = "run " + run + " (seed " + seed + "): " + expect;
            CliRun merge = CliRun.of("merge", "--max-partial-tokens", Long.toString(tokens), "--max-partial-bytes",
                    Long.toString(bytes), big.toString());
            String why = HostilePartials.assertRefusedOrMerged(merge, big, List.of(), null, what);
            assertTrue(why != null && why.contains(expect), what + ": " + why);
            Files.delete(big);
        }
    }
}
