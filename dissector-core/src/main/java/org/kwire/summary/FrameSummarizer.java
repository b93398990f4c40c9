package org.kwire.summary;

import org.kwire.dissect.BodyProblem;
import org.kwire.dissect.DissectionVisitor;
import org.kwire.dissect.Interpreter;
import org.kwire.dissect.VisitorPair;
import org.kwire.expert.ExpertNote;
import org.kwire.expert.ExpertGroup;
import org.kwire.frame.FrameBytes;
import org.kwire.frame.KafkaFrame;
import org.kwire.groups.GroupFactsCollector;
import org.kwire.plan.MessagePlan;
import org.kwire.plan.PlanCache;
import org.kwire.records.RecordsDecoder;
import org.kwire.records.RecordsSummary;
import org.kwire.schema.Direction;
import org.kwire.telemetry.TelemetryFacts;
import org.kwire.telemetry.TelemetryFactsCollector;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Summarizes frames for reports and events: one pass of the interpreter with the fast {@link FactsCollector} (no
 * tree), record sets through the {@link RecordsDecoder}'s fast path. Topic ids named in the frames are learned into
 * the shared {@link TopicNames}. Summarizing is two steps: {@link #examine}, the costly pass over the frame, which
 * depends on nothing but the frame and may run on any thread; then {@link #summary}, which learns the frame's topic ids
 * and names topics in its problems, and must see the frames one at a time in capture order.
 */
public final class FrameSummarizer {

    /**
     * ApiKeys whose requests name topic-partitions worth counting: Produce, Fetch, ListOffsets, OffsetCommit,
     * OffsetFetch, AddPartitionsToTxn, TxnOffsetCommit.
     */
    private static final Set<Integer> PARTITION_APIS = Set.of(0, 1, 2, 8, 9, 24, 28);
    /** ApiKey of Produce, whose responses' topic-partitions are counted too: they say which partitions were answered. */
    private static final int PRODUCE = 0;
    /** ApiKey of ApiVersions, whose responses say what a broker accepts. */
    private static final int API_VERSIONS = 18;

    private final PlanCache plans;
    private final RecordsDecoder records;
    private final TopicNames topics;

    /** Gathers one frame's findings. */
    private static final class Facts implements FrameFacts {
        final RecordsDecoder decoder;
        final long packet;
        final List<FrameSummary.ErrorRef> errors = new ArrayList<>();
        final List<FrameSummary.PartitionRef> partitions = new ArrayList<>();
        final List<FrameSummary.RecordsRef> records = new ArrayList<>();
        final Set<FrameSummary.TopicRef> topicRefs = new LinkedHashSet<>();
        final List<FrameFindings.TopicIdName> topicIds = new ArrayList<>(0);

        Facts(RecordsDecoder decoder, long packet) {
            this.decoder = decoder;
            this.packet = packet;
        }

        @Override
        public void topic(String name, String topicId) {
            topicRefs.add(new FrameSummary.TopicRef(name, topicId));
        }

        @Override
        public void error(int code, String topic, String topicId, int partition) {
            errors.add(new FrameSummary.ErrorRef(code, topic, topicId, partition));
        }

        @Override
        public void partition(String topic, String topicId, int partition) {
            partitions.add(new FrameSummary.PartitionRef(topic, topicId, partition));
        }

        @Override
        public void topicId(String topicId, String name) {
            topicIds.add(new FrameFindings.TopicIdName(topicId, name));
        }

        @Override
        public void records(String topic, String topicId, int partition, FrameBytes frame, int offset, int length) {
            RecordsSummary s = decoder.decode(frame, offset, length, packet, null);
            records.add(new FrameSummary.RecordsRef(topic, topicId, partition, s));
        }
    }

    /**
     * @param plans   compiled schemas
     * @param records decodes record sets (its options set the decompression limit)
     * @param topics  where topic ids learned from frames go
     */
    public FrameSummarizer(PlanCache plans, RecordsDecoder records, TopicNames topics) {
        this.plans = plans;
        this.records = records;
        this.topics = topics;
    }

    /** The compiled schemas this summarizer decodes with. */
    public PlanCache plans() {
        return plans;
    }

    /** The topic names learned so far. */
    public TopicNames topics() {
        return topics;
    }

    /**
     * Summarizes one frame: {@link #examine} and {@link #summary} in one step.
     *
     * @param frame      the frame (possibly incomplete)
     * @param bodyOffset where its body starts (after the header)
     * @param apiKey     its API, -1 if unknown
     * @param direction  request or response
     * @param version    its API version, -1 if unknown
     * @param stream     TCP stream number, named in notes
     */
    public FrameSummary summarize(KafkaFrame frame, int bodyOffset, int apiKey, Direction direction, int version, int stream) {
        return summary(examine(frame, bodyOffset, apiKey, direction, version, null), stream);
    }

    /**
     * The costly part of summarizing: the pass over the frame's body and its record sets. Thread-safe; it reads only
     * the frame (which it does not change) and the immutable schemas. A frame the capture lost bytes of, or of an API
     * version no schema defines, is not decoded (and {@code alongside} not fed).
     *
     * @param bodyOffset where its body starts (after the header)
     * @param alongside  a visitor fed by the same interpreter pass (kwire dissect's tree), or null
     */
    public FrameFindings examine(KafkaFrame frame, int bodyOffset, int apiKey, Direction direction, int version,
                                 DissectionVisitor alongside) {
        Optional<MessagePlan> plan = apiKey < 0 ? Optional.empty() : plans.plan(apiKey, direction, version);
        if (!frame.complete() || plan.isEmpty()) {
            return FrameFindings.undecoded(frame, apiKey, version, direction);
        }
        Facts facts = new Facts(records, frame.meta().lastPacket());
        FactsCollector collector = new FactsCollector(facts);
        collector.start(frame.data(), direction == Direction.REQUEST ? PARTITION_APIS.contains(apiKey) : apiKey == PRODUCE,
                direction == Direction.RESPONSE && apiKey == API_VERSIONS);
        GroupFactsCollector group = GroupFactsCollector.GROUP_APIS.contains(apiKey)
                ? new GroupFactsCollector(frame.data(), plans) : null; // issue 22: consumer groups, in the same pass
        ClusterFactsCollector cluster = ClusterFactsCollector.wanted(apiKey, direction == Direction.RESPONSE)
                ? new ClusterFactsCollector(frame.data(), apiKey, direction == Direction.RESPONSE) : null;
        TelemetryFactsCollector telemetry = TelemetryFactsCollector.wanted(apiKey, direction == Direction.RESPONSE)
                ? new TelemetryFactsCollector(frame.data(), records.options().maxDecompressedBytes()) : null;
        Interpreter.decode(frame.data(), bodyOffset, frame.length(), plan.get(), VisitorPair.of(VisitorPair.of(
                VisitorPair.of(VisitorPair.of(collector, group), cluster), telemetry), alongside));
        MessageFacts message = group == null ? collector.message() : collector.message().withGroup(group.facts());
        List<BodyProblem> problems = new ArrayList<>(collector.problems());
        if (telemetry != null) {
            TelemetryFacts t = telemetry.facts();
            message = message.withTelemetry(t);
            if (t.push() != null && t.push().payload().problem() != null) { // its payload's problem, one note
                problems.add(new BodyProblem(t.push().payloadOffset(), t.push().payload().problem(), t.push().payload().message()));
            }
        }
        return new FrameFindings(frame, apiKey, version, direction, true, List.copyOf(facts.errors),
                List.copyOf(facts.partitions), List.copyOf(facts.records), List.copyOf(facts.topicRefs),
                List.copyOf(problems), facts.topicIds, cluster == null ? message : message.withCluster(cluster.facts()));
    }

    /**
     * The summary of an examined frame, in capture order: learns the topic ids it pairs with names, then names topics
     * in its problems with what has been learned so far.
     *
     * @param stream TCP stream number, named in notes
     */
    FrameSummary summary(FrameFindings f, int stream) {
        f.topicIds().forEach(t -> topics.learn(t.topicId(), t.name()));
        if (!f.decoded()) {
            return new FrameSummary(f.apiKey(), f.version(), f.direction(), f.frame().meta(), f.frame().complete(), false,
                    false, List.of(), List.of(), List.of(), List.of(), List.of(), MessageFacts.NONE);
        }
        if (f.problems().isEmpty() && f.records().stream().allMatch(r -> r.summary().notes().isEmpty())) {
            return new FrameSummary(f.apiKey(), f.version(), f.direction(), f.frame().meta(), true, true, false,
                    f.errors(), f.partitions(), f.records(), f.topicRefs(), List.of(), f.message());
        }
        String where = "stream " + stream + " " + plans.schemas().apiName(f.apiKey()) + " v" + f.version() + " "
                + f.direction().schemaType();
        long packet = f.frame().meta().lastPacket();
        List<ExpertNote> problems = new ArrayList<>();
        boolean malformed = false;
        for (BodyProblem p : f.problems()) {
            malformed |= p.item().group() != ExpertGroup.PROTOCOL;
            problems.add(new ExpertNote(p.item(), packet, p.offset(), where, p.message()));
        }
        for (FrameSummary.RecordsRef r : f.records()) {
            for (ExpertNote n : r.summary().notes()) {
                problems.add(n.in(where + " " + topics.display(r.topic(), r.topicId()) + "/" + r.partition()));
            }
        }
        return new FrameSummary(f.apiKey(), f.version(), f.direction(), f.frame().meta(), true, true, malformed, f.errors(),
                f.partitions(), f.records(), f.topicRefs(), List.copyOf(problems), f.message());
    }
}
