package org.kwire.cli;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.kwire.dissect.RecordsHandler;
import org.kwire.records.RecordsDecoder;
import org.kwire.records.RecordsOptions;
import org.kwire.records.RecordsTree;

/** The records options of the commands ({@code --records}, {@code --max-decompressed}) and the decoder they make. */
final class Records {

    private Records() {
    }

    /**
     * Adds the options; {@code withValues} for commands that print trees (which always decode deep), else
     * {@code --deep} (docs/PERFORMANCE.md: what the default leaves out and what it saves).
     */
    static void addOptions(Options o, boolean withValues) {
        o.addOption(Option.builder().longOpt("max-decompressed").hasArg().argName("BYTES")
                .desc("largest decompressed size of one record batch; larger ones are noted, not decoded (default 67108864)").build());
        if (!withValues) {
            o.addOption(Option.builder().longOpt("deep")
                    .desc("decompress every record batch and walk every record: fills bytes_uncompressed and checks "
                            + "records (counts, lengths, payloads); without it every batch's header and CRC are still "
                            + "checked and record counts are exact, at a fraction of the cost").build());
        }
        if (withValues) {
            o.addOption(Option.builder().longOpt("records")
                    .desc("show record keys, values and header values; they are user data, so only sizes are shown without this").build());
            o.addOption(Option.builder().longOpt("records-max-bytes").hasArg().argName("BYTES")
                    .desc("with --records, cut each key, value and header value at BYTES (default 256)").build());
        }
    }

    /** The decoder options the command line asks for. */
    static RecordsOptions options(CommandLine cl) throws CliException {
        int maxDecompressed = Cli.intValue(cl, "max-decompressed", RecordsOptions.DEFAULT_MAX_DECOMPRESSED_BYTES);
        if (maxDecompressed < 1) {
            throw new CliException(ExitCodes.USAGE, "--max-decompressed " + maxDecompressed + ": at least 1 byte");
        }
        int maxValue = Cli.intValue(cl, "records-max-bytes", RecordsOptions.DEFAULT_MAX_VALUE_BYTES);
        try {
            return new RecordsOptions(maxDecompressed, cl.hasOption("records"), maxValue, RecordsOptions.DEFAULT_MAX_DEPTH);
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCodes.USAGE, e.getMessage());
        }
    }

    /**
     * Refuses a decompression limit the heap cannot honour: each thread that decodes record batches may hold up to
     * twice the limit while a batch decompresses (its output array doubling up to the limit), and all of them may do
     * so at once. At most half the heap goes to that, the rest to frames in flight, reassembly and the report. Checked
     * when the limit or the number of workers was given: the default workers are chosen to fit ({@link #threadsWithin}).
     *
     * @param threads       threads decoding record batches at once (workers, and the thread reading packets)
     * @param maxHeap       the JVM's largest heap, bytes ({@link Runtime#maxMemory()})
     * @param explicitLimit true if {@code --max-decompressed} was given, false if only {@code --workers} was
     * @throws CliException (usage) if {@code threads * 2 * limit} exceeds half the heap
     */
    static void checkHeap(RecordsOptions options, int threads, long maxHeap, boolean explicitLimit) throws CliException {
        long most = maxHeap / 2 / (2L * threads);
        if (options.maxDecompressedBytes() <= most) {
            return;
        }
        String heap = "the heap (" + (maxHeap >> 20) + " MiB)";
        if (explicitLimit) {
            throw new CliException(ExitCodes.USAGE, "--max-decompressed " + options.maxDecompressedBytes() + ": " + heap
                    + " can honour at most " + most + " bytes with " + threads
                    + " decoding thread(s); give a smaller limit, fewer --workers, or a larger heap (KWIRE_JAVA_OPTS=-Xmx...)");
        }
        throw new CliException(ExitCodes.USAGE, "--workers " + (threads - 1) + ": " + heap + " can give " + threads
                + " decoding threads at most " + most + " bytes of decompressed batch each, less than --max-decompressed ("
                + options.maxDecompressedBytes() + " by default); give "
                + (maxHeap / 2 / 2 >= options.maxDecompressedBytes() ? "at most --workers " + (threadsWithin(options, maxHeap) - 1) + ", " : "")
                + "a smaller --max-decompressed, or a larger heap (KWIRE_JAVA_OPTS=-Xmx...)");
    }

    /**
     * Refuses {@code --jobs} that the heap cannot give decompression room by {@link #checkHeap}'s rule: every job
     * decodes record batches on its own {@code threadsPerJob} threads (its workers and the thread reading its file),
     * all jobs at once.
     *
     * @param jobs          --jobs as given
     * @param files         the files to analyze: at most {@code min(jobs, files)} at once
     * @param threadsPerJob threads decoding record batches in each job
     * @throws CliException (usage) if {@code min(jobs, files) * threadsPerJob * 2 * limit} exceeds half the heap
     */
    static void checkJobsHeap(RecordsOptions options, int jobs, int files, int threadsPerJob, long maxHeap) throws CliException {
        int atOnce = Math.min(jobs, files);
        long threads = (long) atOnce * threadsPerJob;
        if (threads <= threadsWithin(options, maxHeap)) {
            return;
        }
        long fit = Math.max(1, threadsWithin(options, maxHeap) / threadsPerJob);
        throw new CliException(ExitCodes.USAGE, "--jobs " + jobs + (atOnce < jobs ? " (" + atOnce + " files at once)" : "")
                + ": the heap (" + (maxHeap >> 20) + " MiB) can give "
                + threads + " decoding threads (" + threadsPerJob + " per job) at most " + maxHeap / 2 / (2L * threads)
                + " bytes of decompressed batch each, less than --max-decompressed (" + options.maxDecompressedBytes()
                + (fit * threadsPerJob <= threadsWithin(options, maxHeap) ? "); give at most --jobs " + fit + ", " : "); give ")
                + "a smaller --max-decompressed, or a larger heap (KWIRE_JAVA_OPTS=-Xmx...)");
    }

    /** How many threads may decode record batches at once within the heap, by {@link #checkHeap}'s rule (at least 1). */
    static int threadsWithin(RecordsOptions options, long maxHeap) {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, maxHeap / 2 / (2L * options.maxDecompressedBytes())));
    }

    /** Tree decoding of records fields with these options. */
    static RecordsHandler handler(RecordsOptions options) {
        return new RecordsTree(new RecordsDecoder(options));
    }
}
