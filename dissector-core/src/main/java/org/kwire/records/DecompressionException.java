package org.kwire.records;

/** A compressed payload that could not be decompressed. Internal (no stack trace): becomes an expert note. */
final class DecompressionException extends Exception {

    /** True if the payload is refused for decompressing past the limit (a possible bomb), false if it is malformed. */
    final boolean overLimit;

    private DecompressionException(boolean overLimit, String message) {
        super(message, null, false, false);
        this.overLimit = overLimit;
    }

    static DecompressionException overLimit(int limit) {
        return new DecompressionException(true,
                "decompresses past the limit of " + limit + " bytes (maxDecompressedBytes); records not decoded");
    }

    static DecompressionException malformed(String message) {
        return new DecompressionException(false, message);
    }
}
