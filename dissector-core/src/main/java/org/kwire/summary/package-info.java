/**
 * The summary stage: a conversation's frames in, summarized exchanges out to the sinks. Sits after
 * {@code org.kwire.conversation} as its {@link org.kwire.conversation.ConversationListener}:
 * {@link org.kwire.summary.ExchangeTracker} summarizes each frame once ({@link org.kwire.summary.FrameSummarizer}: one
 * pass of the interpreter with a fast visitor that builds no tree, plus the record sets through
 * {@code org.kwire.records}) and hands every completed exchange that its {@link org.kwire.summary.ExchangeFilter}
 * accepts to every {@link org.kwire.summary.ExchangeSink} (the report builder, the event writers, the front door's
 * adapters). A {@link org.kwire.summary.BodyTap} may see a body in the same pass (how {@code kwire dissect} builds a
 * tree without decoding twice).
 *
 * <h2>In, out</h2>
 * In: requests, responses, unmatched requests and notes from the conversations, in capture order. Out:
 * {@link org.kwire.summary.FrameSummary} per frame (error codes, topic-partitions, record sets, topics, problems, the
 * named top-level fields of {@link org.kwire.summary.MessageFacts}), {@link org.kwire.summary.ExchangeSummary} per
 * exchange (one side may be missing), and the notes. Topics are given by name or by id (Kafka's base64 form) as the
 * frames give them; {@link org.kwire.summary.TopicNames} learns the names the capture gives ids (Metadata,
 * DescribeTopicPartitions, CreateTopics responses) so that requests naming topics by id only (Produce and Fetch v13+)
 * can be reported by name. {@link org.kwire.summary.WaitClassifier} tells waiting from slowness (long polls, rebalance
 * timeouts).
 *
 * <h2>Errors</h2>
 * Nothing is thrown on bad bytes: a body's problems and its record sets' notes become the frame summary's
 * {@code problems}; framing and header problems pass through as notes.
 *
 * <h2>Threads</h2>
 * One thread feeds a tracker; the sinks are called on it, one event at a time, in capture order. With workers
 * ({@code new ExchangeTracker(..., workers)}), the costly part ({@link org.kwire.summary.FrameSummarizer#examine}:
 * bodies, CRCs, decompression) runs on worker threads, several frames at once, at most
 * {@link org.kwire.summary.ExchangeTracker#MAX_IN_FLIGHT} frames or
 * {@link org.kwire.summary.ExchangeTracker#MAX_IN_FLIGHT_BYTES} bytes of them waiting; the sinks still see exactly
 * what they see without workers, on the feeding thread, and {@link org.kwire.summary.ExchangeTracker#finish()} must
 * follow the last frame. {@link org.kwire.summary.FrameSummarizer#examine} depends on nothing but the frame and the
 * schemas (any thread); {@link org.kwire.summary.FrameSummarizer#summary}, {@link org.kwire.summary.TopicNames} and
 * {@link org.kwire.summary.WaitClassifier} must see the frames one at a time in capture order. Summaries are records,
 * not changed once handed on.
 *
 * <h2>Rules from</h2>
 * Kafka's message schemas (which fields name topics: {@code entityType topicName}, {@code TopicId}; error codes: int16
 * fields named {@code ...ErrorCode}; waits: {@code MaxWaitMs}, {@code RebalanceTimeoutMs}, KIP-848), KIP-511 (client
 * software in ApiVersions), KIP-584 (features), KIP-890 (AddPartitionsToTxn v4+).
 *
 * <h2>API status</h2>
 * Internal: may change without notice. One type here is named by a front-door signature:
 * {@link org.kwire.summary.ExchangeSummary}, in {@code KafkaExchange.of(ExchangeSummary, SchemaRegistry)}, the adapter
 * for code that runs kwire's pipeline itself (as pcap-reader's {@code KafkaCapture} does). It follows that pipeline,
 * with the {@code org.kwire.conversation}, {@code org.kwire.protocol} and {@code org.kwire.frame} types it holds; a
 * library user gets exchanges as {@code org.kwire.api.KafkaExchange} values instead.
 */
package org.kwire.summary;
