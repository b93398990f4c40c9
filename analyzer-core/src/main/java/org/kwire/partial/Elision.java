package org.kwire.partial;

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
 * in the TCP state: then putting back a stand-in ({@link ElidedBytes#restore}) gives the merge's decoder the batch it stands for
 * ({@link RecordsDecoder#acceptingStandIns()}), and the report is the one the bytes gave. Putting them back and
 * checking a partial's: {@link ElidedBytes}.
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
            byte[] kept = ElidedBytes.isData(p) && p.data().length > 0 ? without(p.seq(), p.data(), ElidedBytes.of(found, p.fromA())) : null;
            pieces.add(kept == null ? p : p.withData(kept, p.data().length));
        }
        TcpFacts tcp = e.tcp();
        if (tcp != null && !tcp.segments().isEmpty()) {
            List<TcpFacts.Segment> segments = new ArrayList<>(tcp.segments().size());
            for (TcpFacts.Segment s : tcp.segments()) {
                byte[] kept = s.data().length > 0 ? without(s.seq(), s.data(), ElidedBytes.of(found, s.fromA())) : null;
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
            if (ElidedBytes.isData(p) && p.fromA() == fromA && p.data().length > 0) {
                if (p.seq() < 0) {
                    return List.of(); // bytes that cannot be placed: leave the direction whole
                }
                base = base == null ? p.seq() : base;
                copies.add(new Copy(ElidedBytes.rel(p.seq(), base), p.data(), true));
            }
        }
        if (e.tcp() != null) {
            for (TcpFacts.Segment s : e.tcp().segments()) {
                if (s.fromA() == fromA && s.data().length > 0) {
                    base = base == null ? s.seq() : base;
                    copies.add(new Copy(ElidedBytes.rel(s.seq(), base), s.data(), true));
                }
            }
            HalfState end = e.tcp().ends().isEmpty() ? null : e.tcp().ends().get(fromA ? 0 : 1);
            if (end != null && base != null) {
                for (HalfState.Held h : end.held()) {
                    copies.add(new Copy(ElidedBytes.rel(h.seq(), base), h.data(), false));
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
        for (ElidedRecords r : ElidedBytes.overlapping(seq, data.length, ranges)) {
            long d = ElidedBytes.rel(r.seq(), seq);
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

}
