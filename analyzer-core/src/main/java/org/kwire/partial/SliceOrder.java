package org.kwire.partial;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The order in which partials are merged: by time, never by name or by the order given. Rotated files are named so
 * that the shell's glob does not sort them by time ({@code tcpdump -C}: {@code cap.pcap}, {@code cap.pcap1},
 * {@code cap.pcap10}, ..., {@code cap.pcap2}), Spark lists paths by name, partials arrive from brokers in any order;
 * every split path ({@code --jobs}, {@code kwire merge}, the Spark job) merges its partials in <em>time order</em>: by
 * the first packet time of each partial's earliest slice, partials without packets last, equal times in the order
 * given. That is the order one analysis of the files together reads them in ({@code org.kwire.pcap.MergedSource}),
 * so that equal timestamps across files, frame and stream numbers and the stitching of connections across file
 * boundaries come out the same.
 * <p>
 * Slices in time order must also be distinct captures: two slices holding the same packets (one file given twice,
 * a copy of it, or partials of overlapping sets of files) would count their traffic twice, where one analysis drops
 * the second copy as retransmissions. {@link #refuseOverlaps} finds them from their timelines and refuses. Stateless.
 */
public final class SliceOrder {

    /** Consecutive packet times compared to tell that two slices hold the same packets. */
    static final int SAME_PACKETS = 8;

    private SliceOrder() {
    }

    /** The partials in time order (a new list). */
    public static List<Partial> sorted(List<Partial> partials) {
        List<Partial> out = new ArrayList<>();
        for (int i : order(partials)) {
            out.add(partials.get(i));
        }
        return out;
    }

    /** The indices of the partials in time order. */
    public static int[] order(List<Partial> partials) {
        long[] first = new long[partials.size()];
        boolean[] empty = new boolean[partials.size()];
        for (int i = 0; i < first.length; i++) {
            first[i] = Long.MAX_VALUE;
            empty[i] = true;
            for (SliceFacts s : partials.get(i).slices()) {
                if (s.packets() > 0) {
                    first[i] = Math.min(first[i], s.firstTimestampNanos());
                    empty[i] = false;
                }
            }
        }
        return byTime(empty, first);
    }

    /** Indices by {@code first} time, the {@code empty} ones last, equal times in index order. */
    static int[] byTime(boolean[] empty, long[] first) {
        return IntStream.range(0, first.length).boxed()
                .sorted(Comparator.comparing((Integer i) -> empty[i]).thenComparingLong(i -> first[i]))
                .mapToInt(Integer::intValue).toArray();
    }

    /**
     * Refuses slices that hold the same packets: two slices overlapping in time of which the later one's first
     * {@value #SAME_PACKETS} packets (or all, if fewer) have, one for one, the running maximum timestamps of
     * consecutive packets of the earlier one (nanoseconds; another capture point's copy of the same traffic was
     * stamped by another clock and differs).
     *
     * @throws IllegalArgumentException naming both slices' files
     */
    public static void refuseOverlaps(List<SliceFacts> slices) {
        List<long[]> maxima = new ArrayList<>();
        slices.forEach(s -> maxima.add(null));
        for (int j = 0; j < slices.size(); j++) {
            for (int i = 0; i < j; i++) {
                SliceFacts a = slices.get(i);
                SliceFacts b = slices.get(j);
                if (a.packets() == 0 || b.packets() == 0 || !overlap(a, b)) {
                    continue;
                }
                long[] early = maxima(maxima, slices, a.firstTimestampNanos() <= b.firstTimestampNanos() ? i : j);
                long[] late = maxima(maxima, slices, a.firstTimestampNanos() <= b.firstTimestampNanos() ? j : i);
                if (contains(early, late)) {
                    throw new IllegalArgumentException(String.join(", ", a.files()) + " and " + String.join(", ", b.files())
                            + " hold the same packets (from " + java.time.Instant.ofEpochSecond(0, late[0])
                            + "): a file given twice, a copy of one, or partials of overlapping files; each packet "
                            + "must be in one of them only, or its traffic counts twice");
                }
            }
        }
    }

    private static long[] maxima(List<long[]> cache, List<SliceFacts> slices, int i) {
        if (cache.get(i) == null) {
            cache.set(i, slices.get(i).timeline().decode().maxima());
        }
        return cache.get(i);
    }

    private static boolean overlap(SliceFacts a, SliceFacts b) {
        return a.firstTimestampNanos() <= b.lastTimestampNanos() && b.firstTimestampNanos() <= a.lastTimestampNanos();
    }

    /** Whether {@code late}'s first packets' running maxima are those of consecutive packets of {@code early}. */
    static boolean contains(long[] early, long[] late) {
        int n = Math.min(SAME_PACKETS, late.length);
        if (n == 0 || n > early.length) {
            return false;
        }
        int from = java.util.Arrays.binarySearch(early, late[0]);
        if (from < 0) {
            return false;
        }
        while (from > 0 && early[from - 1] == late[0]) {
            from--;
        }
        for (int p = from; p < early.length && early[p] == late[0]; p++) {
            if (p + n <= early.length && java.util.Arrays.equals(early, p, p + n, late, 0, n)) {
                return true;
            }
        }
        return false;
    }
}
