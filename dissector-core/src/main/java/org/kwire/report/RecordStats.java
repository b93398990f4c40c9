package org.kwire.report;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Map;

/**
 * Record batches of one topic-partition in one direction: what Produce requests carried, or what Fetch and ShareFetch
 * responses returned.
 *
 * @param requests             frames that carried records for the partition (Produce requests, or Fetch/ShareFetch
 *                             responses)
 * @param batches              complete batches (v2) or top-level messages (magic 0/1)
 * @param records              records in them (v2: as each batch declares; legacy: messages)
 * @param bytesCompressed      bytes of the batches as on the wire
 * @param bytesUncompressed    bytes of the batches with payloads decompressed (equal to bytesCompressed when nothing
 *                             is compressed; batches that could not be decompressed are left out); null when the
 *                             batches were decoded headers only ({@code kwire analyze} without {@code --deep}:
 *                             payloads not decompressed)
 * @param codecs               batches per codec: none, gzip, snappy, lz4, zstd
 * @param transactionalBatches batches with the transactional flag
 * @param controlBatches       control batches (transaction markers, KRaft control records)
 * @param ackedRecords         Produce only (else null, left out of the JSON): records of requests whose response
 *                             answered the partition with error code 0, i.e. really written
 * @param rejectedRecords      Produce only: records of requests whose response answered the partition with a non-zero
 *                             error code, by error name (e.g. {@code NOT_LEADER_OR_FOLLOWER})
 * @param unconfirmedRecords   Produce only: records of requests that got no response saying what became of them:
 *                             acks=0, the connection closed first (a broker closes it on a Produce version it does not
 *                             support), the capture ended, or the response was not captured whole
 */
public record RecordStats(long requests, long batches, long records, long bytesCompressed, Long bytesUncompressed,
                          Map<String, Long> codecs, long transactionalBatches, long controlBatches,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Long ackedRecords,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Long> rejectedRecords,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Long unconfirmedRecords) {
}
