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
public record InternalTopicsPart(MarkerPart markers, CommitsPart offsetCommits, GroupChangesPart groupChanges,
                                 TxnLogPart transactions, MetadataPart metadata, long unreadBatches) {

    /** Nothing seen. */
    public static final InternalTopicsPart NONE = new InternalTopicsPart(null, null, null, null, null, 0);

    /** Null components are empty. */
    public InternalTopicsPart {
        markers = markers == null ? MarkerPart.NONE : markers;
        offsetCommits = offsetCommits == null ? CommitsPart.NONE : offsetCommits;
        groupChanges = groupChanges == null ? GroupChangesPart.NONE : groupChanges;
        transactions = transactions == null ? TxnLogPart.NONE : transactions;
        metadata = metadata == null ? MetadataPart.NONE : metadata;
    }

    /** This part followed by the next slice's. */
    public InternalTopicsPart merge(InternalTopicsPart later) {
        return new InternalTopicsPart(markers.merge(later.markers), offsetCommits.merge(later.offsetCommits),
                groupChanges.merge(later.groupChanges), transactions.merge(later.transactions),
                metadata.merge(later.metadata), unreadBatches + later.unreadBatches);
    }
}
