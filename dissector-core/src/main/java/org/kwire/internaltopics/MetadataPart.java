package org.kwire.internaltopics;

import java.util.List;

/**
 * The mergeable metadata log records ({@code __cluster_metadata}) the timeline shows of a report part, each record once (the rule of {@link Bounded}). Immutable.
 *
 * @param entries the entries, by (topic, partition, offset)
 * @param omitted records past the bound
 */
public record MetadataPart(List<MetadataChange> entries, long omitted) {

    /** None. */
    public static final MetadataPart NONE = new MetadataPart(List.of(), 0);

    /** A part read from an older partial without it has none. */
    public MetadataPart {
        entries = entries == null ? List.of() : entries;
    }

    MetadataPart(Bounded<MetadataChange> b) {
        this(b.entries(), b.omitted());
    }

    /** Both parts' entries, each record once, cut to the bound. */
    public MetadataPart merge(MetadataPart o) {
        return new MetadataPart(new Bounded<>(entries, omitted).merge(new Bounded<>(o.entries, o.omitted)));
    }
}
