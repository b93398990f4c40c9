package org.kwire.analysis;

import org.kwire.records.RecordsOptions;

/**
 * Room in the heap for decompressing record batches: each thread that decodes record batches may hold up to twice
 * the limit ({@link RecordsOptions#maxDecompressedBytes()}) while a batch decompresses (its output array doubling up
 * to the limit), and all of them may do so at once. At most half the heap goes to that, the rest to frames in flight,
 * reassembly and the report. Stateless.
 */
public final class HeapRoom {

    private HeapRoom() {
    }

    /**
     * Refuses a decompression limit the heap cannot honour. Checked when the limit or the number of workers was
     * given: the default workers are chosen to fit ({@link #threadsWithin}).
     *
     * @param threads       threads decoding record batches at once (workers, and the thread reading packets)
     * @param maxHeap       the JVM's largest heap, bytes ({@link Runtime#maxMemory()})
     * @param explicitLimit true if {@code --max-decompressed} was given, false if only {@code --workers} was
     * @throws ConfigException if {@code threads * 2 * limit} exceeds half the heap
     */
    public static void check(RecordsOptions options, int threads, long maxHeap, boolean explicitLimit) {
        check(options, threads, 1, maxHeap, explicitLimit);
    }

    /**
     * {@link #check(RecordsOptions, int, long, boolean)} for {@code threads} decoding threads of which
     * {@code streamThreads} are stream threads (each may decode a frame whose API it infers; the others are workers).
     */
    public static void check(RecordsOptions options, int threads, int streamThreads, long maxHeap, boolean explicitLimit) {
        long most = maxHeap / 2 / (2L * threads);
        if (options.maxDecompressedBytes() <= most) {
            return;
        }
        String heap = "the heap (" + (maxHeap >> 20) + " MiB)";
        if (explicitLimit) {
            throw new ConfigException("--max-decompressed " + options.maxDecompressedBytes() + ": " + heap
                    + " can honour at most " + most + " bytes with " + threads
                    + " decoding thread(s); give a smaller limit, fewer --workers, or a larger heap (KWIRE_JAVA_OPTS=-Xmx...)");
        }
        String given = "--workers " + (threads - streamThreads)
                + (streamThreads > 1 ? " with --stream-threads " + streamThreads : "");
        throw new ConfigException(given + ": " + heap + " can give " + threads
                + " decoding threads at most " + most + " bytes of decompressed batch each, less than --max-decompressed ("
                + options.maxDecompressedBytes() + " by default); give "
                + (maxHeap / 2 / 2 >= options.maxDecompressedBytes() ? "at most --workers " + Math.max(0, threadsWithin(options, maxHeap) - streamThreads) + ", " : "")
                + "a smaller --max-decompressed, or a larger heap (KWIRE_JAVA_OPTS=-Xmx...)");
    }

    /** How many threads may decode record batches at once within the heap, by {@link #check}'s rule (at least 1). */
    public static int threadsWithin(RecordsOptions options, long maxHeap) {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, maxHeap / 2 / (2L * options.maxDecompressedBytes())));
    }
}
