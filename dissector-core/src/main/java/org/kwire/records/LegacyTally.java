package org.kwire.records;

/** The messages of a compressed legacy wrapper's inner message set: how many, first and last offset field. */
final class LegacyTally {

    int messages;
    long firstOffset;
    long lastOffset;

    /** Counts {@code count} records of an inner message whose offset field is {@code offset}. */
    void add(long offset, int count) {
        if (messages == 0) {
            firstOffset = offset;
        }
        lastOffset = offset;
        messages += count;
    }
}
