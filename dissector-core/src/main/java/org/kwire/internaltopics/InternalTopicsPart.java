package org.kwire.internaltopics;

/**
 * The mergeable state of the report's {@code internal_records} (see the package's contract): each section's part.
 * Merging two parts of consecutive slices gives the part of one analysis of both. Immutable. A component null (a
 * partial written before it existed) is empty.
 *
 * @param markers       the transaction markers ({@link MarkerPart})
 * @param offsetCommits OffsetCommit records of {@code __consumer_offsets}
 * @param groupChanges  group state records of {@code __consumer_offsets}
 * @param transactions  TransactionLog records of {@code __transaction_state}
 * @param metadata      the metadata log's records the timeline shows ({@code __cluster_metadata})
 * @param unreadBatches batches of the internal topics whose records could not all be read (cut, malformed, too large)
 */
public record InternalTopicsPart(MarkerPart markers, LogPart<OffsetCommit> offsetCommits,
                                 LogPart<GroupChange> groupChanges, LogPart<TxnLogEntry> transactions,
                                 LogPart<MetadataChange> metadata, long unreadBatches) {

    /** Nothing seen. */
    public static final InternalTopicsPart NONE = new InternalTopicsPart(null, null, null, null, null, 0);

    /** Null components are empty. */
    public InternalTopicsPart {
        markers = markers == null ? MarkerPart.NONE : markers;
        offsetCommits = offsetCommits == null ? LogPart.none() : offsetCommits;
        groupChanges = groupChanges == null ? LogPart.none() : groupChanges;
        transactions = transactions == null ? LogPart.none() : transactions;
        metadata = metadata == null ? LogPart.none() : metadata;
    }

    /** This part followed by the next slice's. */
    public InternalTopicsPart merge(InternalTopicsPart later) {
        return new InternalTopicsPart(markers.merge(later.markers), offsetCommits.merge(later.offsetCommits),
                groupChanges.merge(later.groupChanges), transactions.merge(later.transactions),
                metadata.merge(later.metadata), unreadBatches + later.unreadBatches);
    }
}
