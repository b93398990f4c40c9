package org.kwire.partial;

import org.kwire.expert.ExpertItem;
import org.kwire.expert.ExpertNote;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds the connections that cross a file boundary, where a merged report may differ from one analysis of the files
 * together until the stitching step joins them: a connection of one slice that appears again, without its SYN, in the
 * next slice of its capture point (a Kafka connection open while tcpdump rotated its file), or in a slice of another
 * capture point (the same connection captured twice).
 */
public final class Crossings {

    /** Connections named per warning at most. */
    static final int MAX_NAMED = 10;

    private Crossings() {
    }

    /** One warning per pair of slices that share connections; none if no connection crosses a boundary. */
    public static List<ExpertNote> warnings(List<SliceFacts> slices) {
        return warnings(slices, Set.of());
    }

    /**
     * As {@link #warnings(List)}, leaving out the connections the merge joined ({@code slice:stream}, the later
     * slice's, from {@link Stitcher.Result#joined()}).
     */
    public static List<ExpertNote> warnings(List<SliceFacts> slices, Set<String> joined) {
        List<ExpertNote> out = new ArrayList<>();
        List<List<Integer>> points = CapturePoints.of(slices);
        Map<Integer, Integer> pointOf = new HashMap<>();
        for (int p = 0; p < points.size(); p++) {
            for (int s : points.get(p)) {
                pointOf.put(s, p);
            }
        }
        for (List<Integer> point : points) {
            Map<String, Integer> lastSeen = new HashMap<>(); // 4-tuple -> the last slice of the point that had it
            for (int j : point) {
                Map<Integer, Set<String>> from = new java.util.TreeMap<>();
                for (BoundaryConnection c : slices.get(j).boundary().connections()) {
                    Integer i = lastSeen.get(c.fourTuple());
                    if (!c.syn() && i != null && !joined.contains(j + ":" + c.stream())) {
                        from.computeIfAbsent(i, x -> new LinkedHashSet<>()).add(c.describe());
                    }
                }
                from.forEach((i, named) -> out.add(note(ExpertItem.CAPTURE_CROSSING_NOT_JOINED, named.size() + " TCP connection(s) continue from "
                        + String.join(", ", slices.get(i).files()) + " into " + String.join(", ", slices.get(j).files())
                        + ": " + list(named) + "; their TCP and Kafka state was not carried across (TLS, not Kafka, or "
                        + "over --boundary-bytes), so their frames, exchanges and counts in this merged report may differ "
                        + "from one analysis of the files together")));
                slices.get(j).boundary().connections().forEach(c -> lastSeen.put(c.fourTuple(), j));
            }
        }
        for (int j = 0; j < slices.size(); j++) {
            for (int i = 0; i < slices.size(); i++) {
                if (i < j && !pointOf.get(i).equals(pointOf.get(j)) && overlap(slices.get(i), slices.get(j))) {
                    Set<String> named = shared(slices.get(i), slices.get(j));
                    if (!named.isEmpty()) {
                        out.add(note(ExpertItem.CAPTURE_CAPTURED_TWICE, named.size() + " TCP connection(s) of " + String.join(", ", slices.get(j).files())
                                + " were also captured in " + String.join(", ", slices.get(i).files())
                                + " (another capture point): " + list(named) + "; the merged report counts them in both"));
                    }
                }
            }
        }
        return out;
    }

    private static ExpertNote note(ExpertItem item, String text) {
        return new ExpertNote(item, 0, -1, "", text);
    }

    private static boolean overlap(SliceFacts a, SliceFacts b) {
        return a.lastTimestampNanos() >= b.firstTimestampNanos() && b.lastTimestampNanos() >= a.firstTimestampNanos();
    }

    /** The connections of {@code after} seen without their SYN whose 4-tuple is one of {@code before}'s. */
    private static Set<String> shared(SliceFacts before, SliceFacts after) {
        Set<String> tuples = new LinkedHashSet<>();
        before.boundary().connections().forEach(c -> tuples.add(c.fourTuple()));
        Set<String> named = new LinkedHashSet<>();
        for (BoundaryConnection c : after.boundary().connections()) {
            if (!c.syn() && tuples.contains(c.fourTuple())) {
                named.add(c.describe());
            }
        }
        return named;
    }

    private static String list(Set<String> named) {
        List<String> first = new ArrayList<>(named).subList(0, Math.min(MAX_NAMED, named.size()));
        return String.join(", ", first) + (named.size() > MAX_NAMED ? " and " + (named.size() - MAX_NAMED) + " more" : "");
    }
}
