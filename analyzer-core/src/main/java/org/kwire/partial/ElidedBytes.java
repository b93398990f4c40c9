package org.kwire.partial;

import org.kwire.json.JsonInputException;
import org.kwire.records.BatchStandIn;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The records {@link Elision} left out of a partial's edges, put back as {@link BatchStandIn stand-ins} for the merge
 * ({@link #restore}), and a partial's claims about them checked before that ({@link #check}): a piece or segment that
 * lost bytes must hold exactly its length on the wire less the elided bytes inside it. Stateless; thread-safe.
 */
public final class ElidedBytes {

    private static final long MASK = 0xffffffffL;

    private ElidedBytes() {
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
                    b.tail().stream().map(ElidedBytes::restore).toList(), b.head().stream().map(ElidedBytes::restore).toList())));
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

    static boolean isData(Piece p) {
        return "data".equals(p.kind()) && p.data() != null;
    }

    static List<ElidedRecords> of(List<ElidedRecords> all, boolean fromA) {
        return all.stream().filter(r -> r.fromA() == fromA).toList();
    }

    /** The ranges with bytes in {@code [seq, seq + length)}, in order. */
    static List<ElidedRecords> overlapping(long seq, long length, List<ElidedRecords> ranges) {
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
    static long rel(long seq, long base) {
        return (int) ((seq - base) & MASK);
    }
}
