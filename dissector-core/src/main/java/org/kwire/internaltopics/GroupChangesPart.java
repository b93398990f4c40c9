package org.kwire.internaltopics;

import java.util.List;

/**
 * The mergeable group state records of {@code __consumer_offsets} of a report part, each record once (the rule of {@link Bounded}). Immutable.
 *
 * @param entries the entries, by (topic, partition, offset)
 * @param omitted records past the bound
 */
public record GroupChangesPart(List<GroupChange> entries, long omitted) {

    /** None. */
    public static final GroupChangesPart NONE = new GroupChangesPart(List.of(), 0);

    /** A part read from an older partial without it has none. */
    public GroupChangesPart {
        entries = entries == null ? List.of() : entries;
    }

    GroupChangesPart(Bounded<GroupChange> b) {
        this(b.entries(), b.omitted());
    }

    /** Both parts' entries, each record once, cut to the bound. */
    public GroupChangesPart merge(GroupChangesPart o) {
        return new GroupChangesPart(new Bounded<>(entries, omitted).merge(new Bounded<>(o.entries, o.omitted)));
    }
}
