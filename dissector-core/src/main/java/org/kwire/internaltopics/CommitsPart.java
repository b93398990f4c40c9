package org.kwire.internaltopics;

import java.util.List;

/**
 * The mergeable OffsetCommit records of {@code __consumer_offsets} of a report part, each record once (the rule of {@link Bounded}). Immutable.
 *
 * @param entries the entries, by (topic, partition, offset)
 * @param omitted records past the bound
 */
public record CommitsPart(List<OffsetCommit> entries, long omitted) {

    /** None. */
    public static final CommitsPart NONE = new CommitsPart(List.of(), 0);

    /** A part read from an older partial without it has none. */
    public CommitsPart {
        entries = entries == null ? List.of() : entries;
    }

    CommitsPart(Bounded<OffsetCommit> b) {
        this(b.entries(), b.omitted());
    }

    /** Both parts' entries, each record once, cut to the bound. */
    public CommitsPart merge(CommitsPart o) {
        return new CommitsPart(new Bounded<>(entries, omitted).merge(new Bounded<>(o.entries, o.omitted)));
    }
}
