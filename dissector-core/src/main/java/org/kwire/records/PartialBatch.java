package org.kwire.records;

/**
 * A batch cut short at the end of a records field, as Fetch responses often end when the broker fills the size
 * limit: not an error (Kafka docs "Fetch API": the client must handle a partial message at the end).
 *
 * @param offset        offset in the frame of its first byte
 * @param bytesPresent  bytes of it in the records field
 * @param bytesDeclared bytes its size field declares, 12 + batchLength; -1 when fewer than 12 bytes are present
 */
public record PartialBatch(int offset, int bytesPresent, long bytesDeclared) {
}
