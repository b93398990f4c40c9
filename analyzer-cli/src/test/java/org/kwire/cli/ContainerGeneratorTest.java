package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;
import org.kwire.pcap.CaptureFiles;
import org.kwire.pcap.CaptureFormatException;
import org.kwire.pcap.PacketSource;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The robustness campaign's "containers" category as a seeded generator (issue 20): pcap, pcapng and gzip containers
 * of real captures with one structural field made hostile (block and record lengths, section headers, byte-order
 * magics, versions, interface ids and link types, snaplens, timestamp resolutions and timestamps, gzip headers and
 * members), a section header inserted mid-file, or the file cut. Each input is read with the pcap-reader API, and one
 * in {@link #ANALYZED} is analyzed in-process with {@code --strict}. What must hold: no exception (a refused file is one
 * {@code kwire:} line, exit code 3), no allocation anywhere near a hostile length, and no loss without a word: fewer
 * packets than the original means a warning, fewer Kafka frames means exit code 4.
 */
class ContainerGeneratorTest {

    private static final long SEED = 2026_20_01L;
    private static final int INPUTS = 192;
    /** Every how many inputs one is analyzed with the CLI too. */
    private static final int ANALYZED = 16;
    /** Far below any length the mutations write (2^28 and more), far above what reading 80 KB needs. */
    private static final long MAX_READER_ALLOCATION = 24L << 20;
    /** The same for a whole analysis on one thread ({@code --workers 0}), which allocates some 16 MiB for these. */
    private static final long MAX_ANALYSIS_ALLOCATION = 64L << 20;
    private static final String[] CAPTURES = {"java-basic.pcap", "java-basic.pcapng", "nDPI-kafka.pcapng"};

    private record Original(String name, byte[] bytes, long packets, int frames) {
    }

    /**
     * One generated input: what was done, its bytes, and whether it is still a valid capture, only shorter (cut where a
     * record or block ends: no format tells that from a capture that ended there).
     */
    private record Input(String what, byte[] bytes, boolean gzip, boolean shorter) {

        Input(String what, byte[] bytes, boolean gzip) {
            this(what, bytes, gzip, false);
        }
    }

    @Test
    void hostileContainersAreReadWithoutLossThatGoesUnsaid(@TempDir Path dir) throws IOException {
        Random r = new Random(SEED);
        List<Original> originals = new ArrayList<>();
        for (String c : CAPTURES) {
            byte[] b = Files.readAllBytes(TestCaptures.path(c));
            CliRun run = CliRun.of("analyze", "--workers", "0", TestCaptures.path(c).toString());
            assertEquals(0, run.exit(), run.err());
            originals.add(new Original(c, b, read(TestCaptures.path(c)).packets, run.json().get("capture").get("frames").asInt()));
        }
        int refused = 0;
        int warned = 0;
        for (int i = 0; i < INPUTS; i++) {
            Original o = originals.get(r.nextInt(originals.size()));
            Input in = mutate(r, o);
            String what = "input " + i + " (seed " + SEED + "): " + o.name() + ", " + in.what();
            Path f = Files.write(dir.resolve(i + "-" + o.name() + (in.gzip() ? ".gz" : "")), in.bytes());
            Read read = read(f);
            assertTrue(read.allocated < MAX_READER_ALLOCATION, what + ": allocated " + read.allocated + " bytes");
            if (read.refused != null) {
                refused++;
                assertFalse(read.refused.contains("Exception"), what + ": " + read.refused);
            } else if (read.packets < o.packets() && !in.shorter()) {
                assertFalse(read.warnings.isEmpty(), what + ": " + read.packets + " of " + o.packets() + " packets, no warning");
            }
            warned += read.warnings.isEmpty() ? 0 : 1;
            if (i % ANALYZED == 0) {
                analyzed(f, o, in, read, what);
            }
        }
        assertTrue(refused >= 2 && warned > INPUTS / 3, "the mutations reach the readers' checks: " + refused + " refused, "
                + warned + " warned");
    }

    /** The CLI on one input: exit code as documented, one line when refused, exit 4 whenever frames were lost. */
    private static void analyzed(Path f, Original o, Input in, Read read, String what) throws IOException {
        long before = Mutations.allocated();
        CliRun run = CliRun.of("analyze", "--workers", "0", "--strict", f.toString());
        long allocated = Mutations.allocated() - before;
        assertTrue(allocated < MAX_ANALYSIS_ALLOCATION, what + ": the analysis allocated " + allocated + " bytes");
        assertFalse(run.err().contains("Exception") || run.err().contains("\tat "), what + ": " + run.err());
        if (read.refused != null) {
            assertEquals(3, run.exit(), what + ": " + run.err());
            assertEquals(1, run.err().lines().count(), what + ": " + run.err());
            assertTrue(run.err().startsWith("kwire: "), what + ": " + run.err());
            return;
        }
        JsonNode report = run.json();
        int frames = report.get("capture").get("frames").asInt();
        assertEquals(report.get("warnings").isEmpty() ? 0 : 4, run.exit(), what + ": " + run.err());
        if ((frames < o.frames() || read.packets < o.packets()) && !in.shorter()) {
            assertEquals(4, run.exit(), what + ": " + frames + " of " + o.frames() + " frames, no warning");
        }
        assertEquals(read.packets, report.get("capture").get("packets").asLong(), what);
    }

