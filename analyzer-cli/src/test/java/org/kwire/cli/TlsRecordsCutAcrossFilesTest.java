package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * TLS connections joined across files where a file begins inside a TLS record: the test captures (loopback, one
 * record per segment) with every segment of more than 200 payload bytes sent as two (the second 1 µs later), so that
 * records span segments, then split with {@code editcap -c N}. A later file alone does not see such a connection as
 * TLS (no record header first; on a broker port its bytes are framed as Kafka), and must still leave it to the merge:
 * the per-file partials merged give exactly the unsplit report, with the key log and without (undecrypted TLS on a broker port).
 */
class TlsRecordsCutAcrossFilesTest {

    private static final Path CAPTURES = Path.of(System.getProperty("kwire.testCaptures", "../test-captures"));

    @ParameterizedTest(name = "{0} split every {3} packets, key log {1}")
    @CsvSource({
            "java-tls12-shared, true, 9095, 7", "java-tls12-shared, true, 9095, 11", "java-tls12-shared, false, 9095, 7",
            "java-tls12-shared, false, 9095, 53", "kafkajs-tls13-aes128, true, 37485, 11",
            "kafkajs-tls13-aes128, false, 37485, 53", "java-sasl-ssl-tls13, true, 41721, 7"})
    void mergedReportEqualsUnsplit(String capture, boolean keys, String port, int chunk, @TempDir Path dir) throws Exception {
        Path halved = dir.resolve(capture + ".pcap");
        Files.write(halved, halve(Files.readAllBytes(CAPTURES.resolve(capture + ".pcap"))));
        List<String> options = new ArrayList<>(List.of("--port", port));
        if (keys) {
            options.addAll(List.of("--tls-keylog", CAPTURES.resolve(capture + ".keys").toString()));
        }
        List<Path> files = Splits.split(halved, chunk, dir.resolve("split"));
        JsonNode unsplit = report(Splits.args(List.of("analyze", "-q", "--format", "json"), options, List.of(halved)));
        List<String> merge = new ArrayList<>(List.of("merge", "--format", "json"));
        for (int i = 0; i < files.size(); i++) { // a partial per file: every boundary crossed
            Path partial = dir.resolve("p" + i + ".json");
            report(Splits.args(List.of("analyze", "-q", "--partial", "-o", partial.toString()), options, List.of(files.get(i))));
            merge.add(partial.toString());
        }
        JsonNode merged = report(merge.toArray(String[]::new));
        List<String> warnings = new ArrayList<>();
        merged.get("warnings").forEach(w -> warnings.add(w.asText()));
        assertEquals(Set.of(), Splits.named(warnings), "every crossing connection joined");
        assertEquals(RotatedCapturesTest.withoutFiles(unsplit), RotatedCapturesTest.withoutFiles(merged));
    }

    private static JsonNode report(String[] args) throws Exception {
        CliRun r = CliRun.of(args);
        assertEquals(0, r.exit(), r.err());
        return r.out().isEmpty() ? null : r.json();
    }

    /** A pcap (Ethernet, IPv4) with each TCP segment of more than 200 payload bytes sent as two. */
    static byte[] halve(byte[] pcap) {
        ByteBuffer in = ByteBuffer.wrap(pcap).order(ByteOrder.LITTLE_ENDIAN);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(pcap, 0, 24);
        for (int at = 24; at + 16 <= pcap.length; ) {
            int sec = in.getInt(at);
            int usec = in.getInt(at + 4);
            int incl = in.getInt(at + 8);
            ByteBuffer f = ByteBuffer.wrap(pcap, at + 16, incl).slice();
            at += 16 + incl;
            int ihl = (f.get(14) & 15) * 4;
            boolean tcp = (f.getShort(12) & 0xffff) == 0x800 && f.get(14 + 9) == 6;
            int total = tcp ? f.getShort(14 + 2) & 0xffff : 0;
            int thl = tcp ? ((f.get(14 + ihl + 12) & 0xff) >> 4) * 4 : 0;
            int payload = total - ihl - thl;
            if (!tcp || payload <= 200) {
                out.write(pcap, at - 16 - incl, 16 + incl);
                continue;
            }
            int half = payload / 2;
            long seq = f.getInt(14 + ihl + 4) & 0xffffffffL;
            write(out, f, ihl, thl, 14 + ihl + thl, half, seq, sec, usec);
            write(out, f, ihl, thl, 14 + ihl + thl + half, payload - half, seq + half, sec, usec + 1);
        }
        return out.toByteArray();
    }

    /** One packet of {@code length} payload bytes from {@code from} of {@code f}, with {@code seq}; checksums left 0. */
    private static void write(ByteArrayOutputStream out, ByteBuffer f, int ihl, int thl, int from, int length, long seq,
                              int sec, int usec) {
        int size = 14 + ihl + thl + length;
        ByteBuffer p = ByteBuffer.allocate(16 + size);
        p.order(ByteOrder.LITTLE_ENDIAN).putInt(sec).putInt(usec).putInt(size).putInt(size).order(ByteOrder.BIG_ENDIAN);
        for (int i = 0; i < 14 + ihl + thl; i++) {
            p.put(f.get(i));
        }
        for (int i = 0; i < length; i++) {
            p.put(f.get(from + i));
        }
        p.putShort(16 + 14 + 2, (short) (ihl + thl + length));
        p.putShort(16 + 14 + 10, (short) 0);
        p.putInt(16 + 14 + ihl + 4, (int) seq);
        p.putShort(16 + 14 + ihl + 16, (short) 0);
        out.write(p.array(), 0, p.capacity());
    }
}
