package org.kwire.report;

/**
 * The capture order of frame numbers in a {@link ReportPart}. In the report of one analysis, frame numbers are in
 * capture order already ({@link #NATURAL}). In a merged part, frame numbers are provisional (each slice's numbers
 * shifted past the slices before it) and their capture order is that of the slices merged by timestamp as
 * {@code mergecap} merges files: by the largest timestamp read so far in the frame's slice, the slice given later first
 * on equal timestamps, then by frame number ({@link ReportPart#order()}).
 */
@FunctionalInterface
public interface FrameOrder {

    /** Frame numbers of one analysis: their own order. */
    FrameOrder NATURAL = Long::compare;

    /** Negative if frame {@code a} comes before frame {@code b} in capture order, 0 if they are the same frame. */
    int compare(long a, long b);
}
