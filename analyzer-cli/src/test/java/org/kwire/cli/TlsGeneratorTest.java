package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The robustness campaign's "TLS" category as a seeded generator (issue 20): the TLS 1.3 and TLS 1.2 captures with keys
 * (kafkajs-tls13-aes128, java-tls12-shared) with one TLS record header made hostile (content type, version or length),
 * one clear-text handshake message damaged (its length, a vector length inside it, or a byte of it), or one line of the
 * key log damaged (a hex digit, cut, dropped, doubled with another secret, an unknown label, a carriage return), each
 * analyzed in-process with {@code --strict} on one thread. What must hold: no exception, exit code 0 or 4 (4 exactly
 * when there are warnings), no allocation near a hostile length, no Kafka frame invented from undecrypted bytes, and no
 * request or response lost without a warning.
 */
class TlsGeneratorTest {

    private static final long SEED = 2026_20_02L;
    private static final int INPUTS = 9;
    /** A whole analysis of these captures on one thread allocates some 12 to 25 MiB. */
    private static final long MAX_ANALYSIS_ALLOCATION = 128L << 20;

    private record Capture(String pcap, String keys, String port) {
    }

    private static final Capture[] CAPTURES = {
            new Capture("kafkajs-tls13-aes128.pcap", "kafkajs-tls13-aes128.keys", "37485"),
            new Capture("java-tls12-shared.pcap", "java-tls12-shared.keys", "9095")};

    /** A TLS record header in the capture file: its offset, content type and the first byte of its fragment. */
    private record Header(int at, int type, int length, int first) {
    }

    @Test
    void hostileRecordsHandshakesAndKeyLogsAreNeverACrashOrASilentLoss(@TempDir Path dir) throws IOException {
        Random r = new Random(SEED);
        List<long[]> originals = new ArrayList<>();
        for (Capture c : CAPTURES) {
            originals.add(exchanges(run(TestCaptures.path(c.pcap()), TestCaptures.path(c.keys()), c.port(), "original").json()));
        }
        int warned = 0;
        for (int i = 0; i < INPUTS; i++) {
            int which = r.nextInt(CAPTURES.length);
            Capture c = CAPTURES[which];
            byte[] pcap = Files.readAllBytes(TestCaptures.path(c.pcap()));
            List<String> keys = new ArrayList<>(Files.readAllLines(TestCaptures.path(c.keys())));
            String what = switch (i % 3) {
                case 0 -> record(r, pcap) + (r.nextBoolean() ? "; " + record(r, pcap) : "");
                case 1 -> handshake(r, pcap);
                default -> keyLog(r, keys);
            };
            what = "input " + i + " (seed " + SEED + "): " + c.pcap() + ", " + what;
            Path p = Files.write(dir.resolve(i + ".pcap"), pcap);
            Path k = Files.write(dir.resolve(i + ".keys"), String.join("\n", keys).getBytes(StandardCharsets.ISO_8859_1));
            CliRun run = run(p, k, c.port(), what);
            JsonNode report = run.json();
            boolean warnings = !report.get("warnings").isEmpty();
            warned += warnings ? 1 : 0;
            assertEquals(warnings ? 4 : 0, run.exit(), what + ": " + run.err());
            long[] got = exchanges(report);
            long[] want = originals.get(which);
            assertTrue(got[0] <= want[0] && got[1] <= want[1], what + ": more requests or responses than the capture holds");
            if (got[0] < want[0] || got[1] < want[1]) {
                assertTrue(warnings, what + ": " + got[0] + "/" + got[1] + " of " + want[0] + "/" + want[1] + ", no warning");
            }
        }
        assertTrue(warned >= INPUTS / 2, "the mutations reach the TLS stage's checks: " + warned + " warned");
    }

    private static CliRun run(Path pcap, Path keys, String port, String what) {
        long before = Mutations.allocated();
        CliRun run = CliRun.of("analyze", "--workers", "0", "--strict", "--port", port, "--tls-keylog", keys.toString(),
                pcap.toString());
        long allocated = Mutations.allocated() - before;
        assertTrue(allocated < MAX_ANALYSIS_ALLOCATION, what + ": the analysis allocated " + allocated + " bytes");
        assertFalse(run.err().contains("Exception") || run.err().contains("\tat "), what + ": " + run.err());
        return run;
    }

    /** Requests and responses of every API. */
    private static long[] exchanges(JsonNode report) {
        long[] n = new long[2];
        report.get("apis").forEach(a -> {
            n[0] += a.get("requests").asLong();
            n[1] += a.get("responses").asLong();
        });
        return n;
    }

