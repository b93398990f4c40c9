package org.kwire.report;

import java.util.List;

/**
 * One topic's record throughput, one value per bucket of its {@link TopicRate}.
 *
 * @param producedRecords records in the batches of Produce requests
 * @param producedBytes   bytes of those batches as on the wire
 * @param fetchedRecords  records in the batches of Fetch and ShareFetch responses
 * @param fetchedBytes    bytes of those batches as on the wire
 */
public record TopicSeries(List<Long> producedRecords, List<Long> producedBytes, List<Long> fetchedRecords,
                          List<Long> fetchedBytes) {
}
