package org.kwire.internaltopics;

import java.util.function.LongFunction;
import java.util.function.UnaryOperator;

/**
 * The report's {@code internal_records}: what Kafka's own records, as the capture carried them, say (see the
 * package's contract); null in the report when the capture carried none.
 *
 * @param transactionMarkers COMMIT/ABORT markers per producer id ({@link TransactionMarkers}); null if none
 */
public record InternalRecordsSummary(TransactionMarkers transactionMarkers) {

    /**
     * The section of a part, null if it holds nothing.
     *
     * @param names            a topic id's name (the id itself if unknown)
     * @param transactionalIds a producer id's transactional.id, or null
     */
    public static InternalRecordsSummary of(InternalTopicsPart part, UnaryOperator<String> names,
                                            LongFunction<String> transactionalIds) {
        TransactionMarkers markers = TransactionMarkers.of(part.markers(), names, transactionalIds);
        return markers == null ? null : new InternalRecordsSummary(markers);
    }
}
