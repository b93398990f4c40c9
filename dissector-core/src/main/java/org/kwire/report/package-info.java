/**
 * The report stage: summarized exchanges in, the analysis report ({@code kwire analyze}'s) out.
 * {@link org.kwire.report.ReportBuilder} is an {@code org.kwire.summary.ExchangeSink}: fed every connection, exchange
 * and note of an analysis, it counts per API (versions, bytes, error codes, latency percentiles from an HdrHistogram
 * with 3 significant digits), per connection, client, topic and partition (record batches produced and fetched,
 * checksums), the slowest exchanges (long polls that waited in vain apart), requests and records over time, the
 * sections of {@code ReportSections} (clients, brokers' ApiVersions, transactions; upgrade readiness against a target
 * release's schemas) and TLS ({@link org.kwire.report.TlsAccumulator}), and builds a {@link org.kwire.report.Report}.
 *
 * <h2>In, out</h2>
 * In: the sink's events in capture order, then the capture's facts ({@link org.kwire.report.CaptureSummary}) at
 * {@link org.kwire.report.ReportBuilder#build}. Out: {@link org.kwire.report.Report}, a tree of records (serialized
 * with snake_case names by kwire's outputs, described by {@code docs/report.schema.json}; fields are only ever added,
 * {@code reportVersion} changes when a field's meaning does). For split analyses (rotated files, {@code --jobs}, the
 * Spark job) a builder gives its mergeable state instead, a {@link org.kwire.report.ReportPart}:
 * {@link org.kwire.report.PartMerge} merges the parts of consecutive slices (associatively) and
 * {@link org.kwire.report.PartReport} builds the report of the merge exactly as one analysis of all the files would.
 *
 * <h2>Memory, errors</h2>
 * Memory is bounded by the numbers of APIs, connections, clients, partitions, transactional ids and seconds of capture
 * (time series are rebucketed, lists cut to their limits and the rest counted), never by the number of frames. The
 * input's problems arrive as notes and become the report's {@code expert} counts and first warnings, never exceptions.
 * {@code ReportPart}s read back from outside (partial files) are checked where they are read (analyzer-cli); a latency
 * histogram that is not HdrHistogram's compressed encoding is refused with {@link java.lang.IllegalArgumentException}.
 *
 * <h2>Threads</h2>
 * A builder and its accumulators are fed by one thread (the summary stage's feeding thread). A built
 * {@link org.kwire.report.Report} and the parts are values: not changed once made.
 *
 * <h2>Rules from</h2>
 * Kafka's schemas (API names, versions, the release a readiness check targets, KIP-896's removed versions), Kafka's
 * transaction protocol (KIP-98, KIP-890), Wireshark's response time (last packet of the request to last packet of the
 * response) for latency, HdrHistogram's encoding for mergeable percentiles.
 *
 * <h2>API status</h2>
 * Internal, but for what the front door returns: {@code KafkaCapture.report} gives a {@link org.kwire.report.Report},
 * so it and the records its components are made of are part of the public API as they stand:
 * {@link org.kwire.report.CaptureSummary}, {@link org.kwire.report.ApiStats}, {@link org.kwire.report.LatencySummary},
 * {@link org.kwire.report.ErrorStats}, {@link org.kwire.report.ConnectionStats}, {@link org.kwire.report.ClientStats},
 * {@link org.kwire.report.TopicStats}, {@link org.kwire.report.PartitionStats}, {@link org.kwire.report.RecordStats},
 * {@link org.kwire.report.SlowExchange}, {@link org.kwire.report.RequestRate}, {@link org.kwire.report.TopicRate},
 * {@link org.kwire.report.TopicSeries}, {@link org.kwire.report.CrcFailureEntry},
 * {@link org.kwire.report.PartialBatchEntry}, {@link org.kwire.report.Readiness}, {@link org.kwire.report.BrokerStats},
 * {@link org.kwire.report.TransactionStats}, {@link org.kwire.report.TlsSummary},
 * {@link org.kwire.report.TlsConnectionStats} and {@link org.kwire.report.ReportFilter}, with the records nested in
 * them. Their shape is the one
 * {@code docs/report.schema.json} describes and changes only as it does. The builders, accumulators, parts and merges
 * may change without notice.
 */
package org.kwire.report;
