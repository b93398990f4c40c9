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
 * Refuses too, before any work, an output that cannot be created: a directory, or a file in a missing directory.
 */
final class OutputGuard {

    private OutputGuard() {
    }

    /**
     * @param cl      the parsed command line
     * @param inputs  the files the command reads (captures, partials, a report), as given
     * @param outputs the long names of the options that name files the command writes (e.g. {@code output})
     * @throws CliException (usage) naming the option and the file, if an output is an input; (input) naming the file,
     *                      if an output cannot be created
     */
    static void check(CommandLine cl, List<String> inputs, String... outputs) throws CliException {
        List<String> read = new ArrayList<>(inputs);
        read.addAll(InputOptions.keyLogs(cl));
        for (String option : outputs) {
            String out = cl.getOptionValue(option);
            if (out != null && !out.equals("-")) {
                writable(out);
            }
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

    /**
     * Refuses an output that cannot be created where it is named: an empty name, a directory, a file in a directory
     * that does not exist. Said before any work (a long analysis, a live capture of hours), not when its result is
     * written; in the words {@link Cli#output} and {@link Cli#why} use.
     */
    private static void writable(String out) throws CliException {
        if (out.isEmpty()) {
            throw new CliException(ExitCodes.INPUT, "cannot write '': an empty file name");
        }
        Path p = Path.of(out);
        if (Files.isDirectory(p)) {
            throw new CliException(ExitCodes.INPUT, "cannot write " + out + ": a directory");
        }
        Path parent = p.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new CliException(ExitCodes.INPUT, "cannot write " + out + ": no such directory: " + parent);
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
