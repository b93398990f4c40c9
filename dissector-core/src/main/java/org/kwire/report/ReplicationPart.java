package org.kwire.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongUnaryOperator;

/**
 * The mergeable state of the report's {@code replication} section ({@link ReplicationSummary}): the Fetch lines
 * ({@link FetchLinkPart}, merged by key), the leadership timeline ({@link LeadershipPart}) and the endpoints that
 * Metadata and DescribeCluster responses advertised (the later by capture order wins). Merging is exact while no part
 * reaches the bounds ({@link ReplicationAccumulator}); past them a warning says so. Immutable.
 *
 * @param links        the Fetch lines, sorted by key; at most {@link ReplicationAccumulator#MAX_LINES}
 * @param leadership   the leadership timeline
 * @param nodes        advertised endpoints, sorted by endpoint
 * @param linesOmitted Fetch lines past the bound
 * @param lag          consumers' fetch lag, high watermarks and committed offsets ({@link LagPart}; null, in a partial
 *                     written before it: none)
 */
public record ReplicationPart(List<FetchLinkPart> links, LeadershipPart leadership, List<NodeSeen> nodes,
                              long linesOmitted, LagPart lag) {

    /** Nothing seen (also what a partial written before this section holds). */
    public static final ReplicationPart NONE = new ReplicationPart(List.of(), LeadershipPart.NONE, List.of(), 0,
            LagPart.NONE);

    /** Reads a missing member as empty. */
    public ReplicationPart {
        links = links == null ? List.of() : links;
        leadership = leadership == null ? LeadershipPart.NONE : leadership;
        nodes = nodes == null ? List.of() : nodes;
        lag = lag == null ? LagPart.NONE : lag;
    }

    /**
     * A broker endpoint advertised with its node id.
     *
     * @param endpoint {@code host:port} as the response gave them
     * @param frame    the response frame (the latest one is kept)
     */
    public record NodeSeen(String endpoint, int nodeId, long frame) {
    }

    /** Both parts, the second's slices after the first's. */
    ReplicationPart merge(ReplicationPart s, FrameOrder order) {
        Map<String, FetchLinkPart> lines = new TreeMap<>();
        links.forEach(l -> lines.put(l.key(), l));
        s.links.forEach(l -> lines.merge(l.key(), l, (x, y) -> x.merge(y, order)));
        List<FetchLinkPart> all = new ArrayList<>(lines.values());
        int cut = Math.max(0, all.size() - ReplicationAccumulator.MAX_LINES);
        Map<String, NodeSeen> n = new TreeMap<>();
        nodes.forEach(x -> n.put(x.endpoint, x));
        s.nodes.forEach(x -> n.merge(x.endpoint, x, (p, q) -> Sequences.later(p.frame, q.frame, order) == q.frame ? q : p));
        return new ReplicationPart(List.copyOf(all.subList(0, all.size() - cut)), leadership.merge(s.leadership, order),
                List.copyOf(n.values()), linesOmitted + s.linesOmitted + cut, lag.merge(s.lag, order));
    }

    /** This part with its frame numbers mapped. */
    ReplicationPart mapFrames(LongUnaryOperator frame) {
        return new ReplicationPart(links.stream().map(l -> l.mapFrames(frame)).toList(), leadership.mapFrames(frame),
                nodes.stream().map(x -> new NodeSeen(x.endpoint, x.nodeId, frame.applyAsLong(x.frame))).toList(),
                linesOmitted, lag.mapFrames(frame));
    }

    /** The report's section. */
    ReplicationSummary toSummary(org.kwire.summary.TopicNames names, FrameNumbering numbering) {
        Map<String, Integer> ids = new TreeMap<>();
        List<ReplicationSummary.Node> nodeList = new ArrayList<>();
        nodes.forEach(x -> {
            ids.put(x.endpoint, x.nodeId);
            nodeList.add(new ReplicationSummary.Node(x.endpoint, x.nodeId));
        });
        BrokerIds brokerIds = new BrokerIds(ids);
        List<ReplicationSummary.FetchClass> classes = new ArrayList<>();
        Map<String, List<ReplicationSummary.FetchLink>> byKind = new TreeMap<>();
        for (String kind : FetchKind.KINDS) {
            long[] n = new long[4];
            LatencyPart latency = LatencyPart.NONE;
            List<ReplicationSummary.FetchLink> out = new ArrayList<>();
            for (FetchLinkPart l : links) {
                if (l.kind().equals(kind)) {
                    n[0] += l.requests();
                    n[1] += l.responses();
                    n[2] += l.records();
                    n[3] += l.responseBytes();
                    latency = latency.merge(l.latency());
                    out.add(l.toLink(names, brokerIds));
                }
            }
            classes.add(new ReplicationSummary.FetchClass(kind, n[0], n[1], n[2], n[3], latency.summary()));
            byKind.put(kind, out);
        }
        return new ReplicationSummary(classes, byKind.get(FetchKind.FOLLOWER), byKind.get(FetchKind.METADATA_LOG),
                byKind.get(FetchKind.CONSUMER), nodeList, leadership.toSummary(names, numbering), linesOmitted);
    }
}
