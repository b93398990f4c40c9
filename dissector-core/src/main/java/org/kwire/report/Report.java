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
 * @param clients                per client_id, sorted
 * @param topics                 per topic, sorted
 * @param partitions             per topic-partition, sorted by topic and partition
 * @param slowest                the slowest exchanges, slowest first
 * @param requestRate            requests per API over time
 * @param crcFailures            every batch whose checksum did not match (the first {@link ReportBuilder#MAX_LISTED})
 * @param crcFailuresOmitted     CRC failures beyond those listed
 * @param partialBatches         every partial trailing batch (the first {@link ReportBuilder#MAX_LISTED})
 * @param partialBatchesOmitted  partial batches beyond those listed
 * @param expert                 expert-note counts by {@code severity/group}, e.g. {@code "warning/sequence": 3}
 * @param warnings               the first warnings and errors, one line each (see {@code warningsOmitted})
 * @param warningsOmitted        warnings beyond the first {@link ReportBuilder#MAX_WARNINGS} not listed
 * @param tls                    TLS connections: versions, suites, certificates, alerts, decryption
 */
public record Report(int reportVersion, CaptureSummary capture, List<ApiStats> apis, long responsesWithoutRequest,
                     List<ConnectionStats> connections, List<ClientStats> clients, List<TopicStats> topics,
                     List<PartitionStats> partitions, List<SlowExchange> slowest, RequestRate requestRate,
                     List<CrcFailureEntry> crcFailures, long crcFailuresOmitted, List<PartialBatchEntry> partialBatches,
                     long partialBatchesOmitted, Map<String, Long> expert, List<String> warnings,
                     long warningsOmitted, TlsSummary tls) {

    /** The version of this report shape. */
    public static final int VERSION = 1;
}
