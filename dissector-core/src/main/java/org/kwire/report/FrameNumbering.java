package org.kwire.report;

/**
 * Turns a {@link ReportPart}'s provisional frame and TCP stream numbers into those of the whole capture, i.e. those
 * that one analysis of all its slices' files together would give. Frame numbers are 1-based (0 means "no frame" and
 * stays 0), streams 0-based.
 */
public interface FrameNumbering {

    /** The numbers of one analysis: unchanged. */
    FrameNumbering IDENTITY = new FrameNumbering() {
        @Override
        public long frame(long provisional) {
            return provisional;
        }

        @Override
        public int stream(int provisional) {
            return provisional;
        }
    };

    /** The capture frame number of a provisional one (0 stays 0). */
    long frame(long provisional);

    /** The TCP stream number of a provisional one. */
    int stream(int provisional);
}
