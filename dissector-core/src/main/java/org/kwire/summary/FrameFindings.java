package org.kwire.summary;

import org.kwire.dissect.BodyProblem;
import org.kwire.frame.KafkaFrame;
import org.kwire.schema.Direction;

import java.util.List;

/**
 * What one pass of the interpreter found in a frame's body ({@link FrameSummarizer#examine}), before the frame is
 * placed in the capture's order ({@link FrameSummarizer#summary} turns it into a {@link FrameSummary}). Depends on
 * nothing but the frame and the schemas, so it may be made on any thread, and by whichever stage decodes the body
 * first (the conversation, for a response whose API it infers): the body is decoded once.
 *
 * @param frame      the frame's bytes, place and completeness
 * @param apiKey     its API, -1 if unknown
 * @param version    its API version, -1 if unknown
 * @param direction  request or response
 * @param decoded    true if its body was decoded (a known API version, every byte captured)
 * @param errors     non-zero error codes
 * @param partitions topic-partitions it names
 * @param records    its record sets
 * @param topicRefs  every topic it names
 * @param problems   the interpreter's problems, in wire order
 * @param topicIds   topic ids paired with names, in the order the frame gave them
 * @param message    its named top-level fields
 */
public record FrameFindings(KafkaFrame frame, int apiKey, int version, Direction direction, boolean decoded,
                            List<FrameSummary.ErrorRef> errors, List<FrameSummary.PartitionRef> partitions,
                            List<FrameSummary.RecordsRef> records, List<FrameSummary.TopicRef> topicRefs,
                            List<BodyProblem> problems, List<TopicIdName> topicIds, MessageFacts message) {

    /**
     * True if the body was decoded and its structure fits the frame: no problem of the malformed or truncated kind
     * (trailing bytes, unknown tags or a misplaced null are no sign that the bytes are something else).
     */
    public boolean structureFits() {
        return decoded && problems.stream().noneMatch(p -> p.item().group() == org.kwire.expert.ExpertGroup.MALFORMED
                || p.item().group() == org.kwire.expert.ExpertGroup.TRUNCATED);
    }

    /**
     * A topic id the frame pairs with a name (Metadata, DescribeTopicPartitions, CreateTopics responses...).
     *
     * @param topicId Kafka's base64 form of the uuid
     * @param name    the topic's name
     */
    public record TopicIdName(String topicId, String name) {
    }

    /** What is known of a frame whose body was not decoded (unknown API or version, or bytes lost). */
    static FrameFindings undecoded(KafkaFrame frame, int apiKey, int version, Direction direction) {
        return new FrameFindings(frame, apiKey, version, direction, false, List.of(), List.of(), List.of(), List.of(),
                List.of(), List.of(), MessageFacts.NONE);
    }
}
