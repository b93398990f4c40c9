package org.kwire.partial;

/**
 * The records of one whole RecordBatch v2 that an edge's pieces and segments leave out ({@link Elision}): the bytes
 * after the batch's 61-byte header, which the merge puts back as a {@link org.kwire.records.BatchStandIn}.
 *
 * @param fromA        the direction: sent by endpoint A of the edge
 * @param seq          TCP sequence number (32 bits) of the records' first byte
 * @param length       bytes left out: the batch's size less its header
 * @param uncompressed the batch's size with its records decompressed, as the slice's decoding found it
 *                     ({@link org.kwire.records.BatchInfo#uncompressedBytes()}; -1: not decompressed)
 */
public record ElidedRecords(boolean fromA, long seq, int length, int uncompressed) {
}
