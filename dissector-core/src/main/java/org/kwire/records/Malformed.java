package org.kwire.records;

/**
 * A field that runs past the bytes its batch, record or message claims, or a length that cannot be right. Internal to
 * the package (cheap, no stack trace): the decoders turn it into a {@code malformed} expert note.
 */
final class Malformed extends Exception {

    /** Offset of the field, in the bytes being read (the frame or a decompressed buffer). */
    final int offset;

    Malformed(int offset, String message) {
        super(message, null, false, false);
        this.offset = offset;
    }
}
