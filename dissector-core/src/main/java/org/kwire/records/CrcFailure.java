package org.kwire.records;

/**
 * One checksum that does not match its bytes.
 *
 * @param offset     offset in the frame of the failing batch or message; for a message inside a compressed legacy
 *                   wrapper, of the wrapper's compressed value (the message's own offset is in the decompressed data)
 * @param baseOffset the batch's baseOffset field (v2) or the message's offset field as on the wire (legacy)
 * @param stored     checksum stored in the batch or message, unsigned 32-bit
 * @param computed   checksum computed over its bytes: CRC-32C over attributes .. end of batch (v2, KIP-98), CRC-32
 *                   over magic .. end of message (legacy, Kafka docs "Message Sets")
 * @param magic      0, 1 or 2
 */
public record CrcFailure(int offset, long baseOffset, long stored, long computed, byte magic) {
}
