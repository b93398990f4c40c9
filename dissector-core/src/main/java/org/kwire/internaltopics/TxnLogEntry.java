package org.kwire.internaltopics;

/**
 * A TransactionLog record of the transaction coordinator's log (key: transactionalId; value TransactionLogValue):
 * the state a transactional id moved to.
 *
 * @param at              where the record is
 * @param transactionalId the transactional.id
 * @param state           the value's transactionStatus by Kafka's TransactionState names (Empty, Ongoing,
 *                        PrepareCommit, PrepareAbort, CompleteCommit, CompleteAbort, Dead, PrepareEpochFence), or
 *                        {@code Unknown(N)}; {@code Deleted} for a tombstone
 * @param producerId      the value's producerId, -1 for a tombstone
 * @param producerEpoch   the value's producerEpoch, -1 for a tombstone
 * @param partitions      topic-partitions in the value's transactionPartitions, 0 if none
 */
public record TxnLogEntry(LogPlace at, String transactionalId, String state, long producerId, int producerEpoch,
                          int partitions) implements Placed {

    private static final String[] STATES = {"Empty", "Ongoing", "PrepareCommit", "PrepareAbort", "CompleteCommit",
            "CompleteAbort", "Dead", "PrepareEpochFence"};

    /** Kafka's name of a transactionStatus id (TransactionState, kafka-transaction-coordinator). */
    static String state(int id) {
        return id >= 0 && id < STATES.length ? STATES[id] : "Unknown(" + id + ")";
    }
}
