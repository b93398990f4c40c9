package org.kwire.internaltopics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The mergeable state of the report's {@code transaction_markers}: the distinct markers of one slice (or of several
 * merged), in the order first met, at most {@link #MAX_MARKERS}, each with the number of times fetches carried it.
 * Merging two parts of consecutive slices gives the part of one analysis of both (exactly, while the distinct
 * markers stay under the cap). Immutable.
 *
 * @param markers   distinct markers, first met first
 * @param sightings every COMMIT/ABORT control batch in a fetch response, listed or not
 * @param omitted   sightings of markers past the cap (not listed, so not told apart)
 */
public record MarkerPart(List<Seen> markers, long sightings, long omitted) {

    /** Most distinct markers kept. */
    public static final int MAX_MARKERS = 10_000;

    /** No markers. */
    public static final MarkerPart NONE = new MarkerPart(List.of(), 0, 0);

    /** A part read from an older partial without markers has none. */
    public MarkerPart {
        markers = markers == null ? List.of() : markers;
    }

    /**
     * One distinct marker and how many fetch responses (of followers, consumers) carried it.
     *
     * @param marker    the marker
     * @param sightings times it was carried, at least 1
     */
    public record Seen(Marker marker, long sightings) {
    }

    /** This part followed by {@code later}'s (the next slice's): the same markers counted once. */
    public MarkerPart merge(MarkerPart later) {
        Map<String, Seen> out = new LinkedHashMap<>();
        markers.forEach(s -> out.put(s.marker().key(), s));
        long left = omitted + later.omitted;
        for (Seen s : later.markers) {
            Seen was = out.get(s.marker().key());
            if (was != null) {
                out.put(s.marker().key(), new Seen(was.marker(), was.sightings() + s.sightings()));
            } else if (out.size() < MAX_MARKERS) {
                out.put(s.marker().key(), s);
            } else {
                left += s.sightings();
            }
        }
        return new MarkerPart(List.copyOf(new ArrayList<>(out.values())), sightings + later.sightings, left);
    }
}
