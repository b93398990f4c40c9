package org.kwire.internaltopics;

import java.util.List;

/**
 * The mergeable TransactionLog records of {@code __transaction_state} of a report part, each record once (the rule of {@link Bounded}). Immutable.
 *
 * @param entries the entries, by (topic, partition, offset)
 * @param omitted records past the bound
 */
public record TxnLogPart(List<TxnLogEntry> entries, long omitted) {

    /** None. */
    public static final TxnLogPart NONE = new TxnLogPart(List.of(), 0);

    /** A part read from an older partial without it has none. */
    public TxnLogPart {
        entries = entries == null ? List.of() : entries;
    }

    TxnLogPart(Bounded<TxnLogEntry> b) {
        this(b.entries(), b.omitted());
    }

    /** Both parts' entries, each record once, cut to the bound. */
    public TxnLogPart merge(TxnLogPart o) {
        return new TxnLogPart(new Bounded<>(entries, omitted).merge(new Bounded<>(o.entries, o.omitted)));
    }
}
