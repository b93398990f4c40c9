package org.kwire.partial;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Groups slices into capture points: the files one tcpdump or dumpcap wrote one after the other on one host and
 * interface (rotated files), as opposed to files captured elsewhere at the same time (other brokers, other
 * interfaces). Only consecutive slices of one capture point can share connections that cross a file boundary.
 * <p>
 * The rule, slice by slice in time order ({@link SliceOrder}): a slice continues the capture point whose last slice
 * has the same link types, ended before this slice began and shares the most connections with it (a 4-tuple there
 * and again here without its SYN); failing that, the capture point whose last slice has the same link types, shares
 * a host address (the address in the most connections: the capturing host's own) and ended before this slice began;
 * failing that it starts a capture point. A slice overlapping in time the last slice of every point it shares
 * connections with is another capture point's copy of that traffic (captured on the client and on the broker).
 */
public final class CapturePoints {

    private CapturePoints() {
    }

    /**
     * The capture points of the slices: each a list of slice indices, in time order (a partial merged from partials
     * of interleaved files holds its slices in the order of its parts, not of time).
     */
    public static List<List<Integer>> of(List<SliceFacts> slices) {
        List<List<Integer>> points = new ArrayList<>();
        for (int k : timeOrder(slices)) {
            SliceFacts s = slices.get(k);
            Set<String> heads = heads(s);
            List<Integer> best = null;
            long bestShared = 0;
            List<Integer> byHost = null;
            for (List<Integer> p : points) {
                SliceFacts last = slices.get(p.get(p.size() - 1));
                if (!last.boundary().linkTypes().equals(s.boundary().linkTypes())
                        || last.lastTimestampNanos() > s.firstTimestampNanos()) {
                    continue;
                }
                long shared = last.boundary().connections().stream().filter(c -> heads.contains(c.fourTuple())).count();
                if (shared > bestShared) {
                    best = p;
                    bestShared = shared;
                }
                boolean host = last.boundary().hostAddresses().stream().anyMatch(s.boundary().hostAddresses()::contains);
                if (byHost == null && host) {
                    byHost = p;
                }
            }
            List<Integer> point = best != null ? best : byHost;
            if (point == null) {
                point = new ArrayList<>();
                points.add(point);
            }
            point.add(k);
        }
        return points;
    }

    /** The slices' indices by their first packet's time, slices without packets last, equal times as given. */
    static int[] timeOrder(List<SliceFacts> slices) {
        boolean[] empty = new boolean[slices.size()];
        long[] first = new long[slices.size()];
        for (int i = 0; i < first.length; i++) {
            empty[i] = slices.get(i).packets() == 0;
            first[i] = slices.get(i).firstTimestampNanos();
        }
        return SliceOrder.byTime(empty, first);
    }

    /** The 4-tuples of a slice's connections whose SYN it did not capture. */
    static Set<String> heads(SliceFacts s) {
        Set<String> out = new HashSet<>();
        s.boundary().connections().stream().filter(c -> !c.syn()).forEach(c -> out.add(c.fourTuple()));
        return out;
    }
}
