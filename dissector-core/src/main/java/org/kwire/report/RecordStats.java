package org.kwire.report;

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
 *                             is compressed; batches that could not be decompressed are left out)
 * @param codecs               batches per codec: none, gzip, snappy, lz4, zstd
 * @param transactionalBatches batches with the transactional flag
 * @param controlBatches       control batches (transaction markers, KRaft control records)
 */
public record RecordStats(long requests, long batches, long records, long bytesCompressed, long bytesUncompressed,
                          Map<String, Long> codecs, long transactionalBatches, long controlBatches) {
}
