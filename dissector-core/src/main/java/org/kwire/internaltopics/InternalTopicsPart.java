package org.kwire.internaltopics;

/**
 * The mergeable state of the report's {@code internal_records} (see the package's contract): each section's part.
 * Merging two parts of consecutive slices gives the part of one analysis of both. Immutable.
 *
 * @param markers the transaction markers ({@link MarkerPart}; null, in a partial written before it existed: none)
 */
public record InternalTopicsPart(MarkerPart markers) {

    /** Nothing seen. */
    public static final InternalTopicsPart NONE = new InternalTopicsPart(MarkerPart.NONE);

    /** A part read from an older partial without a section has none of it. */
    public InternalTopicsPart {
        markers = markers == null ? MarkerPart.NONE : markers;
    }

    /** This part followed by the next slice's. */
    public InternalTopicsPart merge(InternalTopicsPart later) {
        return new InternalTopicsPart(markers.merge(later.markers));
    }
}
