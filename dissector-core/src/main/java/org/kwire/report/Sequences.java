package org.kwire.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * Merges two lists kept in capture order (each in the order its analysis met the items), as {@code mergecap} merges
 * two captures: the next item is always the earlier of the two heads by their frame, the first list's head on a tie.
 * For the lists of slices that follow each other in time (rotated files) this is their concatenation; the result holds
 * at most {@code limit} items, the rest are counted by the caller.
 */
final class Sequences {

    private Sequences() {
    }

    /**
     * @param a     the earlier slice's items
     * @param b     the later slice's items
     * @param frame the frame number an item is ordered by (0: after every frame, in list order)
     * @param order capture order of frame numbers
     * @param limit most items kept
     */
    static <T> List<T> merge(List<T> a, List<T> b, ToLongFunction<T> frame, FrameOrder order, int limit) {
        List<T> out = new ArrayList<>(Math.min(limit, a.size() + b.size()));
        int i = 0;
        int j = 0;
        while (out.size() < limit && (i < a.size() || j < b.size())) {
            boolean takeB = i == a.size() || j < b.size() && before(frame.applyAsLong(b.get(j)), frame.applyAsLong(a.get(i)), order);
            out.add(takeB ? b.get(j++) : a.get(i++));
        }
        return out;
    }

    /**
     * Adds {@code item} to {@code list}, which holds at most {@code limit} items in capture order (by frame number, frame
     * 0 last; an item after those of its frame): the list then holds the first {@code limit} items by frame of all
     * added, whatever order they came in (a note or a record set is raised when its exchange completes, which may be
     * after a later frame's), as {@link #merge} keeps the first of two parts.
     *
     * @return true if an item was left out (the new one, or the last one, pushed out)
     */
    static <T> boolean add(List<T> list, T item, ToLongFunction<T> frame, int limit) {
        long f = frame.applyAsLong(item);
        int at = list.size();
        while (at > 0 && before(f, frame.applyAsLong(list.get(at - 1)), FrameOrder.NATURAL)) {
            at--;
        }
        if (at >= limit) {
            return true;
        }
        list.add(at, item);
        if (list.size() > limit) {
            list.remove(list.size() - 1);
            return true;
        }
        return false;
    }

    /** True if frame {@code x} comes strictly before frame {@code y}; frame 0 comes after every frame. */
    static boolean before(long x, long y, FrameOrder order) {
        if (x == 0 || y == 0) {
            return x != 0 && y == 0;
        }
        return order.compare(x, y) < 0;
    }

    /** The later of two frames (the second on a tie or when the first is 0). */
    static long later(long x, long y, FrameOrder order) {
        return x == 0 || y != 0 && order.compare(y, x) >= 0 ? y : x;
    }
}
