package org.kwire.internaltopics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * The report's {@code internal_records.transaction_log}: what the transaction coordinator's log
 * ({@code __transaction_state}) said, per transactional id: its state transitions in log order.
 *
 * @param transactionalIds per transactional id, sorted
 * @param omitted          TransactionLog records past the bound ({@link Bounded#MAX_ENTRIES} in all)
 */
public record TransactionLog(List<TransactionalId> transactionalIds, long omitted) {

    /**
     * One transactional id.
     *
     * @param transactionalId the transactional.id
     * @param state           the state its last record left
     * @param producerId      the producer id of its last record
     * @param producerEpoch   the producer epoch of its last record
     * @param transitions     its records, in log order
     */
    public record TransactionalId(String transactionalId, String state, long producerId, int producerEpoch,
                                  List<Transition> transitions) {
    }

    /**
     * One TransactionLog record.
     *
     * @param logPartition  the {@code __transaction_state} partition
     * @param logOffset     its offset there
     * @param time          the record's timestamp, ISO-8601 UTC
     * @param state         the state (Kafka's TransactionState names; Deleted for a tombstone)
     * @param producerId    the value's producerId
     * @param producerEpoch the value's producerEpoch
     * @param partitions    topic-partitions in the transaction
     */
    public record Transition(int logPartition, long logOffset, String time, String state, long producerId,
                             int producerEpoch, int partitions) {
    }

    /** The section of the part, null if it holds no record. */
    static TransactionLog of(TxnLogPart part, UnaryOperator<String> names) {
        List<TxnLogEntry> entries = Places.resolved(part.entries(), names, TxnLogEntry::at, "__transaction_state");
        if (entries.isEmpty()) {
            return null;
        }
        Map<String, List<Transition>> byId = new TreeMap<>();
        for (TxnLogEntry e : entries) {
            byId.computeIfAbsent(e.transactionalId(), k -> new ArrayList<>()).add(new Transition(e.at().partition(),
                    e.at().offset(), e.at().time(), e.state(), e.producerId(), e.producerEpoch(), e.partitions()));
        }
        List<TransactionalId> out = new ArrayList<>();
        byId.forEach((id, list) -> {
            Transition last = list.get(list.size() - 1);
            out.add(new TransactionalId(id, last.state(), last.producerId(), last.producerEpoch(), List.copyOf(list)));
        });
        return new TransactionLog(List.copyOf(out), part.omitted());
    }
}
