package org.kwire.report;

import java.util.List;
import java.util.Map;

/**
 * One transactional producer (KIP-98), by its transactional.id, as its requests and the records delivered show it.
 *
 * @param transactionalId  the transactional.id; null for the markers of producers whose transactional.id the capture
 *                         did not show (only their producer id)
 * @param producerIds      producer ids it was given (InitProducerId responses) or used, ascending (for the unknown
 *                         transactional.id: the first 20 seen)
 * @param producerEpoch    the last producer epoch seen, -1 if none
 * @param initProducerId   InitProducerId requests
 * @param partitionsAdded  partitions named by AddPartitionsToTxn requests for it (each time): its own (v0-3), or a
 *                         broker's on its behalf (v4+, transaction.version 2, KIP-890); verify-only checks not counted
 * @param topics           topics it added partitions of or produced to, sorted (at most 20)
 * @param produceRequests  Produce requests carrying its transactional.id
 * @param producedRecords  records those requests carried
 * @param addOffsets       AddOffsetsToTxn requests (consumer offsets sent to the transaction)
 * @param offsetsCommitted partitions whose offsets its TxnOffsetCommit requests committed
 * @param groups           consumer groups of those offsets, sorted
 * @param commits          EndTxn requests with Committed = true
 * @param aborts           EndTxn requests with Committed = false
 * @param commitMarkers    COMMIT control batches of its producer ids that Fetch responses delivered
 * @param abortMarkers     ABORT control batches of its producer ids that Fetch responses delivered
 * @param errors           non-zero error codes in the responses to its requests (each occurrence)
 * @param errorCodes       occurrences per error name
 * @param firstSeen        capture time of its first request (or marker), ISO-8601 UTC
 * @param lastSeen         capture time of its last request, response or marker, ISO-8601 UTC
 */
public record TransactionStats(String transactionalId, List<Long> producerIds, int producerEpoch, long initProducerId,
                               long partitionsAdded, List<String> topics, long produceRequests, long producedRecords,
                               long addOffsets, long offsetsCommitted, List<String> groups, long commits, long aborts,
                               long commitMarkers, long abortMarkers, long errors, Map<String, Long> errorCodes,
                               String firstSeen, String lastSeen) {
}
