package org.kwire.summary;

import org.kwire.frame.FrameBytes;

/**
 * What the report keeps of a message body, as {@link FactsCollector} finds it: error codes, the topic-partitions a
 * request touches, topic ids with their names, record sets. Topics are given by name, by id (Kafka's base64 form),
 * or both; either may be null.
 */
interface FrameFacts {

    /** A non-zero error code in a response; {@code partition} is -1 above partition level, topic null at top level. */
    void error(int code, String topic, String topicId, int partition);

    /** A request names this topic-partition. */
    void partition(String topic, String topicId, int partition);

    /** A struct names a topic by name, by id, or both (any API: the filter's "exchanges naming this topic"). */
    void topic(String name, String topicId);

    /** A message pairs a topic id with its name (Metadata, DescribeTopicPartitions, CreateTopics responses, ...). */
    void topicId(String topicId, String name);

    /** A records field of this topic-partition: bytes {@code [offset, offset+length)} of the frame. */
    void records(String topic, String topicId, int partition, FrameBytes frame, int offset, int length);
}
