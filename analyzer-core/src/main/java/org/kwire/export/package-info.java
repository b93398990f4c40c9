/**
 * Exchange events: each exchange of an analysis as one JSON object, written as it completes — NDJSON, or an
 * Elasticsearch/OpenSearch bulk body ({@link org.kwire.export.EventWriter}, one more
 * {@link org.kwire.summary.ExchangeSink} of the analysis), then, given the finished report, one per rebalance and
 * leader change.
 * <p>
 * Contract. In: {@link org.kwire.summary.ExchangeSummary} values in capture order, the schemas and topic names of the
 * analysis; the report at the end. Out: UTF-8 lines on the stream given, one per exchange, rebalance and leader
 * change; the fields are docs/GUIDE.md's "Exchange events",
 * mapped for Elasticsearch in {@code docs/es-mapping.json}. Memory stays constant whatever the capture's size. Errors:
 * the stream's {@code IOException} when it fails. Thread safety: a writer is fed by one thread at a time (the
 * tracker's, which calls sinks in capture order); a caller that flushes from another thread (kwire live's timer)
 * serializes the flush with the writes.
 */
package org.kwire.export;
