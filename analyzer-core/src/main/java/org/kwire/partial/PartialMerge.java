package org.kwire.partial;

import org.kwire.report.PartMerge;
import org.kwire.report.ReportPart;

import java.util.ArrayList;
import java.util.List;

/**
 * Merges the partials of consecutive slices (the second's files follow the first's in time, {@link SliceOrder}):
 * associative; the report is built by {@link PartialReport}. Slices of one capture point that follow each other are
 * where TCP and Kafka state crosses a file boundary: {@link #stitch} is the hook where the stitching step joins them.
 */
public final class PartialMerge {

    private PartialMerge() {
    }

    /**
     * Merges partials given in any order: in time order ({@link SliceOrder}), then checked for slices holding the same
     * packets ({@link SliceOrder#refuseOverlaps}).
     *
     * @param partials at least one
     * @throws IllegalArgumentException as {@link #merge}, or naming the files of two slices that hold the same packets
     */
    public static Partial mergeAll(List<Partial> partials) {
        Partial merged = null;
        for (Partial p : SliceOrder.sorted(partials)) {
            merged = merged == null ? p : merge(merged, p);
        }
        if (merged == null) {
            throw new IllegalArgumentException("no partial to merge");
        }
        SliceOrder.refuseOverlaps(merged.slices());
        return merged;
    }

    /**
     * Merges two partials, {@code b}'s slices after {@code a}'s: {@code b}'s should follow in time
     * ({@link #mergeAll} orders them so).
     *
     * @throws IllegalArgumentException if the partials were made with different analysis or report options, or by
     *                                  another version of this format
     */
    public static Partial merge(Partial a, Partial b) {
        if (a.kwirePartial() != Partial.VERSION || b.kwirePartial() != Partial.VERSION) {
            throw new IllegalArgumentException("partial format " + (a.kwirePartial() != Partial.VERSION ? a : b).kwirePartial()
                    + " is not this kwire's (" + Partial.VERSION + ")");
        }
        if (!a.analysis().equals(b.analysis())) {
            throw new IllegalArgumentException("partials made with different analysis options: " + a.analysis() + " and "
                    + b.analysis());
        }
        List<SliceFacts> slices = new ArrayList<>(a.slices());
        slices.addAll(b.slices());
        ReportPart report = PartMerge.merge(a.report(), b.report());
        return stitch(new Partial(Partial.VERSION, a.analysis(), List.copyOf(slices), a.census().merge(b.census()), report),
                a.slices().size());
    }

    /**
     * The stitching hook: called with every merge, {@code first} the index of the first slice of the second partial.
     * The stitching step joins here, for each capture point whose slices {@code first - 1} and {@code first} follow
     * each other, the connections of the first's {@link Boundary#tail()} with those of the second's
     * {@link Boundary#head()}: completes the frames split by the boundary, matches the pending requests with their
     * responses, counts each connection once. Until then it returns the merge as it is, and {@link PartialReport}
     * names the connections that cross a boundary in a warning.
     */
    static Partial stitch(Partial merged, int first) {
        return merged;
    }
}
