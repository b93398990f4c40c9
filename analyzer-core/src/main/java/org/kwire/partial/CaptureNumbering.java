package org.kwire.partial;

import org.kwire.report.FrameNumbering;

import java.util.List;

/**
 * The frame and TCP stream numbers one analysis of several slices' files together gives, from each slice's
 * {@link Timeline}: a packet of slice k whose running maximum timestamp is t is numbered its own number plus, for each
 * other slice j, the packets of j whose running maximum is below t (at most t if j comes after k, since on equal
 * timestamps the file given later comes first); a connection is numbered by the same rule applied to the first
 * packets of the connections. Holds every slice's running maxima (8 bytes per packet).
 */
public final class CaptureNumbering implements FrameNumbering {

    private final long[][] maxima;
    private final long[][] startMaxima;
    private final long[] frameEnds;
    private final long[] streamEnds;
    private final long[][] starts;
    /** Per slice, ascending: its streams that go on from the slice before (not starts of their own). */
    private final int[][] continued;

    /** @param slices the timelines of the slices, in order */
    public CaptureNumbering(List<Timeline> slices) {
        this(slices, java.util.Collections.nCopies(slices.size(), java.util.Set.of()));
    }

    /**
     * @param slices    the timelines of the slices, in order
     * @param continued per slice, its streams (its own numbers) that continue a connection of an earlier slice
     *                  ({@link Stitcher}): they are not starts, and the streams after them in the slice move down
     */
    public CaptureNumbering(List<Timeline> slices, List<java.util.Set<Integer>> continued) {
        int n = slices.size();
        maxima = new long[n][];
        starts = new long[n][];
        startMaxima = new long[n][];
        frameEnds = new long[n];
        streamEnds = new long[n];
        this.continued = new int[n][];
        long frames = 0;
        long streams = 0;
        for (int i = 0; i < n; i++) {
            maxima[i] = slices.get(i).maxima();
            starts[i] = slices.get(i).streamStarts();
            this.continued[i] = continued.get(i).stream().mapToInt(Integer::intValue).sorted().toArray();
            startMaxima[i] = new long[starts[i].length - this.continued[i].length];
            for (int s = 0, k = 0; s < starts[i].length; s++) {
                if (java.util.Arrays.binarySearch(this.continued[i], s) < 0) {
                    startMaxima[i][k++] = maxima[i][(int) starts[i][s] - 1];
                }
            }
            frames += maxima[i].length;
            streams += starts[i].length;
            frameEnds[i] = frames;
            streamEnds[i] = streams;
        }
    }

    /** The running maximum timestamp (epoch ns) of a provisional frame number, which orders it among slices. */
    public long time(long provisional) {
        int s = slice(frameEnds, provisional);
        long local = provisional - (s == 0 ? 0 : frameEnds[s - 1]);
        return maxima[s][(int) local - 1];
    }

    @Override
    public long frame(long provisional) {
        if (provisional <= 0 || maxima.length <= 1) {
            return provisional;
        }
        int s = slice(frameEnds, provisional);
        long local = provisional - (s == 0 ? 0 : frameEnds[s - 1]);
        long t = maxima[s][(int) local - 1];
        long global = local;
        for (int j = 0; j < maxima.length; j++) {
            if (j != s) {
                global += count(maxima[j], t, j > s);
            }
        }
        return global;
    }

    @Override
    public int stream(int provisional) {
        int s = slice(streamEnds, provisional + 1L);
        long local = provisional - (s == 0 ? 0 : streamEnds[s - 1]);
        int below = java.util.Arrays.binarySearch(continued[s], (int) local);
        if (below >= 0) {
            throw new IllegalStateException("stream " + provisional + " continues an earlier one: joined before numbering");
        }
        local -= -below - 1; // the continued streams before it
        if (maxima.length <= 1) {
            return (int) local;
        }
        long t = startMaxima[s][(int) local];
        long global = local;
        for (int j = 0; j < maxima.length; j++) {
            if (j != s) {
                global += count(startMaxima[j], t, j > s);
            }
        }
        return (int) global;
    }

    /** Values of a non-decreasing array below {@code t}, or at most {@code t}. */
    private static long count(long[] sorted, long t, boolean orEqual) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < t || orEqual && sorted[mid] == t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static int slice(long[] ends, long number) {
        return org.kwire.report.ReportPart.slice(ends, number);
    }
}
