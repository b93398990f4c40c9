package org.kwire.report;

import org.kwire.schema.SchemaRegistry;
import org.kwire.summary.ExchangeFilter;

import java.util.List;

/**
 * The filter a report was made with ({@code --api}, {@code --topic}, {@code --client-id}, {@code --errors-only},
 * {@code --min-latency-ms}, {@code --connection}), so that a filtered report never reads as one of the whole capture.
 * Its counts (APIs, clients, topics, partitions, latencies, slowest, errors) are of the exchanges the filter kept,
 * whole: an exchange kept for one topic brings every topic it names. The {@code capture} section, the connections,
 * TLS and the warnings are of the whole capture. Absent (null) when no filter was given.
 *
 * @param apis         API names given with {@code --api}, sorted by api key
 * @param topics       topics given with {@code --topic} (ids in Kafka's base64 form), sorted
 * @param clientIds    client_ids given with {@code --client-id}, sorted
 * @param errorsOnly   {@code --errors-only}
 * @param minLatencyMs {@code --min-latency-ms}, ms; null if not given
 * @param connections  endpoints given with {@code --connection}, sorted
 */
public record ReportFilter(List<String> apis, List<String> topics, List<String> clientIds, boolean errorsOnly,
                           Double minLatencyMs, List<String> connections) {

    /** The report filter of an exchange filter; null for one that keeps everything. */
    public static ReportFilter of(ExchangeFilter f, SchemaRegistry schemas) {
        if (f.apiKeys().isEmpty() && f.topics().isEmpty() && f.clientIds().isEmpty() && !f.errorsOnly()
                && f.minLatencyMicros() < 0 && f.connections().isEmpty()) {
            return null;
        }
        return new ReportFilter(f.apiKeys().stream().sorted().map(schemas::apiName).toList(), f.topics().stream().sorted().toList(),
                f.clientIds().stream().sorted().toList(), f.errorsOnly(),
                f.minLatencyMicros() < 0 ? null : f.minLatencyMicros() / 1000.0, f.connections().stream().sorted().toList());
    }

    /** The filter as the options that gave it, e.g. {@code --topic basic-alpha --errors-only}. */
    public String options() {
        StringBuilder b = new StringBuilder();
        apis.forEach(a -> b.append(" --api ").append(a));
        topics.forEach(t -> b.append(" --topic ").append(t));
        clientIds.forEach(c -> b.append(" --client-id ").append(c));
        if (errorsOnly) {
            b.append(" --errors-only");
        }
        if (minLatencyMs != null) {
            b.append(" --min-latency-ms ").append(new java.math.BigDecimal(minLatencyMs.toString()).stripTrailingZeros().toPlainString());
        }
        connections.forEach(c -> b.append(" --connection ").append(c));
        return b.toString().trim();
    }
}
