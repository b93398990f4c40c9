package org.kwire.report;

import java.util.List;
import java.util.Map;

/**
 * The analysis report of one or more captures ({@code kwire analyze}); serialized with snake_case names and described
 * by {@code docs/report.schema.json}. Fields are only ever added, never renamed; {@code reportVersion} changes when
 * the meaning of a field does.
 *
 * @param reportVersion          version of this report shape (1)
 * @param capture                facts about the input
 * @param apis                   per ApiKey statistics, ascending api key
 * @param responsesWithoutRequest responses whose request was not captured and whose API is unknown
 * @param connections            per TCP connection on a watched port or recognised as Kafka, ascending stream
 * @param clients                per client address and client_id, sorted by address then client_id
 * @param topics                 per topic, sorted
 * @param partitions             per topic-partition, sorted by topic and partition
 * @param slowest                the slowest exchanges, slowest first
 * @param requestRate            requests per API over time
 * @param crcFailures            every batch whose checksum did not match (the first {@link ReportBuilder#MAX_LISTED})
 * @param crcFailuresOmitted     CRC failures beyond those listed
 * @param partialBatches         every partial trailing batch (the first {@link ReportBuilder#MAX_LISTED})
 * @param partialBatchesOmitted  partial batches beyond those listed
 * @param expert                 expert-note counts by expert item id ({@link org.kwire.expert.ExpertItem}), e.g. {@code "tcp.gap": 3}
 * @param warnings               the first warnings and errors, one line each (see {@code warningsOmitted})
 * @param warningsOmitted        warnings beyond the first {@link ReportBuilder#MAX_WARNINGS} not listed
 * @param longPollsIncluded      true if long-polls answered empty at their wait time count in latencies and
 *                               {@code slowest} ({@code --include-long-polls}); else they are only counted
 * @param readiness              clients that used API versions the target Kafka release refuses
 * @param brokers                per broker endpoint, what its ApiVersions responses said
 * @param transactions           per transactional.id, its transactions
 * @param topicRate              records and bytes per topic over time, produced and fetched (null in reports of
 *                               kwire versions before it)
 * @param tls                    TLS connections: versions, suites, certificates, alerts, decryption
 * @param filter                 the filter the report was made with (what its counts are of); null if none
 * @param consumerGroups         consumer groups: members, assignments, rebalances, committed offsets (null in reports
 *                               of kwire versions before it)
 * @param replication            Fetch by class (consumers, followers, the metadata log), followers' lag, leadership
 *                               (null in reports of kwire versions before it)
 * @param load                   who causes load: per client and API request rate, bytes, error rate and throttle time;
 *                               top talkers; throttling per broker (null in reports of kwire versions before it)
 * @param consumerLag            consumers' lag in records: per consumer client and partition at its Fetch responses,
 *                               per group and partition from its committed offset (null if the capture has neither, and
 *                               in reports of kwire versions before it)
 * @param endToEnd               per topic, produced batches and the time to their first delivery to a consumer
 *                               (null if the capture has no produced batch, and in reports of kwire versions before it)
 * @param internalRecords        what Kafka's own records said: transaction markers per producer id, ... (null if the
 *                               capture carried none, and in reports of kwire versions before it)
 * @param clientTelemetry        per client, the metrics it pushed (KIP-714 PushTelemetry) and the subscription it got
 *                               (null if the capture has neither, and in reports of kwire versions before it)
 * @param schemaRegistry         Schema Registry ids in records' keys and values, per topic and producing client
 *                               ({@code --deep} only; null if the capture has no record set, and in reports of kwire
 *                               versions before it)
 */
public record Report(int reportVersion, CaptureSummary capture, List<ApiStats> apis, long responsesWithoutRequest,
                     List<ConnectionStats> connections, List<ClientStats> clients, List<TopicStats> topics,
                     List<PartitionStats> partitions, List<SlowExchange> slowest, RequestRate requestRate,
                     List<CrcFailureEntry> crcFailures, long crcFailuresOmitted, List<PartialBatchEntry> partialBatches,
                     long partialBatchesOmitted, Map<String, Long> expert, List<String> warnings,
                     long warningsOmitted, boolean longPollsIncluded, Readiness readiness,
                     List<BrokerStats> brokers, List<TransactionStats> transactions, TopicRate topicRate,
                     TlsSummary tls, ReportFilter filter, org.kwire.groups.ConsumerGroups consumerGroups,
                     ReplicationSummary replication, LoadSummary load,
                     ConsumerLag consumerLag, org.kwire.delivery.EndToEnd endToEnd,
                     org.kwire.internaltopics.InternalRecordsSummary internalRecords,
                     ClientTelemetry clientTelemetry, SchemaIds schemaRegistry) {

    /** The version of this report shape. */
    public static final int VERSION = 1;

    /** This report, made with {@code f} (null: no filter). */
    public Report withFilter(ReportFilter f) {
        return new Report(reportVersion, capture, apis, responsesWithoutRequest, connections, clients, topics, partitions,
                slowest, requestRate, crcFailures, crcFailuresOmitted, partialBatches, partialBatchesOmitted, expert, warnings,
                warningsOmitted, longPollsIncluded, readiness, brokers, transactions, topicRate, tls, f, consumerGroups,
                replication, load, consumerLag, endToEnd, internalRecords, clientTelemetry, schemaRegistry);
    }
}
