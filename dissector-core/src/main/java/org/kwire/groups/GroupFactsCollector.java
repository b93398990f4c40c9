package org.kwire.groups;

import org.kwire.dissect.DissectionVisitor;
import org.kwire.dissect.Interpreter;
import org.kwire.dissect.WireValues;
import org.kwire.expert.ExpertItem;
import org.kwire.frame.FrameBytes;
import org.kwire.plan.FieldPlan;
import org.kwire.plan.MessagePlan;
import org.kwire.plan.PlanCache;
import org.kwire.plan.StructPlan;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Gathers the {@link GroupFacts} of one body of a group API, fed by the same interpreter pass as the report's other
 * facts ({@code org.kwire.summary.FrameSummarizer}). Fields are recognised by their path of schema names (e.g.
 * {@code Topics/Partitions/CommittedOffset}); only group APIs' bodies come here, so building the path costs nothing
 * elsewhere. Embedded {@code ConsumerProtocolAssignment} bytes (SyncGroup, protocol type {@code consumer} or not
 * named) are decoded with the bundled data schema through the same interpreter ({@link PlanCache#dataPlan}). One body
 * at a time; not thread-safe.
 */
public final class GroupFactsCollector implements DissectionVisitor {

    /** ApiKeys whose bodies carry group facts (see {@link GroupFacts}). */
    public static final Set<Integer> GROUP_APIS = Set.of(8, 9, 10, 11, 12, 13, 14, 28, 68, 76, 88);
    /** The data schema of a classic consumer's assignment bytes (kafka-clients' common/message). */
    static final String ASSIGNMENT_SCHEMA = "ConsumerProtocolAssignment";

    private final FrameBytes frame;
    private final PlanCache plans;
    /** Names of the open arrays and structs; null for the body and array elements; arrays flagged. */
    private final List<String> names = new ArrayList<>();
    private final List<Boolean> arrays = new ArrayList<>();
    private boolean broken;
    /** Decoding embedded bytes of a newer version than the bundled schema: trailing bytes are its new fields. */
    private boolean newerVersion;
    /** The {@code AssignedPartitions} of embedded assignment bytes. */
    private final List<GroupFacts.TopicPartitions> assigned = new ArrayList<>();

    private String memberId;
    private String instanceId;
    private int generation = GroupFacts.NONE;
    private String protocolType;
    private String protocolName;
    private String leader;
    private String serverAssignor;
    private int errorCode;
    private final List<String> protocols = new ArrayList<>();
    private final List<GroupFacts.Member> members = new ArrayList<>();
    private final List<GroupFacts.MemberAssignment> assignments = new ArrayList<>();
    private List<GroupFacts.TopicPartitions> assignment;
    private final List<GroupFacts.Offset> offsets = new ArrayList<>();
    private final List<GroupFacts.Coordinator> coordinators = new ArrayList<>();
    // the element being read
    private String elemMember;
    private String elemInstance;
    private List<GroupFacts.TopicPartitions> elemAssignment;
    private String group;
    private String topic;
    private String topicId;
    private int partition;
    private long offset;
    private int elemError;
    private String key;
    private int nodeId = -1;
    private String host;
    private int port = -1;
    private final List<Integer> partitions = new ArrayList<>();

    /**
     * @param frame the frame the body is in
     * @param plans compiles the embedded data schema
     */
    public GroupFactsCollector(FrameBytes frame, PlanCache plans) {
        this.frame = frame;
        this.plans = plans;
    }

    /** What the body held. */
    public GroupFacts facts() {
        return new GroupFacts(memberId, instanceId, generation, protocolType, protocolName, leader, serverAssignor,
                errorCode, protocols, members, assignments, assignment, offsets, coordinators);
    }

    /**
     * Decodes embedded {@code ConsumerProtocolAssignment} bytes (int16 version, then the struct; a version newer than
     * the bundled schemas read with the newest, as kafka-clients' ConsumerProtocol does); null if they are empty or do
     * not decode.
     */
    static List<GroupFacts.TopicPartitions> assignment(FrameBytes frame, int at, int length, PlanCache plans) {
        if (length < 2) {
            return null;
        }
        int version = (short) ((frame.get(at) & 0xff) << 8 | frame.get(at + 1) & 0xff);
        Optional<MessagePlan> plan = Optional.empty();
        for (int v = Math.min(version, 0x7fff); v >= 0 && plan.isEmpty(); v--) {
            plan = plans.dataPlan(ASSIGNMENT_SCHEMA, v);
        }
        if (plan.isEmpty()) {
            return null;
        }
        GroupFactsCollector inner = new GroupFactsCollector(frame, plans);
        inner.newerVersion = plan.get().version() < version;
        Interpreter.decode(frame, at + 2, at + length, plan.get(), inner);
        return inner.broken ? null : List.copyOf(inner.assigned);
    }

    /** The path of a field: its container's and its name (an element of a scalar array: the array's path). */
    private String path(FieldPlan field) {
        String c = container();
        if (!arrays.isEmpty() && arrays.get(arrays.size() - 1)) {
            return c;
        }
        return c.isEmpty() ? field.name() : c + "/" + field.name();
    }

    /** The names of the open arrays and structs, joined with '/'. */
    private String container() {
        StringBuilder b = new StringBuilder();
        for (String n : names) {
            if (n != null) {
                b.append(b.isEmpty() ? "" : "/").append(n);
            }
        }
        return b.toString();
    }

    @Override
    public void beginStruct(FieldPlan field, StructPlan struct, int offset, int markerLength) {
        boolean element = !arrays.isEmpty() && arrays.get(arrays.size() - 1);
        names.add(field == null || element ? null : field.name());
        arrays.add(false);
        if (element) {
            String c = container();
            if (c.endsWith("Topics/Partitions")) { // an offset API's partition
                partition = -1;
                this.offset = -1;
                elemError = 0;
            } else {
                elemMember = elemInstance = key = host = null;
                elemAssignment = null;
                nodeId = port = -1;
                elemError = 0;
                partitions.clear();
                if (c.endsWith("Topics") || c.endsWith("TopicPartitions") || c.equals("AssignedPartitions")) {
                    topic = topicId = null;
                }
            }
        }
    }

    @Override
    public void endStruct(StructPlan struct, int end) {
        names.remove(names.size() - 1);
        arrays.remove(arrays.size() - 1);
        if (arrays.isEmpty() || !arrays.get(arrays.size() - 1)) {
            return;
        }
        switch (container()) {
            case "Members" -> members.add(new GroupFacts.Member(elemMember, elemInstance));
            case "Assignments" -> assignments.add(new GroupFacts.MemberAssignment(elemMember, elemAssignment));
            case "Coordinators" -> coordinators.add(new GroupFacts.Coordinator(key, nodeId, host, port, elemError));
            case "Topics/Partitions", "Groups/Topics/Partitions" ->
                    offsets.add(new GroupFacts.Offset(group, topic, topicId, partition, offset, elemError));
            case "Assignment/TopicPartitions" -> {
                if (assignment == null) {
                    assignment = new ArrayList<>();
                }
                assignment.add(new GroupFacts.TopicPartitions(topic, topicId, partitions));
            }
            case "AssignedPartitions" -> assigned.add(new GroupFacts.TopicPartitions(topic, topicId, partitions));
            default -> {
            }
        }
    }

    @Override
    public void beginArray(FieldPlan field, int offset, int prefixLength, int count) {
        names.add(field.name());
        arrays.add(true);
        if (field.name().equals("TopicPartitions") && container().equals("Assignment/TopicPartitions") && count >= 0
                && assignment == null) {
            assignment = new ArrayList<>(); // an assignment of no partitions is one
        }
    }

    @Override
    public void endArray(FieldPlan field, int end) {
        names.remove(names.size() - 1);
        arrays.remove(arrays.size() - 1);
    }

    @Override
    public void number(FieldPlan field, int offset, long value) {
        switch (path(field)) {
            case "GenerationId", "GenerationIdOrMemberEpoch", "MemberEpoch" -> generation = (int) value;
            case "ErrorCode" -> errorCode = (int) value;
            case "NodeId" -> nodeId = (int) value;
            case "Port" -> port = (int) value;
            case "Coordinators/NodeId" -> nodeId = (int) value;
            case "Coordinators/Port" -> port = (int) value;
            case "Coordinators/ErrorCode", "Topics/Partitions/ErrorCode", "Groups/Topics/Partitions/ErrorCode" ->
                    elemError = (int) value;
            case "Topics/Partitions/PartitionIndex", "Groups/Topics/Partitions/PartitionIndex" -> partition = (int) value;
            case "Topics/Partitions/CommittedOffset", "Groups/Topics/Partitions/CommittedOffset" -> this.offset = value;
            case "Assignment/TopicPartitions/Partitions", "AssignedPartitions/Partitions" -> partitions.add((int) value);
            default -> {
            }
        }
    }

    @Override
    public void uuid(FieldPlan field, int offset, long most, long least) {
        String p = path(field);
        if (p.endsWith("TopicId") && (p.startsWith("Topics/") || p.startsWith("Groups/") || p.startsWith("Assignment/"))) {
            topicId = WireValues.kafkaUuid(most, least);
        }
    }

    @Override
    public void string(FieldPlan field, int offset, int prefixLength, int length) {
        String p = path(field);
        String v = length < 0 ? null : WireValues.utf8(frame, offset + prefixLength, length);
        switch (p) {
            case "MemberId" -> memberId = v;
            case "GroupInstanceId", "InstanceId" -> instanceId = v;
            case "ProtocolType" -> protocolType = v;
            case "ProtocolName" -> protocolName = v;
            case "Leader" -> leader = v;
            case "ServerAssignor" -> serverAssignor = v;
            case "Key", "CoordinatorKeys" -> coordinators.add(new GroupFacts.Coordinator(v, -1, null, -1, 0));
            case "Host" -> coordinators.add(new GroupFacts.Coordinator(null, nodeId, v, -1, errorCode));
            case "Protocols/Name" -> protocols.add(v);
            case "Members/MemberId", "Assignments/MemberId" -> elemMember = v;
            case "Members/GroupInstanceId" -> elemInstance = v;
            case "Coordinators/Key" -> key = v;
            case "Coordinators/Host" -> host = v;
            case "Groups/GroupId" -> group = v;
            case "Topics/Name", "Groups/Topics/Name", "AssignedPartitions/Topic" -> topic = v;
            default -> {
            }
        }
    }

    @Override
    public void bytes(FieldPlan field, int offset, int prefixLength, int length) {
        String p = path(field);
        boolean consumer = protocolType == null || protocolType.equals("consumer");
        if (consumer && p.equals("Assignments/Assignment")) {
            elemAssignment = assignment(frame, offset + prefixLength, length, plans);
        } else if (consumer && p.equals("Assignment")) {
            assignment = assignment(frame, offset + prefixLength, length, plans);
        }
    }

    @Override
    public void problem(int offset, ExpertItem item, String message) {
        broken |= !(newerVersion && item == ExpertItem.BODY_TRAILING_BYTES);
    }

    @Override
    public void end(int position) {
        // FindCoordinator v0-3 response: its NodeId and Port come around its Host
        if (!coordinators.isEmpty() && coordinators.get(coordinators.size() - 1).host() != null
                && coordinators.get(coordinators.size() - 1).key() == null) {
            GroupFacts.Coordinator c = coordinators.remove(coordinators.size() - 1);
            coordinators.add(new GroupFacts.Coordinator(null, nodeId, c.host(), port, errorCode));
        }
    }
}
