package org.kwire.summary;

import org.kwire.dissect.BodyProblem;
import org.kwire.dissect.DissectionVisitor;
import org.kwire.dissect.WireValues;
import org.kwire.expert.ExpertItem;
import org.kwire.plan.FieldKind;
import org.kwire.plan.FieldPlan;
import org.kwire.plan.StructPlan;

import org.kwire.frame.FrameBytes;
import java.util.ArrayList;
import java.util.List;

/**
 * The report's fast visitor: builds no tree, decodes only topic names, and passes on error codes, topic-partitions,
 * topic ids and record sets. A topic is a struct's string field whose schema entityType is {@code topicName}, or its
 * uuid field {@code TopicId}; a partition is an int32 field {@code PartitionIndex}, {@code Partition},
 * {@code PartitionId} or {@code Index} (Produce), or an element of an int32 array {@code PartitionIndexes}; an error
 * is a non-zero int16 field whose name ends in {@code ErrorCode}. Errors are attributed when their struct ends, so a
 * topic's error code may precede its name (DescribeTopicPartitions does that).
 */
final class FactsCollector implements DissectionVisitor {

    private final FrameFacts sink;
    private FrameBytes frame;
    private boolean countPartitions;
    private final List<Scope> scopes = new ArrayList<>();
    private int depth;
    private final List<BodyProblem> problems = new ArrayList<>(1);
    private final MessageFactsCollector message = new MessageFactsCollector();

    /** What a struct (or, for partition-index arrays, an array) has shown so far. */
    private static final class Scope {
        String topic;
        String topicId;
        int partition;
        boolean partitionArray;
        int[] errors = new int[2];
        int errorCount;

        void reset() {
            topic = null;
            topicId = null;
            partition = -1;
            partitionArray = false;
            errorCount = 0;
        }

        void error(int code) {
            if (errorCount == errors.length) {
                errors = java.util.Arrays.copyOf(errors, errorCount * 2);
            }
            errors[errorCount++] = code;
        }
    }

    FactsCollector(FrameFacts sink) {
        this.sink = sink;
    }

    /**
     * Prepares for one frame.
     *
     * @param countPartitions report the topic-partitions this request names (Produce, Fetch, ListOffsets,
     *                        OffsetCommit, OffsetFetch, AddPartitionsToTxn, TxnOffsetCommit)
     * @param apiVersionsResponse the frame is an ApiVersions response (its ranges and features are kept)
     */
    void start(FrameBytes frame, boolean countPartitions, boolean apiVersionsResponse) {
        this.frame = frame;
        this.countPartitions = countPartitions;
        this.depth = 0;
        this.problems.clear();
        this.message.start(apiVersionsResponse);
    }

    /** The named top-level fields of the last frame. */
    MessageFacts message() {
        return message.facts();
    }

    /** Problems of the last frame as {offset, group, message}; group "protocol" is a warning, others malformed. */
    List<BodyProblem> problems() {
        return problems;
    }

    private Scope push() {
        if (depth == scopes.size()) {
            scopes.add(new Scope());
        }
        Scope s = scopes.get(depth++);
        s.reset();
        return s;
    }

    private Scope top() {
        return depth == 0 ? null : scopes.get(depth - 1);
    }

    private String topic() {
        for (int i = depth - 1; i >= 0; i--) {
            if (scopes.get(i).topic != null) {
                return scopes.get(i).topic;
            }
        }
        return null;
    }

    private String topicId() {
        for (int i = depth - 1; i >= 0; i--) {
            if (scopes.get(i).topicId != null) {
                return scopes.get(i).topicId;
            }
        }
        return null;
    }

    private int partition() {
        for (int i = depth - 1; i >= 0; i--) {
            if (scopes.get(i).partition >= 0) {
                return scopes.get(i).partition;
            }
        }
        return -1;
    }

    @Override
    public void beginStruct(FieldPlan field, StructPlan struct, int offset, int markerLength) {
        push();
        message.beginStruct();
    }

    @Override
    public void endStruct(StructPlan struct, int end) {
        Scope s = top();
        String topic = topic();
        String topicId = topicId();
        int partition = partition();
        for (int i = 0; i < s.errorCount; i++) {
            sink.error(s.errors[i], topic, topicId, partition);
        }
        if (s.topic != null && s.topicId != null) {
            sink.topicId(s.topicId, s.topic);
        }
        if (s.topic != null || s.topicId != null) {
            sink.topic(s.topic, s.topicId);
        }
        if (countPartitions && s.partition >= 0 && (topic != null || topicId != null)) {
            sink.partition(topic, topicId, s.partition);
        }
        depth--;
        message.endStruct();
    }


    @Override
    public void beginArray(FieldPlan field, int offset, int prefixLength, int count) {
        // AddPartitionsToTxn v0-3 names its partitions in an int32 array "Partitions"
        push().partitionArray = field.name().equals("PartitionIndexes")
                || field.name().equals("Partitions") && field.element() != null && field.element().kind() == FieldKind.INT32;
        message.beginArray(field);
    }

    @Override
    public void endArray(FieldPlan field, int end) {
        depth--;
        message.endArray();
    }

    @Override
    public void number(FieldPlan field, int offset, long value) {
        message.number(field, value);
        Scope s = top();
        if (s == null) {
            return;
        }
        if (s.partitionArray) {
            if (countPartitions && (topic() != null || topicId() != null)) {
                sink.partition(topic(), topicId(), (int) value);
            }
        } else if (field.kind() == FieldKind.INT16 && value != 0 && field.name().endsWith("ErrorCode")) {
            s.error((int) value);
        } else if (field.kind() == FieldKind.INT32 && isPartition(field.name())) {
            s.partition = (int) value;
        }
    }

    private static boolean isPartition(String name) {
        return name.equals("PartitionIndex") || name.equals("Partition") || name.equals("PartitionId") || name.equals("Index");
    }



    @Override
    public void uuid(FieldPlan field, int offset, long mostSignificant, long leastSignificant) {
        Scope s = top();
        if (s != null && field.name().equals("TopicId") && (mostSignificant != 0 || leastSignificant != 0)) {
            // the zero uuid is Kafka's "no topic id" (requests that name topics by name)
            s.topicId = WireValues.kafkaUuid(mostSignificant, leastSignificant);
        }
    }

    @Override
    public void bool(FieldPlan field, int offset, boolean value) {
        message.bool(field, value);
    }

    @Override
    public void string(FieldPlan field, int offset, int prefixLength, int length) {
        if (length >= 0 && message.wants(field)) {
            message.string(field, WireValues.utf8(frame, offset + prefixLength, length));
        }
        Scope s = top();
        if (s != null && length >= 0 && "topicName".equals(field.entityType()) && s.topic == null) {
            s.topic = WireValues.utf8(frame, offset + prefixLength, length);
        }
    }


    @Override
    public void records(FieldPlan field, int offset, int prefixLength, int length) {
        if (length > 0) {
            sink.records(topic(), topicId(), partition(), frame, offset + prefixLength, length);
        }
    }





    @Override
    public void problem(int offset, ExpertItem item, String message) {
        problems.add(new BodyProblem(offset, item, message));
    }
}
