package org.kwire.partial;

import org.kwire.json.JsonInputException;
import org.kwire.records.BatchStandIn;
import org.kwire.records.RecordsDecoder;
import org.kwire.tcp.HalfState;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Leaves the records of whole record batches out of a slice's boundary bytes, and puts them back for the merge
 * (issue 19, small partials; {@code docs/PARTIAL.md}, "Size and cost"). A connection cut by a file rotation carries
 * Produce requests and Fetch responses in flight, which are mostly RecordBatch v2 entries; the merge replays those bytes
 * only to count what the slices could not, and what a whole batch counts for (its header's fields, its CRC, its size
 * decompressed) is known when the slice writes its partial. So, per edge and direction, the stream bytes its pieces
 * and segments hold are laid out by TCP sequence number, whole batches are found in them
 * ({@link BatchStandIn#find}, with the decoder the analysis uses), and each one's records (the bytes after its 61-byte
 * header) are left out of every piece and segment that holds them, listed in the edge's {@code elided} with what they
 * decoded to. Only where every copy of those bytes (retransmissions) is the same and none is a segment held out of order
 * in the TCP state: then putting back a stand-in ({@link #restore}) gives the merge's decoder the batch it stands for
 * ({@link RecordsDecoder#acceptingStandIns()}), and the report is the one the bytes gave.
 * <p>
 * Stateless; thread-safe.
 */
public final class Elision {

    private static final long MASK = 0xffffffffL;

    private Elision() {
    }

    /** One array of a direction's stream bytes, {@code at} bytes from the direction's first one kept. */
    private record Copy(long at, byte[] data, boolean elidable) {

        long end() {
            return at + data.length;
        }
    }

    /** A run of contiguous stream bytes, {@code at} as in {@link Copy}. */
    private record Run(long at, byte[] bytes) {
    }

    /** The boundary with the records of whole batches left out of its edges' bytes. */
    public static Boundary elide(Boundary b, RecordsDecoder decoder) {
        return new Boundary(b.linkTypes(), b.hostAddresses(), b.connections(), elide(b.tail(), decoder),
                elide(b.head(), decoder));
    }

    private static List<Boundary.Edge> elide(List<Boundary.Edge> edges, RecordsDecoder decoder) {
        List<Boundary.Edge> out = new ArrayList<>(edges.size());
        edges.forEach(e -> out.add(elide(e, decoder)));
        return out;
    }

    static Boundary.Edge elide(Boundary.Edge e, RecordsDecoder decoder) {
        List<ElidedRecords> found = new ArrayList<>(direction(e, true, decoder));
        found.addAll(direction(e, false, decoder));
        if (found.isEmpty()) {
            return e;
        }
        List<Piece> pieces = new ArrayList<>(e.pieces().size());
        for (Piece p : e.pieces()) {
            byte[] kept = isData(p) && p.data().length > 0 ? without(p.seq(), p.data(), of(found, p.fromA())) : null;
            pieces.add(kept == null ? p : p.withData(kept, p.data().length));
        }
        TcpFacts tcp = e.tcp();
        if (tcp != null && !tcp.segments().isEmpty()) {
            List<TcpFacts.Segment> segments = new ArrayList<>(tcp.segments().size());
            for (TcpFacts.Segment s : tcp.segments()) {
                byte[] kept = s.data().length > 0 ? without(s.seq(), s.data(), of(found, s.fromA())) : null;
                segments.add(kept == null ? s : s.withData(kept, s.data().length));
            }
            tcp = new TcpFacts(tcp.ends(), segments);
        }
        return e.withBytes(pieces, tcp, found);
    }

    /** The batches' records that may be left out of direction {@code fromA} of the edge. */
    private static List<ElidedRecords> direction(Boundary.Edge e, boolean fromA, RecordsDecoder decoder) {
        List<long[]> seqs = new ArrayList<>();
        List<Copy> copies = new ArrayList<>();
        Long base = null;
        for (Piece p : e.pieces()) {
            if (isData(p) && p.fromA() == fromA && p.data().length > 0) {
                if (p.seq() < 0) {
                    return List.of(); // bytes that cannot be placed: leave the direction whole
                }
                base = base == null ? p.seq() : base;
                copies.add(new Copy(rel(p.seq(), base), p.data(), true));
            }
        }
        if (e.tcp() != null) {
            for (TcpFacts.Segment s : e.tcp().segments()) {
                if (s.fromA() == fromA && s.data().length > 0) {
                    base = base == null ? s.seq() : base;
                    copies.add(new Copy(rel(s.seq(), base), s.data(), true));
                }
            }
            HalfState end = e.tcp().ends().isEmpty() ? null : e.tcp().ends().get(fromA ? 0 : 1);
            if (end != null && base != null) {
                for (HalfState.Held h : end.held()) {
                    copies.add(new Copy(rel(h.seq(), base), h.data(), false));
                }
            }
        }
        if (base == null) {
            return List.of();
        }
        copies.sort(Comparator.comparingLong(Copy::at));
        List<ElidedRecords> found = new ArrayList<>(0);
        for (Run run : runs(copies)) {
            for (BatchStandIn.Found f : BatchStandIn.find(run.bytes(), 0, run.bytes().length, decoder)) {
                long from = run.at() + f.recordsStart();
                if (sameInEveryCopy(copies, run, from, f.recordsLength())) {
                    found.add(new ElidedRecords(fromA, (base + from) & MASK, f.recordsLength(), f.uncompressed()));
                }
            }
        }
        return found;
    }

    private static List<Run> runs(List<Copy> sorted) {
        List<Run> runs = new ArrayList<>();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        long at = 0;
        long end = Long.MIN_VALUE;
        for (Copy c : sorted) {
            if (c.at() > end) {
                if (bytes.size() > 0) {
                    runs.add(new Run(at, bytes.toByteArray()));
                }
                bytes.reset();
                at = c.at();
                end = at;
            }
            if (c.end() > end) {
                int skip = (int) (end - c.at());
                bytes.write(c.data(), skip, c.data().length - skip);
                end = c.end();
            }
        }
        if (bytes.size() > 0) {
            runs.add(new Run(at, bytes.toByteArray()));
        }
        return runs;
    }

    /** True if every copy holding bytes of {@code [from, from + length)} may leave them out and holds the run's. */
    private static boolean sameInEveryCopy(List<Copy> copies, Run run, long from, int length) {
        long to = from + length;
        for (Copy c : copies) {
            long lo = Math.max(from, c.at());
            long hi = Math.min(to, c.end());
            if (lo < hi && (!c.elidable() || Arrays.mismatch(c.data(), (int) (lo - c.at()), (int) (hi - c.at()),
                    run.bytes(), (int) (lo - run.at()), (int) (hi - run.at())) >= 0)) {
                return false;
            }
        }
        return true;
    }

    /** The bytes of {@code data} (its first at sequence number {@code seq}) outside the ranges; null if none is in it. */
    private static byte[] without(long seq, byte[] data, List<ElidedRecords> ranges) {
        ByteArrayOutputStream kept = null;
        int pos = 0;
        for (ElidedRecords r : overlapping(seq, data.length, ranges)) {
            long d = rel(r.seq(), seq);
            int from = (int) Math.max(0, d);
            int to = (int) Math.min(data.length, d + r.length());
            kept = kept == null ? new ByteArrayOutputStream(data.length) : kept;
            kept.write(data, pos, from - pos);
            pos = to;
        }
        if (kept == null) {
            return null;
        }
        kept.write(data, pos, data.length - pos);
        return kept.toByteArray();
    }

    /**
     * The partial with every edge's bytes whole again: the records left out put back as stand-ins.
     *
     * @throws IllegalArgumentException if an edge's bytes do not agree with its elided records (a partial not checked
     *                                  by {@link #check})
     */
    public static Partial restore(Partial p) {
        boolean any = p.slices().stream().flatMap(s -> java.util.stream.Stream.concat(s.boundary().tail().stream(),
                s.boundary().head().stream())).anyMatch(e -> e.elided() != null && !e.elided().isEmpty());
        if (!any) {
            return p;
        }
        List<SliceFacts> slices = new ArrayList<>();
        for (SliceFacts s : p.slices()) {
            Boundary b = s.boundary();
            slices.add(s.withBoundary(new Boundary(b.linkTypes(), b.hostAddresses(), b.connections(),
                    b.tail().stream().map(Elision::restore).toList(), b.head().stream().map(Elision::restore).toList())));
        }
        return new Partial(p.kwirePartial(), p.analysis(), slices, p.census(), p.report());
    }

    static Boundary.Edge restore(Boundary.Edge e) {
        if (e.elided() == null || e.elided().isEmpty()) {
            return e;
        }
        List<Piece> pieces = new ArrayList<>(e.pieces().size());
        for (Piece p : e.pieces()) {
            pieces.add(isData(p) && p.bytes() > 0
                    ? p.withData(expand(p.seq(), p.data(), (int) p.bytes(), of(e.elided(), p.fromA())), 0) : p);
        }
        TcpFacts tcp = e.tcp();
        if (tcp != null && !tcp.segments().isEmpty()) {
            List<TcpFacts.Segment> segments = new ArrayList<>(tcp.segments().size());
            for (TcpFacts.Segment s : tcp.segments()) {
                segments.add(s.length() > 0 ? s.withData(expand(s.seq(), s.data(), s.length(), of(e.elided(), s.fromA())),
                        0) : s);
            }
            tcp = new TcpFacts(tcp.ends(), segments);
        }
        return e.withBytes(pieces, tcp, null);
    }

    /** {@code stored} with the ranges' stand-ins put back: {@code length} bytes from sequence number {@code seq}. */
    private static byte[] expand(long seq, byte[] stored, int length, List<ElidedRecords> ranges) {
        String problem = problem(seq, stored.length, length, ranges);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        byte[] out = new byte[length];
        int k = 0;
        int pos = 0;
        for (ElidedRecords r : overlapping(seq, length, ranges)) {
            long d = rel(r.seq(), seq);
            int from = (int) Math.max(0, d);
            int to = (int) Math.min(length, d + r.length());
            System.arraycopy(stored, k, out, pos, from - pos);
            k += from - pos;
            BatchStandIn.fill(out, from, (int) (from - d), to - from, r.uncompressed());
            pos = to;
        }
        System.arraycopy(stored, k, out, pos, length - pos);
        return out;
    }

    /**
     * Why {@code stored} bytes cannot be the {@code length} bytes from {@code seq} with the ranges left out, or null
     * if they can.
     */
    static String problem(long seq, int stored, long length, List<ElidedRecords> ranges) {
        if (length < stored || length > Integer.MAX_VALUE - 8) {
            return "length " + length + " with " + stored + " bytes kept";
        }
        long pos = 0;
        long left = 0;
        for (ElidedRecords r : overlapping(seq, length, ranges)) {
            long d = rel(r.seq(), seq);
            long from = Math.max(0, d);
            if (from < pos) {
                return "elided records overlap each other";
            }
            left += from - pos;
            pos = Math.min(length, d + r.length());
        }
        left += length - pos;
        return left == stored ? null : stored + " bytes kept where " + left + " are not elided";
    }

    /**
     * Checks every edge's elided records and the bytes left beside them, and takes the bytes putting them back costs
     * from the merge's budget.
     *
     * @throws JsonInputException the field at fault
     */
    static void check(Partial p, PacketBudget budget) throws JsonInputException {
        for (int i = 0; i < p.slices().size(); i++) {
            Boundary b = p.slices().get(i).boundary();
            check(b.tail(), "/slices/" + i + "/boundary/tail/", budget);
            check(b.head(), "/slices/" + i + "/boundary/head/", budget);
        }
    }

    private static void check(List<Boundary.Edge> edges, String pointer, PacketBudget budget) throws JsonInputException {
        for (int j = 0; j < edges.size(); j++) {
            Boundary.Edge e = edges.get(j);
            List<ElidedRecords> elided = e.elided() == null ? List.of() : e.elided();
            for (int k = 0; k < elided.size(); k++) {
                if (elided.get(k).length() < BatchStandIn.SIZE) {
                    throw new JsonInputException(pointer + j + "/elided/" + k + "/length", "elided records of "
                            + elided.get(k).length() + " bytes, fewer than a stand-in's " + BatchStandIn.SIZE);
                }
            }
            for (int k = 0; k < e.pieces().size(); k++) {
                Piece p = e.pieces().get(k);
                if (isData(p) && p.bytes() > 0) {
                    bytes(p.seq(), p.data().length, p.bytes(), of(elided, p.fromA()), pointer + j + "/pieces/" + k, budget);
                }
            }
            List<TcpFacts.Segment> segments = e.tcp() == null ? List.of() : e.tcp().segments();
            for (int k = 0; k < segments.size(); k++) {
                TcpFacts.Segment s = segments.get(k);
                if (s.length() > 0) {
                    bytes(s.seq(), s.data().length, s.length(), of(elided, s.fromA()), pointer + j + "/tcp/segments/" + k,
                            budget);
                }
            }
        }
    }

    private static void bytes(long seq, int stored, long length, List<ElidedRecords> ranges, String pointer,
                              PacketBudget budget) throws JsonInputException {
        String problem = seq < 0 ? "elided bytes without a sequence number" : problem(seq, stored, length, ranges);
        if (problem != null) {
            throw new JsonInputException(pointer, problem);
        }
        budget.takeBytes(length - stored, pointer);
    }

    private static boolean isData(Piece p) {
        return "data".equals(p.kind()) && p.data() != null;
    }

    private static List<ElidedRecords> of(List<ElidedRecords> all, boolean fromA) {
        return all.stream().filter(r -> r.fromA() == fromA).toList();
    }

    /** The ranges with bytes in {@code [seq, seq + length)}, in order. */
    private static List<ElidedRecords> overlapping(long seq, long length, List<ElidedRecords> ranges) {
        List<ElidedRecords> in = new ArrayList<>(0);
        for (ElidedRecords r : ranges) {
            long d = rel(r.seq(), seq);
            if (d < length && d + r.length() > 0) {
                in.add(r);
            }
        }
        in.sort(Comparator.comparingLong(r -> rel(r.seq(), seq)));
        return in;
    }

    /** Where sequence number {@code seq} lies from {@code base}: their 32-bit difference, signed. */
    private static long rel(long seq, long base) {
        return (int) ((seq - base) & MASK);
    }
}