    /** The TLS record headers at the start of TCP payloads (Ethernet, IPv4) and after them within the same segment. */
    private static List<Header> headers(byte[] pcap) {
        ByteBuffer b = ByteBuffer.wrap(pcap).order(ByteOrder.LITTLE_ENDIAN);
        List<Header> out = new ArrayList<>();
        for (int p = 24; p + 16 <= pcap.length; p += 16 + b.getInt(p + 8)) {
            int end = p + 16 + b.getInt(p + 8);
            int ip = p + 16 + 14;
            int tcp = ip + (pcap[ip] & 0x0f) * 4;
            int h = tcp + ((pcap[tcp + 12] & 0xff) >> 4) * 4;
            while (h + 6 <= end && pcap[h] >= 20 && pcap[h] <= 23 && pcap[h + 1] == 3) {
                int length = ((pcap[h + 3] & 0xff) << 8) | (pcap[h + 4] & 0xff);
                out.add(new Header(h, pcap[h], length, pcap[h + 5] & 0xff));
                h += 5 + length;
            }
        }
        return out;
    }

    /** One record header's content type, version or length made hostile. */
    private static String record(Random r, byte[] pcap) {
        List<Header> all = headers(pcap);
        Header h = all.get(r.nextInt(all.size()));
        switch (r.nextInt(4)) {
            case 0 -> {
                pcap[h.at()] = (byte) (r.nextBoolean() ? 20 + r.nextInt(4) : r.nextInt(256));
                return "record header at " + h.at() + ": content type " + (pcap[h.at()] & 0xff);
            }
            case 1 -> {
                pcap[h.at() + 2] = (byte) r.nextInt(256);
                return "record header at " + h.at() + ": version 0x03" + String.format("%02x", pcap[h.at() + 2]);
            }
            default -> {
                int length = Mutations.hostile16(r, h.length());
                Mutations.putShort(pcap, h.at() + 3, length, ByteOrder.BIG_ENDIAN);
                return "record header at " + h.at() + ": length " + length + " (was " + h.length() + ")";
            }
        }
    }

    /** One clear-text handshake message (hellos, certificates, key exchanges) damaged. */
    private static String handshake(Random r, byte[] pcap) {
        List<Header> clear = new ArrayList<>();
        for (Header h : headers(pcap)) {
            if (h.type() == 22 && List.of(1, 2, 11, 12, 13, 14, 16).contains(h.first()) && h.length() >= 40) {
                clear.add(h);
            }
        }
        Header h = clear.get(r.nextInt(clear.size()));
        int body = h.at() + 5;
        switch (r.nextInt(3)) {
            case 0 -> {
                int length = r.nextBoolean() ? 0xffffff : r.nextInt(h.length() * 2);
                pcap[body + 1] = (byte) (length >> 16);
                pcap[body + 2] = (byte) (length >> 8);
                pcap[body + 3] = (byte) length;
                return "handshake message " + h.first() + " at " + body + ": length " + length;
            }
            case 1 -> {
                pcap[body + 4 + 2 + 32] = (byte) 0xff; // a hello's session id length; a certificate's list length
                return "handshake message " + h.first() + " at " + body + ": vector length after the random 255";
            }
            default -> {
                int at = body + 4 + r.nextInt(h.length() - 4);
                pcap[at] ^= (byte) (1 + r.nextInt(255));
                return "handshake message " + h.first() + " at " + body + ": byte " + at + " changed";
            }
        }
    }

    /** One key log line damaged. */
    private static String keyLog(Random r, List<String> keys) {
        int n = r.nextInt(keys.size());
        String line = keys.get(n);
        switch (r.nextInt(6)) {
            case 0 -> {
                int at = line.length() - 1 - r.nextInt(64);
                char c = line.charAt(at);
                keys.set(n, line.substring(0, at) + (c == '0' ? '1' : '0') + line.substring(at + 1));
                return "key log line " + (n + 1) + ": a hex digit changed";
            }
            case 1 -> {
                keys.set(n, line.substring(0, r.nextInt(line.length())));
                return "key log line " + (n + 1) + " cut";
            }
            case 2 -> {
                keys.remove(n);
                return "key log line " + (n + 1) + " dropped";
            }
            case 3 -> {
                keys.add(n, line.substring(0, line.length() - 8) + "deadbeef");
                return "key log line " + (n + 1) + " doubled with another secret before it";
            }
            case 4 -> {
                keys.set(n, "NOT_A_LABEL " + line.substring(line.indexOf(' ') + 1));
                return "key log line " + (n + 1) + ": an unknown label";
            }
            default -> {
                keys.set(n, line + "\r");
                return "key log line " + (n + 1) + ": a carriage return after it";
            }
        }
    }
}
