/**
 * What Kafka's own records say, as the report shows it (issue 23, item 2): records Kafka writes for itself and
 * replicates like any other — transaction markers (COMMIT/ABORT control batches, KIP-98) in the data partitions, and
 * the records of its internal topics ({@code __consumer_offsets}, {@code __transaction_state},
 * {@code __cluster_metadata}) that followers, consumers and brokers fetch (responses only: Kafka appends to these logs
 * itself, no client produces to them).
 * <p>
 * Flow: {@link org.kwire.internaltopics.InternalTopicsAccumulator} is fed by {@link org.kwire.report.ReportBuilder}
 * one exchange and response frame at a time, in capture order. Markers come from the records stage's batch facts
 * ({@link org.kwire.records.BatchInfo#controlType()}, {@link org.kwire.records.BatchInfo#coordinatorEpoch()}); the
 * internal topics' batches are read from the frame ({@link org.kwire.records.BatchRecords}) and decoded by the record
 * schemas bundled from the Kafka artifacts ({@link org.kwire.records.InternalRecords}), then turned into typed entries
 * ({@code LogEntries}: {@link org.kwire.internaltopics.OffsetCommit}, {@link org.kwire.internaltopics.GroupChange},
 * {@link org.kwire.internaltopics.TxnLogEntry}, {@link org.kwire.internaltopics.MetadataChange}). Each record counts
 * once, by its (topic, partition, offset) ({@link org.kwire.internaltopics.LogPlace}), however many fetchers carried
 * it. The state is a mergeable part ({@link org.kwire.internaltopics.InternalTopicsPart}: exact across
 * {@code --partial}/{@code kwire merge} and {@code --jobs}, docs/PARTIAL.md) that becomes the report's
 * {@code internal_records} ({@link org.kwire.internaltopics.InternalRecordsSummary}) when the report is built, with the
 * topic names and transactional ids every slice learned.
 * <p>
 * Bounds: every list at most 10,000 entries with a count of what was left out; batches decompress to at most
 * {@code --max-decompressed}; records whose schema does not decode and batches not read whole get expert notes and are
 * counted. Not thread-safe.
 */
package org.kwire.internaltopics;
