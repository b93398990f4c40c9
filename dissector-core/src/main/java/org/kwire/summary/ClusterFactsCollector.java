package org.kwire.summary;

import org.kwire.dissect.DissectionVisitor;
import org.kwire.dissect.WireValues;
import org.kwire.frame.FrameBytes;
import org.kwire.plan.FieldPlan;
import org.kwire.plan.StructPlan;

import java.util.ArrayList;
import java.util.List;

/**
 * Gathers {@link ClusterFacts} in the interpreter's one pass over a body, beside {@link FactsCollector}: a response's
 * top-level {@code ThrottleTimeMs}; a Fetch request's replica id ({@code ReplicaId} of v0-14 or the tagged
 * {@code ReplicaState.ReplicaId} of v15+) and each partition's {@code FetchOffset}; a Fetch response's
 * {@code HighWatermark} and {@code LastStableOffset} per partition; a Fetch request's {@code IsolationLevel}; a Produce
 * response's {@code BaseOffset} per partition ({@code Index}, ProduceResponse.json); the
 * {@code LeaderId}/{@code LeaderEpoch} per partition of Metadata and
 * DescribeTopicPartitions responses; the brokers of Metadata and DescribeCluster responses and the
 * {@code NodeEndpoints} of Fetch responses (v16+, KIP-951). A field belongs to the
 * struct it is read in; a partition's topic is the nearest enclosing struct's topic name ({@code entityType topicName})
 * or {@code TopicId}. Other bodies cost one comparison per field. Not thread-safe: one per examining pass.
 */
final class ClusterFactsCollector implements DissectionVisitor {

    private static final int PRODUCE = 0;
    private static final int FETCH = 1;
    private static final int METADATA = 3;
    private static final int DESCRIBE_CLUSTER = 60;
    private static final int DESCRIBE_TOPIC_PARTITIONS = 75;

    /** What one struct has shown. */
    private static final class Slot {
        String topic;
        String topicId;
        int partition;
        long offset;
        long lastStable;
        int leaderId;
        int leaderEpoch;
        int nodeId;
        int port;
        String host;

        void reset() {
            topic = topicId = host = null;
            partition = leaderId = leaderEpoch = nodeId = port = -1;
            offset = lastStable = -1;
        }
    }

    private final FrameBytes frame;
    private final boolean fetchRequest;
    private final boolean fetchResponse;
    private final boolean produceResponse;
    private final boolean leaders;
    private final boolean nodes;
    private final boolean response;
    private final List<Slot> slots = new ArrayList<>();
    private int depth;
    private int replicaId = -1;
    private int throttleTimeMs = -1;
    private int isolationLevel = -1;
    private final List<ClusterFacts.PartitionFact> partitions = new ArrayList<>(0);
    private final List<ClusterFacts.Node> brokers = new ArrayList<>(0);

    /**
     * @param frame    the frame's bytes (host names are decoded from it)
     * @param apiKey   the body's API
     * @param response true for a response body
     */
    ClusterFactsCollector(FrameBytes frame, int apiKey, boolean response) {
        this.frame = frame;
        this.response = response;
        this.fetchRequest = apiKey == FETCH && !response;
        this.fetchResponse = apiKey == FETCH && response;
        this.produceResponse = apiKey == PRODUCE && response;
        this.leaders = response && (apiKey == METADATA || apiKey == DESCRIBE_TOPIC_PARTITIONS);
        this.nodes = response && (apiKey == METADATA || apiKey == DESCRIBE_CLUSTER || apiKey == FETCH);
    }

    /** True if bodies of this API and direction hold any of the fields (a Fetch request or any response). */
    static boolean wanted(int apiKey, boolean response) {
        return response || apiKey == FETCH;
    }

    /** What the body held. */
    ClusterFacts facts() {
        if (replicaId == -1 && throttleTimeMs < 0 && partitions.isEmpty() && brokers.isEmpty() && isolationLevel < 0) {
            return ClusterFacts.NONE;
        }
        return new ClusterFacts(replicaId, throttleTimeMs, partitions, brokers, isolationLevel);
    }

