/**
 * End-to-end latency (issue 22, item 4): each record batch a Produce response gave its offsets to, paired with the
 * first consumer Fetch response that delivered it, per topic-partition ({@link PartitionLedger}); the report's
 * {@code end_to_end} section ({@link EndToEnd}), its mergeable state ({@link DeliveryPart}) and the tracker that
 * fills both from the exchanges, for the report and the metrics ({@link DeliveryTracker}). The pairing rule and its
 * bounds are {@link PartitionLedger}'s. Internal: exported to kwire's own modules only.
 * <p>
 * In, out, threads: {@link DeliveryTracker} takes the {@code ExchangeSummary}s of Produce and Fetch exchanges in
 * capture order (the report builder's or the metrics sink's thread, one at a time) and gives the section and its
 * part; it keeps batch offsets and timestamps, never the frames' buffers. Nothing here is thread-safe: each owner
 * (the report, the metrics) has its own tracker.
 */
package org.kwire.delivery;
