package org.kwire.pcap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * java-basic.pcap gzip'd with the JDK, then damaged: a capture is read up to the damage, with every packet whose bytes
 * came before it, and one warning naming the damage's byte offset in the compressed file, the decompressed bytes before
 * it and the packets read. The oracle is the JDK's own {@link GZIPInputStream} fed the compressed bytes one at a time
 * and read one byte at a time: the byte at which it throws, and the bytes it gave before.
 */
class GzipDamageTest {

    private static final byte[] PLAIN = read("java-basic.pcap");
    private static final byte[] GZIP = gzip(PLAIN);
    /** The first half of PLAIN's bytes in one gzip member, the rest in a second (as {@code cat a.gz b.gz} makes). */
    private static final byte[] FIRST = gzip(Arrays.copyOf(PLAIN, PLAIN.length / 2));
    private static final byte[] TWO_MEMBERS = concat(FIRST, gzip(Arrays.copyOfRange(PLAIN, PLAIN.length / 2, PLAIN.length)));

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private static byte[] read(String name) {
        try {
            return Files.readAllBytes(TestCaptures.path(name));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] gzip(byte[] b) {
        try {
            return CaptureFilesTest.gzip(b);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What the JDK's GZIPInputStream makes of some gzip data: the bytes before the damage, where it threw, why. */
    private record Oracle(byte[] decompressed, long damagedAt, String message) {
    }

    /** The JDK's GZIPInputStream fed one compressed byte at a time, read one byte at a time. */
    private static Oracle oracle(byte[] gz) throws IOException {
        long[] fed = {0};
        InputStream trickle = new InputStream() {
            private int p;

            @Override
            public int read() {
                if (p >= gz.length) {
                    return -1;
                }
                fed[0] = p + 1;
                return gz[p++] & 0xff;
            }

            @Override
            public int available() {
                return gz.length - p; // GZIPInputStream looks for a next member only if some bytes are left
            }

            @Override
            public int read(byte[] b, int off, int len) {
                int c = read();
                if (c < 0) {
                    return -1;
                }
                b[off] = (byte) c;
                return 1;
            }
        };
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try (InputStream in = new GZIPInputStream(trickle, 1)) {
            for (int c; (c = in.read()) >= 0; ) {
                out.write(c);
            }
            return new Oracle(out.toByteArray(), -1, null);
        } catch (ZipException e) {
            return new Oracle(out.toByteArray(), fed[0] - 1, e.getMessage());
        }
    }

    /** True if the JDK's inflater finds {@code gz}'s deflate data invalid (not only its trailer). */
    private static boolean inflateFails(byte[] gz) throws IOException {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gz))) {
            in.readAllBytes();
            return false;
        } catch (ZipException e) {
            return !"Corrupt GZIP trailer".equals(e.getMessage());
        } catch (java.io.EOFException e) {
            return false; // the damage made the deflate data run past the file's end: a cut, not an invalid code
        }
    }

    /** The number of whole pcap records in the first {@code bytes} bytes of {@link #PLAIN}. */
    private static int packetsWithin(long bytes) {
        ByteBuffer b = ByteBuffer.wrap(PLAIN).order(ByteOrder.LITTLE_ENDIAN);
        int n = 0;
        for (int p = 24; p + 16 <= PLAIN.length && p + 16 + b.getInt(p + 8) <= bytes; p += 16 + b.getInt(p + 8)) {
            n++;
        }
        return n;
    }

    /**
     * {@code gz} with one byte inverted: the first from {@code from} at which that makes the deflate data invalid
     * (early in a member, where codes and distances can still be invalid; later damage mostly decodes to wrong bytes).
     */
    private static byte[] damagedFrom(byte[] gz, int from) throws IOException {
        for (int at = from; at < gz.length - 8; at++) {
            byte[] b = gz.clone();
            b[at] ^= (byte) 0xff;
            if (inflateFails(b)) {
                return b;
            }
        }
        throw new IllegalStateException("no damage found");
    }