    /** What the pcap-reader API made of a file. */
    private record Read(long packets, List<String> warnings, String refused, long allocated) {
    }

    private static Read read(Path f) throws IOException {
        long before = Mutations.allocated();
        long n = 0;
        try (PacketSource s = CaptureFiles.open(f)) {
            while (s.next() != null) {
                n++;
            }
            return new Read(n, List.copyOf(s.warnings()), null, Mutations.allocated() - before);
        } catch (CaptureFormatException e) {
            return new Read(0, List.of(), e.getMessage(), Mutations.allocated() - before);
        }
    }

    private static Input mutate(Random r, Original o) {
        byte[] b = o.bytes().clone();
        boolean pcapng = o.name().endsWith(".pcapng");
        int kind = r.nextInt(10);
        String what;
        if (kind == 0) {
            int cut = r.nextInt(b.length);
            boolean boundary = (pcapng ? PcapngMutations.blockEnds(b) : recordEnds(b)).contains(cut);
            return new Input("cut at byte " + cut + (boundary ? ", where a block ends" : ""), Arrays.copyOf(b, cut), false, boundary);
        } else if (kind <= 6) {
            what = pcapng ? PcapngMutations.field(r, b) : pcap(r, b);
        } else if (pcapng && kind == 7) {
            Mutations.Mutated m = PcapngMutations.insertSection(r, b);
            return new Input(m.what(), m.bytes(), false);
        } else {
            return gzip(r, pcapng ? PcapngMutations.field(r, b) : pcap(r, b), b);
        }
        return new Input(what, b, false);
    }

    /** Where the file header and each record of a classic pcap end. */
    private static List<Integer> recordEnds(byte[] b) {
        List<Integer> ends = new ArrayList<>(List.of(24));
        for (int p = 24; p + 16 <= b.length; ) {
            p += 16 + Mutations.getInt(b, p + 8, ByteOrder.LITTLE_ENDIAN);
            ends.add(p);
        }
        return ends;
    }

    /** One field of a classic pcap made hostile (its record headers found by walking the file). */
    private static String pcap(Random r, byte[] b) {
        ByteOrder order = ByteOrder.LITTLE_ENDIAN;
        if (r.nextInt(8) == 0) {
            int at = 4 + 4 * r.nextInt(5); // version, thiszone, sigfigs, snaplen, link type
            Mutations.putInt(b, at, Mutations.hostile(r, Mutations.getInt(b, at, order)), order);
            return "file header field at " + at;
        }
        List<Integer> records = new ArrayList<>();
        for (int p = 24; p + 16 <= b.length; p += 16 + Mutations.getInt(b, p + 8, order)) {
            records.add(p);
        }
        int rec = records.get(r.nextInt(records.size()));
        int field = r.nextInt(4); // ts_sec, ts_frac, incl_len, orig_len
        Mutations.putInt(b, rec + 4 * field, Mutations.hostile(r, Mutations.getInt(b, rec + 4 * field, order)), order);
        return "record at " + rec + ", field " + new String[] {"ts_sec", "ts_frac", "incl_len", "orig_len"}[field];
    }

    /** The JDK's gzip of the (mutated) container, then its gzip made hostile: header, body, members, garbage, cut. */
    private static Input gzip(Random r, String inner, byte[] b) {
        byte[] z = Mutations.gzip(b);
        String what = inner + ", gzip'd";
        switch (r.nextInt(6)) {
            case 0 -> {
                int at = 10 + r.nextInt(z.length - 18);
                z[at] ^= (byte) (1 + r.nextInt(255));
                what += ", compressed byte " + at + " changed";
            }
            case 1 -> {
                int cut = 2 + r.nextInt(z.length - 2);
                z = Arrays.copyOf(z, cut);
                what += ", cut at byte " + cut;
            }
            case 2 -> {
                z[2 + r.nextInt(8)] = (byte) r.nextInt(256); // method, flags, time, extra flags, OS
                what += ", header byte changed";
            }
            case 3 -> {
                int split = r.nextInt(b.length);
                byte[] a = Mutations.gzip(Arrays.copyOf(b, split));
                byte[] c = Mutations.gzip(Arrays.copyOfRange(b, split, b.length));
                z = Arrays.copyOf(a, a.length + c.length);
                System.arraycopy(c, 0, z, a.length, c.length);
                what += " as two members split at " + split;
            }
            case 4 -> {
                z = Arrays.copyOf(z, z.length + 1 + r.nextInt(64));
                what += ", garbage after it";
            }
            default -> {
                z[z.length - 1 - r.nextInt(8)] ^= (byte) (1 + r.nextInt(255));
                what += ", trailer byte changed";
            }
        }
        return new Input(what, z, true);
    }
}
