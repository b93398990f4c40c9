package org.kwire.internaltopics;

import org.kwire.summary.ExchangeSink;
import org.kwire.summary.ExchangeSummary;

/**
 * Feeds the report's {@code internal_records} sections from the exchanges, in capture order; its state is
 * {@link #part()}. Not thread-safe.
 */
public final class InternalTopicsAccumulator implements ExchangeSink {

    private final MarkerAccumulator markers = new MarkerAccumulator();

    @Override
    public void onExchange(ExchangeSummary e) {
        if (e.response() != null) {
            markers.response(e.response());
        }
    }

    /** The mergeable state so far. */
    public InternalTopicsPart part() {
        return new InternalTopicsPart(markers.part());
    }
}
