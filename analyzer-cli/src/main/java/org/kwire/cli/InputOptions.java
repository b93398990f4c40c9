package org.kwire.cli;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.kwire.analysis.AnalysisRun;
import org.kwire.schema.SchemaRegistry;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * What a command reads besides its arguments, defined once for every command: {@code -r FILE} (captures, as tshark
 * names them), {@code --schemas DIR} (Kafka message schemas) and {@code --tls-keylog FILE} (TLS secrets); and their
 * values read. The key logs are read by the analysis ({@code org.kwire.analysis.AnalysisOption}); here they are only
 * named, for {@link OutputGuard}. Stateless.
 */
final class InputOptions {

    private InputOptions() {
    }

    /** Adds {@code -r FILE}. */
    static void read(Options o) {
        o.addOption(Option.builder("r").longOpt("read").hasArg().argName("FILE")
                .desc("read this capture (as tshark -r; same as naming it after the options); repeatable").build());
    }

    /** The captures named with {@code -r FILE}, then those named after the options, in that order. */
    static List<String> captures(CommandLine cl) {
        List<String> files = new ArrayList<>();
        String[] read = cl.getOptionValues("read");
        if (read != null) {
            files.addAll(Arrays.asList(read));
        }
        files.addAll(cl.getArgList());
        return files;
    }

    /** Adds {@code --schemas DIR}. */
    static void schemas(Options o) {
        o.addOption(Option.builder().longOpt("schemas").hasArg().argName("DIR")
                .desc("also use the Kafka message schemas (*.json) in DIR, newer than the bundled ones").build());
    }

    /**
     * The bundled schemas, with {@code --schemas DIR} merged on top when given.
     *
     * @throws CliException (input) if the folder cannot be read
     */
    static SchemaRegistry schemas(CommandLine cl) throws CliException {
        String dir = cl.getOptionValue("schemas");
        return Cli.readCaptures(() -> AnalysisRun.schemas(Optional.ofNullable(dir).map(Path::of)));
    }

    /** Adds {@code --tls-keylog FILE}. */
    static void keyLog(Options o) {
        o.addOption(Option.builder().longOpt("tls-keylog").hasArg().argName("FILE")
                .desc("decrypt TLS with the secrets of this NSS key log (SSLKEYLOGFILE format): a file, or a pipe, FIFO "
                        + "or /dev/stdin read to its end first (--tls-keylog <(cat keys)); repeatable. Secrets in "
                        + "pcapng Decryption Secrets Blocks are used without it").build());
    }

    /** The key logs named, in order (none if absent). */
    static List<String> keyLogs(CommandLine cl) {
        String[] logs = cl.getOptionValues("tls-keylog");
        return logs == null ? List.of() : List.of(logs);
    }
}