    private boolean detailed() {
        return fetchRequest || fetchResponse || produceResponse || leaders || nodes;
    }

    @Override
    public void beginStruct(FieldPlan field, StructPlan struct, int offset, int markerLength) {
        if (depth == slots.size()) {
            slots.add(new Slot());
        }
        slots.get(depth++).reset();
    }

    @Override
    public void endStruct(StructPlan struct, int end) {
        Slot s = slots.get(--depth);
        if (s.partition >= 0 && (s.offset >= 0 || s.leaderId != -1 || s.leaderEpoch != -1)) {
            partitions.add(new ClusterFacts.PartitionFact(topic(), topicId(), s.partition, s.offset, s.leaderId,
                    s.leaderEpoch, s.lastStable));
        } else if (nodes && s.nodeId >= 0 && s.host != null) {
            brokers.add(new ClusterFacts.Node(s.nodeId, s.host, s.port));
        }
    }

    private String topic() {
        for (int i = depth; i >= 0; i--) {
            if (slots.get(i).topic != null) {
                return slots.get(i).topic;
            }
        }
        return null;
    }

    private String topicId() {
        for (int i = depth; i >= 0; i--) {
            if (slots.get(i).topicId != null) {
                return slots.get(i).topicId;
            }
        }
        return null;
    }

    @Override
    public void number(FieldPlan field, int offset, long value) {
        if (depth == 1 && response) {
            if (field.name().equals("ThrottleTimeMs")) {
                throttleTimeMs = (int) value;
            }
            return;
        }
        if (depth == 1 && fetchRequest && field.name().equals("IsolationLevel")) {
            isolationLevel = (int) value;
            return;
        }
        if (!detailed() || depth == 0) {
            return;
        }
        Slot s = slots.get(depth - 1);
        switch (field.name()) {
            case "ReplicaId" -> {
                if (fetchRequest && depth <= 2) {
                    replicaId = (int) value;
                }
            }
            case "Partition", "PartitionIndex" -> s.partition = (int) value;
            default -> {
                if (produceResponse && field.name().equals("Index")) {
                    s.partition = (int) value;
                } else if (fetchRequest && field.name().equals("FetchOffset")
                        || fetchResponse && field.name().equals("HighWatermark")
                        || produceResponse && field.name().equals("BaseOffset")) {
                    s.offset = value; // (a v18 request's partitions carry a HighWatermark too: not the leader's)
                } else if (fetchResponse && field.name().equals("LastStableOffset")) {
                    s.lastStable = value;
                } else if (leaders) {
                    leader(s, field.name(), (int) value);
                }
                if (nodes) {
                    node(s, field.name(), (int) value);
                }
            }
        }
    }

    private static void leader(Slot s, String name, int value) {
        if (name.equals("LeaderId")) {
            s.leaderId = value;
        } else if (name.equals("LeaderEpoch")) {
            s.leaderEpoch = value;
        }
    }

    private static void node(Slot s, String name, int value) {
        if (name.equals("NodeId") || name.equals("BrokerId")) {
            s.nodeId = value;
        } else if (name.equals("Port")) {
            s.port = value;
        }
    }

    @Override
    public void uuid(FieldPlan field, int offset, long mostSignificant, long leastSignificant) {
        if (detailed() && depth > 0 && field.name().equals("TopicId") && (mostSignificant != 0 || leastSignificant != 0)) {
            slots.get(depth - 1).topicId = WireValues.kafkaUuid(mostSignificant, leastSignificant);
        }
    }

    @Override
    public void string(FieldPlan field, int offset, int prefixLength, int length) {
        if (!detailed() || depth == 0 || length < 0) {
            return;
        }
        if ("topicName".equals(field.entityType())) {
            slots.get(depth - 1).topic = WireValues.utf8(frame, offset + prefixLength, length);
        } else if (nodes && field.name().equals("Host")) {
            slots.get(depth - 1).host = WireValues.utf8(frame, offset + prefixLength, length);
        }
    }
}
