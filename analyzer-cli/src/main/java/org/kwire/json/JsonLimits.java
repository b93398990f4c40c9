package org.kwire.json;

/**
 * How much one JSON document read back may hold: its size in bytes, its JSON tokens (every name, value, and bracket
 * of an object or array: what a parsed tree's size grows with, about 45 bytes of heap each in Jackson's trees,
 * measured: docs/PERFORMANCE.md), and its nesting. A string can be as long as the document. Enforced while parsing
 * ({@link JsonInput}): reading stops at the first byte or token past a limit.
 *
 * @param maxBytes  the document's bytes at most
 * @param maxTokens its JSON tokens at most
 * @param maxDepth  arrays and objects nested at most (kwire's documents nest about 10 deep)
 */
public record JsonLimits(long maxBytes, long maxTokens, int maxDepth) {

    /** Default {@link #maxBytes}: 256 MiB. */
    public static final long DEFAULT_MAX_BYTES = 256L << 20;
    /** Default {@link #maxTokens}: 4 million (a partial of the 2 GiB bench capture has about 100 thousand). */
    public static final long DEFAULT_MAX_TOKENS = 4_000_000;
    /** {@link #maxDepth}: 64. */
    public static final int MAX_DEPTH = 64;

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

    /** The longest string: the document's size, as far as Jackson counts string lengths (an int). */
    int maxStringChars() {
        return (int) Math.min(maxBytes, Integer.MAX_VALUE - 1024);
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
