package org.kwire.groups;

import org.kwire.report.FrameOrder;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongUnaryOperator;

/**
 * The mergeable state of the report's {@code consumer_groups} section ({@link GroupReplay} builds it when the report
 * is built): the group exchanges that tell the life of groups, in capture order, and the last committed and fetched
 * offset of each group's partition. Merging two parts of consecutive slices interleaves their events by capture order
 * and keeps the later offsets, so that replaying the merge gives what replaying one analysis's events gives
 * (docs/PARTIAL.md). Immutable.
 *
 * @param events        the group exchanges kept ({@link GroupAccumulator} says which), in capture order; at most
 *                      {@link #MAX_EVENTS}
 * @param eventsOmitted group exchanges past {@link #MAX_EVENTS}, not kept
 * @param commits       per group, topic and partition: its last commit, sorted by key
 * @param fetches       per group, topic and partition: what the last OffsetFetch response returned, sorted by key
 */
public record GroupsPart(List<GroupEvent> events, long eventsOmitted, List<OffsetPart> commits,
                         List<OffsetPart> fetches) {

    /** Group exchanges a part keeps; further ones are counted, and a warning says the section is cut. */
    public static final int MAX_EVENTS = 50_000;
    /** Group partitions whose offsets a part keeps; further ones are not listed. */
    public static final int MAX_OFFSETS = 10_000;
    /** No groups. */
    public static final GroupsPart NONE = new GroupsPart(List.of(), 0, List.of(), List.of());

    /** Keeps unmodifiable copies; null lists (an older partial) are empty. */
    public GroupsPart {
        events = events == null ? List.of() : List.copyOf(events);
        commits = commits == null ? List.of() : List.copyOf(commits);
        fetches = fetches == null ? List.of() : List.copyOf(fetches);
    }

    /** This part with its frame numbers mapped. */
    public GroupsPart map(LongUnaryOperator frame) {
        return new GroupsPart(events.stream().map(e -> e.withFrame(frame.applyAsLong(e.frame()))).toList(), eventsOmitted,
                commits.stream().map(o -> o.withFrame(frame.applyAsLong(o.frame()))).toList(),
                fetches.stream().map(o -> o.withFrame(frame.applyAsLong(o.frame()))).toList());
    }

    /**
     * The part of {@code earlier} followed by {@code later} (frames numbered as one part's, ordered by {@code order}).
     */
    public static GroupsPart merge(GroupsPart earlier, GroupsPart later, FrameOrder order) {
        List<GroupEvent> out = new ArrayList<>();
        List<GroupEvent> a = earlier.events;
        List<GroupEvent> b = later.events;
        int i = 0;
        int j = 0;
        while (out.size() < MAX_EVENTS && (i < a.size() || j < b.size())) {
            boolean takeB = i == a.size() || j < b.size() && order.compare(b.get(j).frame(), a.get(i).frame()) < 0;
            out.add(takeB ? b.get(j++) : a.get(i++));
        }
        long omitted = earlier.eventsOmitted + later.eventsOmitted + a.size() + b.size() - out.size();
        return new GroupsPart(out, omitted, offsets(earlier.commits, later.commits, order),
                offsets(earlier.fetches, later.fetches, order));
    }

    private static List<OffsetPart> offsets(List<OffsetPart> a, List<OffsetPart> b, FrameOrder order) {
        Map<String, OffsetPart> out = new TreeMap<>();
        a.forEach(o -> out.put(o.key(), o));
        for (OffsetPart o : b) {
            out.merge(o.key(), o, (x, y) -> order.compare(y.frame(), x.frame()) >= 0 ? x.then(y) : y.then(x));
        }
        return out.values().stream().limit(MAX_OFFSETS).toList();
    }
}
