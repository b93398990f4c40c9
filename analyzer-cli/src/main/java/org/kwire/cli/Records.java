package org.kwire.cli;

import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.kwire.analysis.HeapRoom;
import org.kwire.dissect.RecordsHandler;
import org.kwire.records.InternalRecords;
import org.kwire.records.RecordsDecoder;
import org.kwire.records.RecordsOptions;
import org.kwire.records.RecordsTree;
import org.kwire.schema.SchemaRegistry;

import java.util.function.UnaryOperator;

/**
 * The records options of the commands ({@code --deep}, {@code --records}, {@code --records-max-bytes}; the bound
 * {@code --max-decompressed} is {@link LimitOptions}') and the decoder they make.
 */
final class Records {

    private Records() {
    }

    /**
     * Adds the options; {@code withValues} for commands that print trees (which always decode deep), else
     * {@code --deep} (docs/PERFORMANCE.md: what the default leaves out and what it saves).
     */
    static void addOptions(Options o, boolean withValues) {
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
                    .desc("with --records, cut each key, value and header value at BYTES (default "
                            + RecordsOptions.DEFAULT_MAX_VALUE_BYTES + ")").build());
        }
    }

    /**
     * Refuses {@code --jobs} that the heap cannot give decompression room by {@link HeapRoom#check}'s rule: every job
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
        if (threads <= HeapRoom.threadsWithin(options, maxHeap)) {
            return;
        }
        long fit = Math.max(1, HeapRoom.threadsWithin(options, maxHeap) / threadsPerJob);
        throw new CliException(ExitCodes.USAGE, "--jobs " + jobs + (atOnce < jobs ? " (" + atOnce + " files at once)" : "")
                + ": the heap (" + (maxHeap >> 20) + " MiB) can give "
                + threads + " decoding threads (" + threadsPerJob + " per job) at most " + maxHeap / 2 / (2L * threads)
                + " bytes of decompressed batch each, less than --max-decompressed (" + options.maxDecompressedBytes()
                + (fit * threadsPerJob <= HeapRoom.threadsWithin(options, maxHeap) ? "); give at most --jobs " + fit + ", " : "); give ")
                + "a smaller --max-decompressed, or a larger heap (KWIRE_JAVA_OPTS=-Xmx...)");
    }

    /** Tree decoding of records fields, and of PushTelemetry's metrics (KIP-714), with these options. */
    static RecordsHandler handler(RecordsOptions options) {
        return new org.kwire.telemetry.TelemetryTree(new RecordsTree(new RecordsDecoder(options)), options.maxDecompressedBytes());
    }

    /**
     * Tree decoding of records fields and of PushTelemetry's metrics (KIP-714) with these options that, with
     * {@code --records}, also shows Kafka's own records
     * by their schemas (control records; {@code __consumer_offsets}, {@code __transaction_state},
     * {@code __share_group_state}, {@code __cluster_metadata}: issue 23), at most {@code maxNodes} values per key or
     * value; {@code topicNames} names the topic ids of messages that name topics by id only.
     */
    static RecordsHandler handler(RecordsOptions options, SchemaRegistry schemas, int maxNodes,
                                  UnaryOperator<String> topicNames) {
        InternalRecords internal = new InternalRecords(schemas, options, maxNodes);
        return new org.kwire.telemetry.TelemetryTree(new RecordsTree(new RecordsDecoder(options).withInternalRecords(internal),
                topicNames), options.maxDecompressedBytes());
    }
}
