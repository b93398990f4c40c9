package org.kwire.cli;

import org.kwire.analysis.Units;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.kwire.dissect.FrameDissector;
import org.kwire.records.RecordsOptions;

/**
 * The bounds on what one frame may cost, defined once for every command that decodes captures:
 * {@code --max-frame-size} and {@code --max-decompressed} (sizes with units, read by the analysis:
 * {@code org.kwire.analysis.AnalysisOption}) and {@code --max-nodes} (read here). The bounds of JSON read back are
 * {@link JsonInputOptions}'. Defaults printed from the constants. Stateless.
 */
final class LimitOptions {

    private LimitOptions() {
    }

    /** Adds {@code --max-frame-size}. */
    static void frameSize(Options o) {
        o.addOption(Option.builder().longOpt("max-frame-size").hasArg().argName("BYTES")
                .desc("largest Kafka frame decoded, bytes or with a unit: 64M; larger ones are skipped by their size (default "
                        + Units.size(org.kwire.stream.StreamOptions.DEFAULT_MAX_FRAME) + ")").build());
    }

    /** Adds {@code --max-decompressed}. */
    static void decompressed(Options o) {
        o.addOption(Option.builder().longOpt("max-decompressed").hasArg().argName("BYTES")
                .desc("largest decompressed size of one record batch, bytes or with a unit: 64M; larger ones are noted, not "
                        + "decoded (default " + Units.size(RecordsOptions.DEFAULT_MAX_DECOMPRESSED_BYTES) + ")").build());
    }

    /** Adds {@code --max-nodes}. */
    static void nodes(Options o) {
        o.addOption(Option.builder().longOpt("max-nodes").hasArg().argName("N")
                .desc("most nodes in one frame's tree (or values in its --format values body); the rest is left out with a "
                        + "note saying how many (default " + FrameDissector.DEFAULT_MAX_NODES + ")").build());
    }

    /**
     * {@code --max-nodes}, or its default.
     *
     * @throws CliException (usage) if it is not a number of at least 1
     */
    static int nodes(CommandLine cl) throws CliException {
        return Cli.positiveValue(cl, "max-nodes", FrameDissector.DEFAULT_MAX_NODES);
    }
}
