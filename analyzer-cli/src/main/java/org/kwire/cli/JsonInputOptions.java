package org.kwire.cli;

import org.kwire.analysis.Units;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.kwire.json.JsonInput;
import org.kwire.json.JsonLimits;

import java.io.IOException;
import java.io.InputStream;

/**
 * The limits of a JSON document a command reads back ({@code kwire merge}'s partials, {@code kwire report}'s report):
 * {@code --max-KIND-bytes} and {@code --max-KIND-tokens} ({@link JsonLimits}, defaults there), and standard input
 * read within them.
 */
final class JsonInputOptions {

    private JsonInputOptions() {
    }

    /** Adds {@code --max-KIND-bytes} and {@code --max-KIND-tokens}. */
    static void add(Options o, String kind) {
        o.addOption(Option.builder().longOpt("max-" + kind + "-bytes").hasArg().argName("BYTES")
                .desc("refuse a " + kind + " larger than BYTES (or 64M, 1G), or holding a string of more than a quarter of them "
                        + "(default " + Units.size(JsonLimits.DEFAULT_MAX_BYTES) + ")").build());
        o.addOption(Option.builder().longOpt("max-" + kind + "-tokens").hasArg().argName("N")
                .desc("refuse a " + kind + " of more than N JSON tokens: names, values, brackets (default "
                        + JsonLimits.DEFAULT_MAX_TOKENS + "); reading one may take twice its bytes and 64 bytes a token "
                        + "of heap: limits the heap cannot hold are refused").build());
    }

    /**
     * The reader of the options' limits.
     *
     * @throws CliException (usage) if a limit is not a number of at least 1
     */
    static JsonInput input(CommandLine cl, String kind) throws CliException {
        long bytes = Cli.sizeValue(cl, "max-" + kind + "-bytes", 1, JsonLimits.DEFAULT_MAX_BYTES);
        if (bytes < 1) {
            throw new CliException(ExitCodes.USAGE, "--max-" + kind + "-bytes " + cl.getOptionValue("max-" + kind + "-bytes")
                    + ": at least 1");
        }
        long tokens = positive(cl, "max-" + kind + "-tokens", JsonLimits.DEFAULT_MAX_TOKENS);
        JsonLimits limits = JsonLimits.defaults().with(bytes, tokens);
        long heap = Runtime.getRuntime().maxMemory();
        if ((cl.hasOption("max-" + kind + "-bytes") || cl.hasOption("max-" + kind + "-tokens")) && limits.heapNeeded() > heap) {
            throw new CliException(ExitCodes.USAGE, "--max-" + kind + "-bytes " + bytes + " and --max-" + kind + "-tokens "
                    + tokens + ": reading a " + kind + " within them may take " + (limits.heapNeeded() >> 20) + " MiB of "
                    + "heap (twice its bytes and 64 bytes a token), more than this heap's " + (heap >> 20) + " MiB; give "
                    + "smaller limits or a larger heap (KWIRE_JAVA_OPTS=-Xmx...)");
        }
        return new JsonInput(limits, kind, "--max-" + kind);
    }

    /**
     * Standard input (or another stream) read whole, within the limit of bytes (so that it can be read twice).
     *
     * @throws CliException (input) if it holds more, naming it stdin
     */
    static byte[] stdin(InputStream in, JsonInput input, String kind) throws CliException {
        long most = input.limits().maxBytes();
        try {
            byte[] b = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 16, most + 1));
            if (b.length > most) {
                throw new CliException(ExitCodes.INPUT, "stdin: longer than " + most + " bytes, the most a " + kind
                        + " may hold (--max-" + kind + "-bytes)");
            }
            return b;
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT, "stdin: cannot be read: " + Cli.why(e));
        }
    }

    /** A file's size checked before it is read: a file past the limit is refused at once. */
    static void checkSize(java.nio.file.Path file, JsonInput input, String kind, String name) throws CliException {
        try {
            if (java.nio.file.Files.isRegularFile(file) && java.nio.file.Files.size(file) > input.limits().maxBytes()) {
                throw new CliException(ExitCodes.INPUT, name + ": " + java.nio.file.Files.size(file) + " bytes, more than "
                        + input.limits().maxBytes() + ", the most a " + kind + " may hold (--max-" + kind + "-bytes)");
            }
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT, name + ": cannot be read: " + Cli.why(e));
        }
    }

    private static long positive(CommandLine cl, String name, long dflt) throws CliException {
        String v = cl.getOptionValue(name);
        if (v == null) {
            return dflt;
        }
        try {
            long n = Long.parseLong(v.trim());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new CliException(ExitCodes.USAGE, "--" + name + " " + v + ": give a whole number of at least 1");
    }
}
