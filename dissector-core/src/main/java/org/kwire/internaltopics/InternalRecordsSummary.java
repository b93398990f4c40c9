package org.kwire.internaltopics;

import java.util.function.LongFunction;
import java.util.function.UnaryOperator;

/**
 * The report's {@code internal_records}: what Kafka's own records, as the capture carried them, say (see the
 * package's contract); null in the report when the capture carried none. Each section null when it has nothing.
 *
 * @param transactionMarkers COMMIT/ABORT markers per producer id ({@link TransactionMarkers})
 * @param offsetCommits      the group coordinator's log ({@link OffsetCommits})
 * @param transactionLog     the transaction coordinator's log ({@link TransactionLog})
 * @param metadataLog        the KRaft metadata log ({@link MetadataLog})
 * @param unreadBatches      batches of the internal topics whose records could not all be read (cut short,
 *                           malformed, or past --max-decompressed)
 */
public record InternalRecordsSummary(TransactionMarkers transactionMarkers, OffsetCommits offsetCommits,
                                     TransactionLog transactionLog, MetadataLog metadataLog, long unreadBatches) {

    /**
     * The section of a part, null if it holds nothing.
     *
     * @param names            a topic id's name (the id itself if unknown)
     * @param transactionalIds a producer id's transactional.id, or null
     */
    public static InternalRecordsSummary of(InternalTopicsPart part, UnaryOperator<String> names,
                                            LongFunction<String> transactionalIds) {
        TransactionMarkers markers = TransactionMarkers.of(part.markers(), names, transactionalIds);
        OffsetCommits commits = OffsetCommits.of(part.offsetCommits(), part.groupChanges(), names);
        TransactionLog transactions = TransactionLog.of(part.transactions(), names);
        MetadataLog metadata = MetadataLog.of(part.metadata(), names);
        if (markers == null && commits == null && transactions == null && metadata == null && part.unreadBatches() == 0) {
            return null;
        }
        return new InternalRecordsSummary(markers, commits, transactions, metadata, part.unreadBatches());
    }
}
