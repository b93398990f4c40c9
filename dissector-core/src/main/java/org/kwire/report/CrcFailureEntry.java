package org.kwire.report;

/**
 * A record batch (or legacy message) whose stored checksum does not match its bytes.
 *
 * @param frame      capture frame number of the Kafka frame's last packet
 * @param api        the API of the frame (Produce, Fetch, ...)
 * @param topic      topic name, or its id if no name is known
 * @param partition  partition index
 * @param baseOffset the batch's baseOffset
 * @param magic      0, 1 or 2 (v2 batches use CRC-32C, legacy messages CRC-32)
 * @param stored     the checksum in the batch, unsigned
 * @param computed   the checksum of the bytes, unsigned
 */
public record CrcFailureEntry(long frame, String api, String topic, int partition, long baseOffset, int magic, long stored,
                              long computed) {
}
