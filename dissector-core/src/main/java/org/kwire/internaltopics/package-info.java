/**
 * What Kafka's own records say, as the report shows it (issue 23, item 2): records Kafka writes for itself and
 * replicates like any other — transaction markers (COMMIT/ABORT control batches, KIP-98) in the data partitions, and
 * the records of its internal topics ({@code __consumer_offsets}, {@code __transaction_state},
 * {@code __cluster_metadata}) that followers, consumers and brokers fetch. Each record counts once, by its
 * (topic, partition, offset), however many fetchers carried it. The sections are kept as mergeable parts
 * ({@link org.kwire.internaltopics.InternalTopicsPart}: exact across {@code --partial}/{@code kwire merge} and
 * {@code --jobs}) and become the report's {@code internal_records}
 * ({@link org.kwire.internaltopics.InternalRecordsSummary}). Every list is bounded, with a count of what was left out.
 * Fed by {@link org.kwire.report.ReportBuilder} one exchange at a time, in capture order; not thread-safe.
 */
package org.kwire.internaltopics;
