package org.kwire.report;

/**
 * A batch cut short at the end of a records field, as Fetch responses do at their size limit: not an error.
 *
 * @param frame         capture frame number of the Kafka frame's last packet
 * @param api           the API of the frame
 * @param topic         topic name, or its id if no name is known
 * @param partition     partition index
 * @param bytesPresent  bytes of the batch present
 * @param bytesDeclared bytes the batch declares (12 + batchLength), -1 if its header is cut too
 */
public record PartialBatchEntry(long frame, String api, String topic, int partition, int bytesPresent, long bytesDeclared) {
}
