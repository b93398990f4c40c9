package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.message.ProduceRequestData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.SimpleRecord;
import org.apache.kafka.common.requests.ProduceRequest;
import org.apache.kafka.common.requests.RequestHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * kwire in a JVM started with the {@code kwire} launcher's own default flags (its {@code memory=} line: the serial
 * collector, a small young generation, the heap capped; docs/PERFORMANCE.md, "Memory flat with the launcher's
 * defaults") on the largest frames and batches kwire's limits let through: kafka-clients-built Produce requests with
 * zstd batches up to and past {@code --max-decompressed} (64 MiB), as many at once as the heap rule lets threads
 * decompress, and frames just under {@code --max-frame-size} (100 MiB). Each is decoded, or noted as over its limit,
 * and the run ends with exit code 0 and exact counts: never an OutOfMemoryError.
 */
class LauncherMemoryTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MIB = 1 << 20;
    private static final Pattern MEMORY_LINE = Pattern.compile("(?m)^memory=\"([^\"]*)\"$");

    @TempDir
    Path dir;

    @Test
    void theLaunchersHeapHoldsWhatItsDefaultWorkersAndDecompressionLimitNeed() throws Exception {
        // Runtime.maxMemory() of 1 GiB, as G1's -Xmx1g gave: HeapRoom.threadsWithin allows 4 decoding threads at 64 MiB
        Path probe = dir.resolve("MaxMemory.java");
        Files.writeString(probe, "public class MaxMemory { public static void main(String[] a) {"
                + " System.out.print(Runtime.getRuntime().maxMemory()); } }");
        List<String> cmd = new ArrayList<>(javaWithLauncherFlags());
        cmd.add(probe.toString());
        Run run = run(cmd);
        assertEquals(0, run.exit, run.err);
        assertEquals(1024L * MIB, Long.parseLong(run.out));
        assertEquals(4, org.kwire.analysis.HeapRoom.threadsWithin(org.kwire.records.RecordsOptions.defaults(), Long.parseLong(run.out)));
    }

    @Test
    void aFiftyMebibyteZstdBatchIsDecompressedAndWalkedWithDeep() throws Exception {
        SimpleRecord[] records = records(50, MIB);
        Path capture = capture("zstd-50MiB.pcap", List.of(produce(1, Compression.zstd().build(), records)));
        JsonNode r = analyze(capture, "--deep").report();
        assertEquals("{}", r.get("expert").toString());
        JsonNode produce = r.get("partitions").get(0).get("produce");
        assertEquals("1 1 50 {\"zstd\":1}", produce.get("requests") + " " + produce.get("batches") + " "
                + produce.get("records") + " " + produce.get("codecs"));
        assertEquals(uncompressedSize(records), produce.get("bytes_uncompressed").asLong());
        assertEquals(52_429_511, produce.get("bytes_uncompressed").asLong()); // a 61-byte header, 50 records of 1 MiB + 13 bytes
    }

    @Test
    void aZstdBatchPastTheDecompressionLimitIsNotedAndTheRunGoesOn() throws Exception {
        SimpleRecord[] big = records(80, MIB); // 80 MiB decompressed, over the default 64 MiB
        SimpleRecord[] small = records(3, 1000);
        Path capture = capture("zstd-80MiB.pcap", List.of(produce(1, Compression.zstd().build(), big),
                produce(2, Compression.zstd().build(), small)));
        Analysis deep = analyze(capture, "--deep");
        JsonNode r = deep.report();
        assertEquals("{\"kafka.records.decompression_limit\":1}", r.get("expert").toString());
        assertTrue(r.get("warnings").get(0).asText().contains("decompresses past the limit of 67108864 bytes"),
                r.get("warnings").toString());
        JsonNode produce = r.get("partitions").get(0).get("produce");
        // both batches counted (records as each declares), only the small one decompressed
        assertEquals("2 2 83 {\"zstd\":2}", produce.get("requests") + " " + produce.get("batches") + " "
                + produce.get("records") + " " + produce.get("codecs"));
        assertEquals(uncompressedSize(small), produce.get("bytes_uncompressed").asLong());
        // without --deep, batches are not decompressed: nothing to note
        assertEquals("{}", analyze(capture).report().get("expert").toString());
    }

    @Test
    void asManyLargeBatchesAsTheHeapRuleLetsThreadsDecompressAtOnce() throws Exception {
        // --workers 3: four decoding threads (the workers and the reading thread), the most HeapRoom.threadsWithin
        // allows on the launcher's heap with the default limit; four frames of one 60 MiB batch each, in flight at once
        SimpleRecord[] records = records(60, MIB);
        ByteBuffer frame = produce(1, Compression.zstd().build(), records);
        Path capture = capture("zstd-4x60MiB.pcap", List.of(frame, frame, frame, frame));
        JsonNode r = analyze(capture, "--deep", "--workers", "3").report();
        assertEquals("{}", r.get("expert").toString());
        JsonNode produce = r.get("partitions").get(0).get("produce");
        assertEquals("4 4 240", produce.get("requests") + " " + produce.get("batches") + " " + produce.get("records"));
        assertEquals(4 * uncompressedSize(records), produce.get("bytes_uncompressed").asLong());
    }

    /**
     * More --workers than the heap gives decompression room (five decoding threads at twice 64 MiB each would need
     * more than half of 1 GiB) is refused with one line saying what fits, not run into an OutOfMemoryError; a smaller
     * --max-decompressed makes room for them.
     */
    @Test
    void moreWorkersThanTheHeapCanGiveDecompressionRoomAreRefused() throws Exception {
        Path capture = capture("small.pcap", List.of(produce(1, Compression.zstd().build(), records(3, 1000))));
        assertRefused(kwire("analyze", "--deep", "--workers", "4", capture.toString()),
                "kwire: --workers 4: the heap (1024 MiB) can give 5 decoding threads at most 53687091 bytes of "
                + "decompressed batch each, less than --max-decompressed (67108864 by default); give at most --workers 3, "
                + "a smaller --max-decompressed, or a larger heap (KWIRE_JAVA_OPTS=-Xmx...)\n");
        JsonNode r = analyze(capture, "--deep", "--workers", "4", "--max-decompressed", "53687091").report();
        assertEquals(3, r.get("partitions").get(0).get("produce").get("records").asInt());
    }

    /**
     * --jobs analyzes files at once, each decoding record batches on its own thread: more files at once than the heap
     * gives decompression room is refused like --workers, with how many fit, and that many run.
     */
    @Test
    void moreJobsThanTheHeapCanGiveDecompressionRoomAreRefused() throws Exception {
        List<String> files = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            files.add(capture("rotated-" + i + ".pcap", List.of(produce(1, Compression.zstd().build(), records(3, 1000))),
                    i * 60_000_000L).toString()); // a minute apart: rotated files, not copies of one (which are refused)
        }
        List<String> cmd = kwire("analyze", "--deep", "--format", "json", "--jobs", "5", "--split", "always");
        cmd.addAll(files);
        assertRefused(cmd, "kwire: --jobs 5: the heap (1024 MiB) can give 5 decoding threads (1 per job) at most 53687091 "
                + "bytes of decompressed batch each, less than --max-decompressed (67108864); give at most --jobs 4, a smaller "
                + "--max-decompressed, or a larger heap (KWIRE_JAVA_OPTS=-Xmx...)\n");
        cmd.set(cmd.indexOf("5"), "4");
        Run four = run(cmd);
        assertEquals(0, four.exit, four.err);
        JsonNode produce = JSON.readTree(four.out).get("partitions").get(0).get("produce");
        assertEquals("5 15", produce.get("requests") + " " + produce.get("records"));
    }

    @Test
    void framesJustUnderTheLargestAcceptedSizeAreDecoded() throws Exception {
        // two uncompressed Produce requests of 99 MiB of records each (--max-frame-size is 100 MiB): one in flight
        // while the next is cut
        SimpleRecord[] records = records(99, MIB);
        ByteBuffer frame = produce(1, Compression.NONE, records);
        assertTrue(frame.remaining() - 4 <= 104_857_600, "under --max-frame-size: " + frame.remaining());
        Path capture = capture("plain-2x99MiB.pcap", List.of(frame, frame));
        for (String mode : new String[] {"", "--deep"}) {
            JsonNode r = (mode.isEmpty() ? analyze(capture) : analyze(capture, mode)).report();
            assertEquals("{}", r.get("expert").toString(), mode);
            assertEquals(2, r.get("capture").get("frames").asInt(), mode);
            JsonNode produce = r.get("partitions").get(0).get("produce");
            assertEquals("2 2 198 {\"none\":2}", produce.get("requests") + " " + produce.get("batches") + " "
                    + produce.get("records") + " " + produce.get("codecs"), mode);
            assertEquals(2L * uncompressedSize(records), produce.get("bytes_compressed").asLong(), mode);
        }
    }

    /** {@code n} records whose values are {@code size} bytes each (a repeated pattern, so codecs shrink it). */
    private static SimpleRecord[] records(int n, int size) {
        SimpleRecord[] records = new SimpleRecord[n];
        byte[] value = new byte[size];
        for (int i = 0; i < size; i++) {
            value[i] = (byte) (i % 251);
        }
        for (int i = 0; i < n; i++) {
            records[i] = new SimpleRecord(1_700_000_000_000L, null, value);
        }
        return records;
    }

    /** Bytes of the batch of {@code records} uncompressed: what {@code bytes_uncompressed} counts for it. */
    private static long uncompressedSize(SimpleRecord[] records) {
        return MemoryRecords.withRecords(Compression.NONE, records).sizeInBytes();
    }

    /** A Produce v9 request (size prefix included) with one batch of {@code records} for topic "big", partition 0. */
    private static ByteBuffer produce(int correlationId, Compression compression, SimpleRecord[] records) {
        ProduceRequestData.TopicProduceData t = new ProduceRequestData.TopicProduceData().setName("big");
        t.partitionData().add(new ProduceRequestData.PartitionProduceData().setIndex(0)
                .setRecords(MemoryRecords.withRecords(compression, records)));
        ProduceRequestData data = new ProduceRequestData().setAcks((short) 0).setTimeoutMs(1000);
        data.topicData().add(t);
        ByteBuffer body = new ProduceRequest(data, (short) 9).serializeWithHeader(
                new RequestHeader(ApiKeys.PRODUCE, (short) 9, "c", correlationId));
        return ByteBuffer.allocate(4 + body.remaining()).putInt(body.remaining()).put(body).flip();
    }

    /**
     * A pcap of one TCP connection 127.0.0.1:40000 → 127.0.0.1:9092 carrying {@code frames} one after the other, in
     * 65 000-byte segments (as {@link RobustnessTest.TinyPcap} lays them out), written as it goes.
     */
    private Path capture(String name, List<ByteBuffer> frames) throws IOException {
        return capture(name, frames, 0);
    }

    /** As {@link #capture(String, List)}, the first packet at {@code startMicros} after the epoch. */
    private Path capture(String name, List<ByteBuffer> frames, long startMicros) throws IOException {
        Path file = dir.resolve(name);
        try (OutputStream out = new java.io.BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
            out.write(ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN).putInt(0xa1b2c3d4).putShort((short) 2)
                    .putShort((short) 4).putInt(0).putInt(0).putInt(65535).putInt(1).array());
            long seq = 1000;
            long micros = startMicros;
            packet(out, micros++, seq++, 0x02, ByteBuffer.allocate(0));
            for (ByteBuffer frame : frames) {
                for (int off = 0; off < frame.remaining(); off += 65_000) {
                    ByteBuffer payload = frame.slice(off, Math.min(65_000, frame.remaining() - off));
                    packet(out, micros++, seq, 0x18, payload);
                    seq += payload.remaining();
                }
            }
        }
        return file;
    }

    private static void packet(OutputStream out, long micros, long seq, int flags, ByteBuffer data) throws IOException {
        int len = data.remaining();
        ByteBuffer p = ByteBuffer.allocate(14 + 20 + 20 + len);
        p.put(new byte[12]).putShort((short) 0x0800);
        p.put((byte) 0x45).put((byte) 0).putShort((short) (40 + len)).putInt(0).put((byte) 64).put((byte) 6)
                .putShort((short) 0).putInt(0x7f000001).putInt(0x7f000001);
        p.putShort((short) 40000).putShort((short) 9092).putInt((int) seq).putInt(0).put((byte) 0x50).put((byte) flags)
                .putShort((short) 65535).putInt(0).put(data.duplicate());
        out.write(ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putInt(1_700_000_000 + (int) (micros / 1_000_000))
                .putInt((int) (micros % 1_000_000)).putInt(p.capacity()).putInt(p.capacity()).array());
        out.write(p.array());
    }

    /** The command line of {@code kwire ARGS} in a JVM with the launcher's flags, on this test's classpath. */
    private static List<String> kwire(String... args) throws IOException {
        List<String> cmd = new ArrayList<>(javaWithLauncherFlags());
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Kwire.class.getName()));
        cmd.addAll(Arrays.asList(args));
        return cmd;
    }

    /** {@code cmd} exits with the usage code, printing nothing but {@code err}. */
    private void assertRefused(List<String> cmd, String err) throws Exception {
        Run refused = run(cmd);
        assertEquals(ExitCodes.USAGE, refused.exit);
        assertEquals("", refused.out);
        assertEquals(err, refused.err);
    }

    /** {@code kwire analyze ARGS CAPTURE} in a JVM with the launcher's flags, on this test's classpath. */
    private Analysis analyze(Path capture, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(javaWithLauncherFlags());
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Kwire.class.getName(), "analyze"));
        cmd.addAll(Arrays.asList(args));
        cmd.add(capture.toString());
        Run run = run(cmd);
        assertEquals(0, run.exit, "exit code; stderr: " + run.err);
        assertEquals("", run.err);
        return new Analysis(run.out);
    }

    /** The java of this JVM with the flags the launcher gives {@code kwire analyze} by default. */
    static List<String> javaWithLauncherFlags() throws IOException {
        Matcher m = MEMORY_LINE.matcher(Files.readString(Path.of("..", "kwire")));
        assertTrue(m.find(), "the launcher's memory=\"...\" line");
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(Arrays.asList(m.group(1).trim().split("\\s+")));
        cmd.add("-XX:TieredStopAtLevel=1");
        return cmd;
    }

    private Run run(List<String> cmd) throws Exception {
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + cmd);
        }
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    private record Run(int exit, String out, String err) {
    }

    private record Analysis(String json) {
        JsonNode report() throws IOException {
            return JSON.readTree(json);
        }
    }
}
