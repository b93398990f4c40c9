package org.kwire.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One partition's leadership from two report parts, merged as one analysis of both would have seen it, also where
 * the parts' frames interleave (an overlay's boundary pieces sit among the frames of the slices around them). Each
 * part's sightings of the partition are read as runs: its first sighting, then each leader change
 * ({@link LeadershipPart.LeaderEvent}), each run lasting up to the last sighting before the next change
 * ({@code previousFrame}) or the part's last sighting. The runs of both parts, in capture order by their first frame:
 * a run with the leader and epoch of the run before it continues that run (a change it was in its part is dropped); a
 * run with another one is a change from it (added if it was its part's first sighting, restated with its new previous
 * leader if it was a change already). Exact but where a run of one part falls inside a run of another leader of the
 * other part (a response with stale metadata among fresh ones, cut off at a file boundary): the return to the
 * enclosing run's leader, at a sighting neither part kept, is not seen. Stateless.
 */
final class LeaderRuns {

    /**
     * The merged partition and its changes.
     *
     * @param partition its first sighting, last leader and changes
     * @param kept      the changes of the parts that stay, by frame, restated (a change of a part at a frame not here
     *                  goes)
     * @param added     changes neither part had (a part's first sighting), in capture order
     */
    record Merged(LeadershipPart.PartitionLeader partition, Map<Long, LeadershipPart.LeaderEvent> kept,
                  List<LeadershipPart.LeaderEvent> added) {
    }

    /** Sightings of one leader and epoch, from {@code first} to {@code last}; {@code change}: an event in its part. */
    private record Run(long first, long timeNanos, String broker, String api, int leaderId, int leaderEpoch, long last,
                       boolean change) {
        boolean sameLeader(Run o) {
            return leaderId == o.leaderId && leaderEpoch == o.leaderEpoch;
        }
    }

    private LeaderRuns() {
    }

    /**
     * @param aChanges {@code a}'s leader changes in capture order (the events of its part for this partition that are
     *                 not errors), likewise {@code bChanges}
     */
    static Merged merge(LeadershipPart.PartitionLeader a, List<LeadershipPart.LeaderEvent> aChanges,
                        LeadershipPart.PartitionLeader b, List<LeadershipPart.LeaderEvent> bChanges, FrameOrder order) {
        List<Run> all = runs(a, aChanges);
        all.addAll(runs(b, bChanges));
        all.sort((x, y) -> order.compare(x.first, y.first)); // stable: a's run first on a tie
        Map<Long, LeadershipPart.LeaderEvent> kept = new HashMap<>();
        List<LeadershipPart.LeaderEvent> added = new ArrayList<>();
        Run run = all.get(0);
        Run lastSeen = run;
        for (Run r : all.subList(1, all.size())) {
            if (r.sameLeader(run)) {
                run = new Run(run.first, run.timeNanos, run.broker, run.api, run.leaderId, run.leaderEpoch,
                        Sequences.later(run.last, r.last, order), run.change);
            } else {
                LeadershipPart.LeaderEvent e = new LeadershipPart.LeaderEvent(r.first, r.timeNanos, a.topic(),
                        a.partition(), r.leaderId, r.leaderEpoch, run.leaderId, run.leaderEpoch, null, r.broker, null,
                        r.api, run.last);
                if (r.change) {
                    kept.put(r.first, e);
                } else {
                    added.add(e);
                }
                run = r;
            }
            if (Sequences.later(lastSeen.last, r.last, order) == r.last) {
                lastSeen = r;
            }
        }
        Run first = all.get(0);
        long changes = a.changes() + b.changes() + kept.size() + added.size() - aChanges.size() - bChanges.size();
        LeadershipPart.PartitionLeader p = new LeadershipPart.PartitionLeader(a.topic(), a.partition(), first.leaderId,
                first.leaderEpoch, first.first, first.timeNanos, first.broker, first.api, lastSeen.leaderId,
                lastSeen.leaderEpoch, lastSeen.last, changes);
        return new Merged(p, kept, added);
    }

    /** A part's runs of the partition, in capture order. */
    private static List<Run> runs(LeadershipPart.PartitionLeader p, List<LeadershipPart.LeaderEvent> changes) {
        List<Run> out = new ArrayList<>(changes.size() + 1);
        long start = p.firstFrame();
        long time = p.firstTimeNanos();
        String broker = p.firstBroker();
        String api = p.firstApi();
        int leader = p.firstLeaderId();
        int epoch = p.firstLeaderEpoch();
        boolean change = false;
        for (LeadershipPart.LeaderEvent e : changes) {
            // a change read from a partial written before previousFrame: its previous run known to its own start only
            out.add(new Run(start, time, broker, api, leader, epoch, e.previousFrame() > 0 ? e.previousFrame() : start,
                    change));
            start = e.frame();
            time = e.timeNanos();
            broker = e.broker();
            api = e.api();
            leader = e.leaderId();
            epoch = e.leaderEpoch();
            change = true;
        }
        out.add(new Run(start, time, broker, api, leader, epoch, p.lastFrame(), change));
        return out;
    }
}
