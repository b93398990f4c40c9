package org.kwire.report;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link LeadershipPart#merge} where the parts' sightings interleave (an overlay's boundary piece among the frames of
 * the slices around it) and where they follow each other: the events one analysis of all the sightings gives.
 */
class LeadershipPartTest {

    /** Slice frames 10 (leader 1), 20 (1), 40 (2), 50 (2); the boundary piece's response at 30 shows leader 2 first. */
    @Test
    void aBoundaryPieceThatSawTheNewLeaderFirstTakesTheChange() {
        LeadershipPart slices = part(10, 1, 0, 50, 2, 1, 1, change(40, 2, 1, 1, 0, "DescribeTopicPartitions", 20));
        LeadershipPart piece = part(30, 2, 1, 30, 2, 1, 0);
        List<String> want = List.of("30 1/0->2/1 Metadata after 20");
        assertEquals(want, events(piece.merge(slices, FrameOrder.NATURAL)));
        assertEquals(want, events(slices.merge(piece, FrameOrder.NATURAL)));
        assertEquals("t/0 first 10 1/0 last 50 2/1 changes 1", leader(piece.merge(slices, FrameOrder.NATURAL)));
    }

    /** The piece at 30 shows leader 3 between the slices' leader 1 (to 20) and leader 2 (from 40). */
    @Test
    void aLeaderSeenBetweenTwoOthersIsTwoChanges() {
        LeadershipPart slices = part(10, 1, 0, 50, 2, 2, 1, change(40, 2, 2, 1, 0, "DescribeTopicPartitions", 20));
        LeadershipPart piece = part(30, 3, 1, 30, 3, 1, 0);
        assertEquals(List.of("30 1/0->3/1 Metadata after 20", "40 3/1->2/2 DescribeTopicPartitions after 30"),
                events(slices.merge(piece, FrameOrder.NATURAL)));
        assertEquals("t/0 first 10 1/0 last 50 2/2 changes 2", leader(slices.merge(piece, FrameOrder.NATURAL)));
    }

    /** Files one after the other: the later file's first sighting is the change where it differs. */
    @Test
    void theNextFilesFirstSightingIsTheChange() {
        LeadershipPart first = part(10, 1, 0, 20, 1, 0, 0);
        LeadershipPart next = part(30, 2, 1, 40, 2, 1, 0);
        assertEquals(List.of("30 1/0->2/1 Metadata after 20"), events(first.merge(next, FrameOrder.NATURAL)));
        assertEquals(List.of(), events(first.merge(part(30, 1, 0, 40, 1, 0, 0), FrameOrder.NATURAL)));
    }

    private static LeadershipPart.LeaderEvent change(long frame, int leader, int epoch, int was, int wasEpoch,
                                                     String api, long previousFrame) {
        return new LeadershipPart.LeaderEvent(frame, frame * 1000, "t", 0, leader, epoch, was, wasEpoch, null, "b:9092",
                null, api, previousFrame);
    }

    private static LeadershipPart part(long first, int leader, int epoch, long last, int lastLeader, int lastEpoch,
                                       long changes, LeadershipPart.LeaderEvent... events) {
        return new LeadershipPart(List.of(new LeadershipPart.PartitionLeader("t", 0, leader, epoch, first, first * 1000,
                "b:9092", "Metadata", lastLeader, lastEpoch, last, changes)), List.of(events), 0, 0);
    }

    private static List<String> events(LeadershipPart p) {
        return p.events().stream().map(e -> e.frame() + " " + e.previousLeaderId() + "/" + e.previousLeaderEpoch() + "->"
                + e.leaderId() + "/" + e.leaderEpoch() + " " + e.api() + " after " + e.previousFrame()).toList();
    }

    private static String leader(LeadershipPart p) {
        LeadershipPart.PartitionLeader x = p.partitions().get(0);
        return x.topic() + "/" + x.partition() + " first " + x.firstFrame() + " " + x.firstLeaderId() + "/"
                + x.firstLeaderEpoch() + " last " + x.lastFrame() + " " + x.leaderId() + "/" + x.leaderEpoch()
                + " changes " + x.changes();
    }
}
