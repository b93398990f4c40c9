package org.kwire.records;

import org.kwire.expert.ExpertItem;

/** A compressed payload that could not be decompressed. Internal (no stack trace): becomes an expert note. */
final class DecompressionException extends Exception {

    /**
     * The note it becomes: {@code decompression_limit} for a payload refused for decompressing past the limit (a
     * possible bomb), {@code codec_unavailable} when its codec's library is not on the class path,
     * {@code compression_malformed} for a malformed one.
     */
    final ExpertItem item;

    private DecompressionException(ExpertItem item, String message) {
        super(message, null, false, false);
        this.item = item;
    }

    static DecompressionException overLimit(int limit) {
        return new DecompressionException(ExpertItem.RECORDS_DECOMPRESSION_LIMIT,
                "decompresses past the limit of " + limit + " bytes (maxDecompressedBytes); records not decoded");
    }

    static DecompressionException malformed(String message) {
        return new DecompressionException(ExpertItem.RECORDS_COMPRESSION_MALFORMED, message);
    }

    /** The codec's library (an optional dependency of dissector-core), named by its Maven coordinates, is absent. */
    static DecompressionException unavailable(Codec codec, String artifact) {
        return new DecompressionException(ExpertItem.RECORDS_CODEC_UNAVAILABLE, "not decoded: " + artifact
                + " is not on the class path (an optional dependency of dissector-core: add it to decode "
                + codec.label() + " payloads)");
    }
}
