package org.kwire.json;

/**
 * How much one JSON document read back may hold: its size in bytes, its JSON tokens (every name, value, and bracket
 * of an object or array: what a parsed tree's size grows with, about 45 bytes of heap each in Jackson's trees,
 * measured: docs/PERFORMANCE.md), and its nesting; its longest string is a quarter of its bytes (a string of n
 * characters takes about 4n bytes of heap while it is parsed, so that a document within its limits never takes much
 * more than twice its bytes and {@link #BYTES_PER_TOKEN} per token: {@link #heapNeeded()}). Enforced while parsing
 * ({@link JsonInput}): reading stops at the first byte, token or character past a limit.
 *
 * @param maxBytes  the document's bytes at most
 * @param maxTokens its JSON tokens at most
 * @param maxDepth  arrays and objects nested at most (kwire's documents nest about 10 deep)
 */
public record JsonLimits(long maxBytes, long maxTokens, int maxDepth) {

    /** Default {@link #maxBytes}: 256 MiB. */
    public static final long DEFAULT_MAX_BYTES = 256L << 20;
    /** Default {@link #maxTokens}: 4 million (the partials of the 200 MiB bench capture cut in four have up to 380 000). */
    public static final long DEFAULT_MAX_TOKENS = 4_000_000;
    /** {@link #maxDepth}: 64. */
    public static final int MAX_DEPTH = 64;
    /** Heap a token of a tree being checked takes at most, with its share of the checks' own objects, bytes. */
    static final long BYTES_PER_TOKEN = 64;

    /** @throws IllegalArgumentException if a limit is below 1 */
    public JsonLimits {
        if (maxBytes < 1 || maxTokens < 1 || maxDepth < 1) {
            throw new IllegalArgumentException("JSON limits must be at least 1: " + maxBytes + " bytes, " + maxTokens
                    + " tokens, depth " + maxDepth);
        }
    }

    /** The defaults. */
    public static JsonLimits defaults() {
        return new JsonLimits(DEFAULT_MAX_BYTES, DEFAULT_MAX_TOKENS, MAX_DEPTH);
    }

    /** These limits with another {@link #maxBytes} and {@link #maxTokens}. */
    public JsonLimits with(long bytes, long tokens) {
        return new JsonLimits(bytes, tokens, maxDepth);
    }

    /** The longest string: a quarter of the document's size (Jackson counts string lengths in an int). */
    public int maxStringChars() {
        return (int) Math.min(Math.max(1, maxBytes / 4), Integer.MAX_VALUE - 1024);
    }

    /** The heap reading a document within these limits may take at most: twice its bytes, and its tokens' trees. */
    public long heapNeeded() {
        return 2 * maxBytes + BYTES_PER_TOKEN * maxTokens;
    }

    /** These limits as Jackson 3's parser constraints (numbers and names keep Jackson's defaults). */
    tools.jackson.core.StreamReadConstraints jackson3() {
        return tools.jackson.core.StreamReadConstraints.builder().maxDocumentLength(maxBytes).maxTokenCount(maxTokens)
                .maxNestingDepth(maxDepth).maxStringLength(maxStringChars()).build();
    }

    /** These limits as Jackson 2's parser constraints, for binding a document already checked against them. */
    public com.fasterxml.jackson.core.StreamReadConstraints jackson2() {
        return com.fasterxml.jackson.core.StreamReadConstraints.builder().maxDocumentLength(maxBytes)
                .maxTokenCount(maxTokens).maxNestingDepth(maxDepth).maxStringLength(maxStringChars()).build();
    }
}
