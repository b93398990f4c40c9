package org.kwire.summary;

import org.kwire.dissect.Interpreter;
import org.kwire.expert.ExpertNote;
import org.kwire.expert.Severity;
import org.kwire.frame.KafkaFrame;
import org.kwire.plan.MessagePlan;
import org.kwire.plan.PlanCache;
import org.kwire.records.RecordsDecoder;
import org.kwire.records.RecordsSummary;
import org.kwire.schema.Direction;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Summarizes frames for reports and events: one pass of the interpreter with the fast {@link FactsCollector} (no
 * tree), record sets through the {@link RecordsDecoder}'s fast path. Topic ids named in the frames are learned into
 * the shared {@link TopicNames}. Not thread-safe: one per analysis.
 */
public final class FrameSummarizer {

    /** ApiKeys whose requests name topic-partitions worth counting: Produce, Fetch, ListOffsets, OffsetCommit, OffsetFetch. */
    private static final Set<Integer> PARTITION_APIS = Set.of(0, 1, 2, 8, 9);

    private final PlanCache plans;
    private final RecordsDecoder records;
    private final TopicNames topics;
    private final FactsCollector collector;
    private final Facts facts = new Facts();

    /** Gathers one frame's findings. */
    private static final class Facts implements FrameFacts {
        TopicNames topics;
        RecordsDecoder decoder;
        long packet;
        final List<FrameSummary.ErrorRef> errors = new ArrayList<>();
        final List<FrameSummary.PartitionRef> partitions = new ArrayList<>();
        final List<FrameSummary.RecordsRef> records = new ArrayList<>();
        final Set<FrameSummary.TopicRef> topicRefs = new LinkedHashSet<>();

        void reset(long packet) {
            this.packet = packet;
            errors.clear();
            partitions.clear();
            records.clear();
            topicRefs.clear();
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
            topics.learn(topicId, name);
        }

        @Override
        public void records(String topic, String topicId, int partition, ByteBuffer frame, int offset, int length) {
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
        this.collector = new FactsCollector(facts);
        facts.topics = topics;
        facts.decoder = records;
    }

    /** The topic names learned so far. */
    public TopicNames topics() {
        return topics;
    }

    /**
     * Summarizes one frame.
     *
     * @param frame      the frame (possibly incomplete)
     * @param bodyOffset where its body starts (after the header)
     * @param apiKey     its API, -1 if unknown
     * @param direction  request or response
     * @param version    its API version, -1 if unknown
     * @param stream     TCP stream number, named in notes
     */
    public FrameSummary summarize(KafkaFrame frame, int bodyOffset, int apiKey, Direction direction, int version, int stream) {
        Optional<MessagePlan> plan = apiKey < 0 ? Optional.empty() : plans.plan(apiKey, direction, version);
        if (!frame.complete() || plan.isEmpty()) {
            return new FrameSummary(apiKey, version, direction, frame.meta(), frame.complete(), false, false, List.of(),
                    List.of(), List.of(), List.of(), List.of());
        }
        long packet = frame.meta().lastPacket();
        facts.reset(packet);
        collector.start(frame.bytes(), direction == Direction.REQUEST && PARTITION_APIS.contains(apiKey));
        Interpreter.decode(frame.bytes(), bodyOffset, frame.length(), plan.get(), collector);
        if (collector.problems().isEmpty() && facts.records.stream().allMatch(r -> r.summary().notes().isEmpty())) {
            return new FrameSummary(apiKey, version, direction, frame.meta(), true, true, false, List.copyOf(facts.errors),
                    List.copyOf(facts.partitions), List.copyOf(facts.records), List.copyOf(facts.topicRefs), List.of());
        }
        String where = "stream " + stream + " " + plans.schemas().apiName(apiKey) + " v" + version + " " + direction.schemaType();
        List<ExpertNote> problems = new ArrayList<>();
        boolean malformed = false;
        for (String[] p : collector.problems()) {
            boolean protocol = p[1].equals("protocol");
            malformed |= !protocol;
            problems.add(new ExpertNote(protocol ? Severity.WARNING : Severity.ERROR, p[1], packet, Long.parseLong(p[0]), where, p[2]));
        }
        for (FrameSummary.RecordsRef r : facts.records) {
            for (ExpertNote n : r.summary().notes()) {
                problems.add(new ExpertNote(n.severity(), n.group(), n.packet(), n.offset(),
                        where + " " + topics.display(r.topic(), r.topicId()) + "/" + r.partition(), n.message()));
            }
        }
        return new FrameSummary(apiKey, version, direction, frame.meta(), true, true, malformed, List.copyOf(facts.errors),
                List.copyOf(facts.partitions), List.copyOf(facts.records), List.copyOf(facts.topicRefs), List.copyOf(problems));
    }
}
