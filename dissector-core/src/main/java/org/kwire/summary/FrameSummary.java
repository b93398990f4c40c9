package org.kwire.summary;

import org.kwire.expert.ExpertNote;
import org.kwire.frame.FrameInfo;
import org.kwire.records.RecordsSummary;
import org.kwire.schema.Direction;

import java.util.List;

/**
 * What reports and events keep of one Kafka frame: error codes, topic-partitions, record sets, problems. Topics are
 * given by name or id (Kafka's base64 form) or both, as the frame has them; resolve ids with {@link TopicNames}.
 *
 * @param apiKey     ApiKey, -1 if unknown (a response whose request was not captured and could not be inferred)
 * @param apiVersion API version, -1 if unknown
 * @param direction  request or response
 * @param frame      where and when it was seen; {@code frame.length()} is its declared length in bytes
 * @param complete   false if the capture lost bytes of it (then only its header was read)
 * @param decoded    true if its body was decoded (a known API version and all bytes captured)
 * @param malformed  true if its body could not be decoded although all its bytes were captured
 * @param errors     non-zero error codes (responses)
 * @param partitions topic-partitions it names (requests of Produce, Fetch, ListOffsets, OffsetCommit, OffsetFetch,
 *                   AddPartitionsToTxn, TxnOffsetCommit; Produce responses: the partitions they answer)
 * @param records    its record sets with what they hold
 * @param topics     every topic it names, in any API (distinct, in order of appearance)
 * @param problems   problems found in its body and record sets, as expert notes with frame number and offset
 * @param message    its named top-level fields (waits, group, transaction, client software, ApiVersions ranges)
 */
public record FrameSummary(int apiKey, int apiVersion, Direction direction, FrameInfo frame, boolean complete,
                           boolean decoded, boolean malformed, List<ErrorRef> errors, List<PartitionRef> partitions,
                           List<RecordsRef> records, List<TopicRef> topics, List<ExpertNote> problems,
                           MessageFacts message) {

    /**
     * A topic named by name, id, or both. {@code equals} and {@code hashCode} are the record's own rule written out
     * (the same values): the generated ones link through {@code ObjectMethods} on first use, which costs a start-up
     * more than all the calls after it (docs/PERFORMANCE.md, "Start-up against tshark").
     */
    public record TopicRef(String name, String topicId) {
        @Override
        public boolean equals(Object o) {
            return o instanceof TopicRef t && java.util.Objects.equals(name, t.name)
                    && java.util.Objects.equals(topicId, t.topicId);
        }

        @Override
        public int hashCode() {
            return 31 * java.util.Objects.hashCode(name) + java.util.Objects.hashCode(topicId);
        }
    }

    /**
     * A non-zero error code.
     *
     * @param partition -1 above partition level; topic and topicId null at top level
     */
    public record ErrorRef(int code, String topic, String topicId, int partition) {
    }

    /** A topic-partition a request names. */
    public record PartitionRef(String topic, String topicId, int partition) {
    }

    /** A record set of a topic-partition. */
    public record RecordsRef(String topic, String topicId, int partition, RecordsSummary summary) {
    }
}