    /**
     * Reading the damaged gzip file gives exactly the packets (and the pcap reader's stop) of the bytes the JDK could
     * decompress before the damage, read as a plain pcap, with the damage named in the warning.
     *
     * @return the packets read
     */
    private static int assertReadUpToTheDamage(Path dir, String name, byte[] gz) throws IOException {
        Oracle o = oracle(gz);
        Path f = Files.write(dir.resolve(name + ".pcap.gz"), gz);
        Packets.Read before = Packets.read(Files.write(dir.resolve(name + "-before.pcap"), o.decompressed()));
        Packets.Read r = Packets.read(f);
        assertEquals(before.packets().size(), r.packets().size(), "every packet of the bytes before the damage");
        for (int i = 0; i < r.packets().size(); i++) {
            assertArrayEquals(Packets.bytes(before.packets().get(i)), Packets.bytes(r.packets().get(i)), "packet " + (i + 1));
        }
        String damage = "gzip data damaged at byte " + o.damagedAt() + " of " + gz.length + " (" + o.message() + "), after "
                + o.decompressed().length + " bytes decompressed";
        String plain = before.warnings().isEmpty() ? "" : before.warnings().get(0).substring(f.toString().length() - 3);
        assertEquals(List.of(f + ": " + (plain.contains("capture corrupt")
                ? plain + "; the compressed data is damaged, which may have altered those bytes: " + damage
                : "capture ends early after packet " + r.packets().size() + ": " + damage)), r.warnings());
        return r.packets().size();
    }

    @Test
    void damageNearTheStartYieldsThePacketsBeforeIt(@TempDir Path dir) throws IOException {
        int n = assertReadUpToTheDamage(dir, "start", damagedFrom(GZIP, 600));
        assertTrue(n >= packetsWithin(600), "at least the packets of the first 600 compressed bytes: " + n);
    }

    @Test
    void laterDamageYieldsEveryPacketBeforeItAndMeaningfulSizes(@TempDir Path dir) throws IOException {
        int n = assertReadUpToTheDamage(dir, "second-member", damagedFrom(TWO_MEMBERS, FIRST.length + 600));
        assertTrue(n >= packetsWithin(PLAIN.length / 2), "at least the first member's packets: " + n);
    }

