package org.kwire.cli;

import org.apache.commons.cli.CommandLine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Refuses an output file that is also one of the command's inputs (a capture, a key log, a report or a partial):
 * writing it would destroy what is being read — with {@code --format ndjson} the capture is emptied before the first
 * packet is read. Checked before any work, by file identity ({@link Files#isSameFile}: links and other spellings of
 * the same path count), for outputs that exist already; {@code -} (standard input or output) is never a file here.
 */
final class OutputGuard {

    private OutputGuard() {
    }

    /**
     * @param cl      the parsed command line
     * @param inputs  the files the command reads (captures, partials, a report), as given
     * @param outputs the long names of the options that name files the command writes (e.g. {@code output})
     * @throws CliException (usage) naming the option and the file, if an output is an input
     */
    static void check(CommandLine cl, List<String> inputs, String... outputs) throws CliException {
        List<String> read = new ArrayList<>(inputs);
        String[] keyLogs = cl.getOptionValues("tls-keylog");
        if (keyLogs != null) {
            read.addAll(List.of(keyLogs));
        }
        for (String option : outputs) {
            String out = cl.getOptionValue(option);
            if (out == null || out.equals("-") || !Files.exists(Path.of(out))) {
                continue;
            }
            for (String in : read) {
                if (in.equals("-")) {
                    continue;
                }
                if (same(Path.of(out), Path.of(in))) {
                    throw new CliException(ExitCodes.USAGE, "--" + option + " " + out + ": that is also an input ("
                            + in + "); kwire would overwrite what it reads: write to another file");
                }
            }
        }
    }

    private static boolean same(Path a, Path b) {
        try {
            return Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException | SecurityException e) {
            return false; // unreadable: the command itself says so
        }
    }
}