    @Test
    void damageBeforeTheCapturesFirstBytesIsRefusedNamingIt(@TempDir Path dir) throws IOException {
        byte[] gz = damagedFrom(GZIP, 30); // inside the first block's Huffman tables: nothing comes out
        Oracle o = oracle(gz);
        assertEquals(0, o.decompressed().length);
        Path f = Files.write(dir.resolve("tables.pcap.gz"), gz);
        CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> CaptureFiles.open(f));
        assertEquals(f + ": gzip data damaged at byte " + o.damagedAt() + " of " + gz.length + " (" + o.message()
                + "), after 0 bytes decompressed: not even the capture's first 4 bytes came before it", e.getMessage());
    }

    @Test
    void fromAStreamTheDamageIsLocatedToItsPiece() throws IOException {
        byte[] gz = damagedFrom(TWO_MEMBERS, FIRST.length + 600);
        Oracle o = oracle(gz);
        try (PacketSource s = CaptureFiles.open(new ByteArrayInputStream(gz), "-")) {
            long n = 0;
            while (s.next() != null) {
                n++;
            }
            String w = s.warnings().get(0);
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("-: capture ends early after packet " + n
                    + ": gzip data damaged in bytes (\\d+)-(\\d+) of the compressed stream \\(" + o.message() + "\\), after "
                    + "\\d+ bytes decompressed \\(those the damaged piece gave before it are lost\\)").matcher(w);
            assertTrue(m.matches(), w);
            long from = Long.parseLong(m.group(1));
            long to = Long.parseLong(m.group(2));
            assertTrue(from <= o.damagedAt() && o.damagedAt() <= to && to - from < GzipInput.PIECE, w);
            assertTrue(n > 0 && n <= packetsWithin(o.decompressed().length), "packets " + n);
        }
    }

    @Test
    void aCutFileYieldsThePacketsBeforeTheCut(@TempDir Path dir) throws IOException {
        byte[] gz = Arrays.copyOf(GZIP, GZIP.length / 2);
        Path f = Files.write(dir.resolve("cut.pcap.gz"), gz);
        long decompressed;
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gz))) {
            decompressed = 0;
            while (true) {
                try {
                    if (in.read() < 0) {
                        break;
                    }
                } catch (java.io.EOFException e) {
                    break;
                }
                decompressed++;
            }
        }
        Packets.Read r = Packets.read(f);
        int expected = packetsWithin(decompressed);
        assertEquals(expected, r.packets().size());
        assertEquals(List.of(f + ": capture ends early after packet " + expected + ": gzip data cut short at byte "
                + gz.length + " (inside a member's compressed data), after " + decompressed + " bytes decompressed"), r.warnings());
    }

    @Test
    void aFailedCrcIsNamedAfterEveryPacketWasRead(@TempDir Path dir) throws IOException {
        byte[] gz = GZIP.clone();
        gz[gz.length - 8] ^= 1; // the trailer's CRC-32
        Path f = Files.write(dir.resolve("crc.pcap.gz"), gz);
        Packets.Read r = Packets.read(f);
        assertEquals(340, r.packets().size());
        assertEquals(List.of(f + ": capture read to its end (340 packets), but gzip member 1 (from byte 0) fails its CRC-32 "
                + "check at byte " + (gz.length - 8) + ": some of its " + PLAIN.length + " decompressed bytes are wrong"),
                r.warnings());
    }

    @Test
    void bytesAfterTheLastMemberAreNamed(@TempDir Path dir) throws IOException {
        byte[] gz = Arrays.copyOf(GZIP, GZIP.length + 5);
        System.arraycopy("junk\n".getBytes(), 0, gz, GZIP.length, 5);
        Path f = Files.write(dir.resolve("junk.pcap.gz"), gz);
        Packets.Read r = Packets.read(f);
        assertEquals(340, r.packets().size());
        assertEquals(List.of(f + ": capture read to its end (340 packets), but the 5 bytes from byte " + GZIP.length
                + " on are not a gzip member (they start with 6a 75): not read"), r.warnings());
    }

    /**
     * Bytes inverted where the inflater does not notice, only the CRC-32 at the end: the pcap records after them are
     * wrong. A record length that cannot be right stops reading, and the damage found after it is named; a record
     * length that runs past the data (the "0 of 4194304 bytes" of issue 20) ends it, and the damage is the reason given,
     * without the sizes read from altered bytes.
     */
    @Test
    void lengthsReadFromAlteredBytesAreExplainedByTheDamage(@TempDir Path dir) throws IOException {
        String corrupt = null;
        String endsEarly = null;
        for (int at = GZIP.length / 2; at < GZIP.length - 8 && (corrupt == null || endsEarly == null); at += 7) {
            byte[] gz = GZIP.clone();
            gz[at] ^= (byte) 0xff;
            if (inflateFails(gz)) {
                continue;
            }
            Path f = Files.write(dir.resolve("altered.pcap.gz"), gz);
            Packets.Read r = Packets.read(f);
            String w = r.warnings().isEmpty() ? "" : r.warnings().get(0).substring(f.toString().length() + 2);
            String crc = "gzip member 1 (from byte 0) fails its CRC-32 check at byte " + (gz.length - 8) + ": some of its ";
            if (corrupt == null && w.startsWith("capture corrupt")) {
                corrupt = w;
                assertTrue(w.matches("capture corrupt after packet " + r.packets().size() + ": record length \\d+ bytes; "
                        + "reading stopped; the compressed data is damaged, which may have altered those bytes: "
                        + java.util.regex.Pattern.quote(crc) + "\\d+ decompressed bytes are wrong"), w);
            } else if (endsEarly == null && w.startsWith("capture ends early")) {
                endsEarly = w;
                assertTrue(w.matches("capture ends early after packet " + r.packets().size() + ": "
                        + java.util.regex.Pattern.quote(crc) + "\\d+ decompressed bytes are wrong"), w);
            }
        }
        assertTrue(corrupt != null && endsEarly != null, corrupt + " / " + endsEarly);
    }
}
