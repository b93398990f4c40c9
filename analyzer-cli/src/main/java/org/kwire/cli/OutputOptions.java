package org.kwire.cli;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.kwire.report.Report;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a command writes and how, defined once for every command (docs/GUIDE.md, "Habits of every command"):
 * {@code -o FILE} ({@code -} is standard output), {@code --format} from the command's own list of shapes,
 * {@code -q} where a progress bar is drawn (refused in one line where none is), {@code --strict} and {@code -h}; and
 * their values read. Stateless.
 */
final class OutputOptions {

    private OutputOptions() {
    }

    /** Adds {@code -o FILE}: "write WHAT to FILE instead of stdout", then {@code more} if not empty. */
    static void output(Options o, String what, String more) {
        addOutput(o, "write " + what + " to FILE instead of stdout (- for stdout)", more);
    }

    /** Adds {@code -o FILE} to a command that cannot run without it (it writes no default place). */
    static void requiredOutput(Options o, String what, String more) {
        addOutput(o, "write " + what + " to FILE (- for stdout); required", more);
    }

    private static void addOutput(Options o, String desc, String more) {
        o.addOption(Option.builder("o").longOpt("output").hasArg().argName("FILE")
                .desc(desc + (more.isEmpty() ? "" : "; " + more)).build());
    }

    /** The file {@code -o} names, or null for standard output (absent, or {@code -}). */
    static String file(CommandLine cl) {
        String f = cl.getOptionValue("output");
        return f == null || f.equals("-") ? null : f;
    }

    /**
     * Where {@code -o} says to write ({@link Cli#output}).
     *
     * @throws CliException (exit code 3) if the file cannot be created
     */
    static OutputStream open(CommandLine cl, PrintStream out) throws CliException {
        return Cli.output(file(cl), out);
    }

    /**
     * Writes {@code text} (UTF-8) where {@code -o} says.
     *
     * @throws CliException (exit code 3) if it cannot be written
     */
    static void write(CommandLine cl, PrintStream out, String text) throws CliException {
        String file = file(cl);
        try (OutputStream o = open(cl, out)) {
            o.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } catch (java.io.IOException e) {
            throw new CliException(ExitCodes.INPUT, "cannot write " + (file == null ? "stdout" : file) + ": " + Cli.why(e));
        }
    }

    /**
     * Adds {@code --format} listing the command's shapes in order, each with its meaning (which says which is the
     * default); the names are the constants' in lower case, {@code _} as {@code -}.
     */
    static <E extends Enum<E>> void format(Options o, Map<E, String> shapes) {
        List<String> each = new ArrayList<>();
        shapes.forEach((shape, meaning) -> each.add(name(shape) + ": " + meaning));
        o.addOption(Option.builder().longOpt("format").hasArg().argName("FORMAT").desc(String.join("; ", each)).build());
    }

    /**
     * The shape {@code --format} names, or {@code dflt} if absent.
     *
     * @throws CliException (usage) naming the command's shapes, if it names another
     */
    static <E extends Enum<E>> E format(CommandLine cl, Map<E, String> shapes, E dflt) throws CliException {
        String given = cl.getOptionValue("format");
        if (given == null) {
            return dflt;
        }
        for (E shape : shapes.keySet()) {
            if (name(shape).equals(given.toLowerCase(Locale.ROOT))) {
                return shape;
            }
        }
        List<String> names = new ArrayList<>();
        shapes.keySet().forEach(s -> names.add(name(s)));
        String last = names.remove(names.size() - 1);
        throw new CliException(ExitCodes.USAGE, "--format " + given + ": use " + (names.isEmpty() ? last
                : String.join(", ", names) + " or " + last));
    }

    /** A shape's name as {@code --format} takes it: {@code ES_BULK} is {@code es-bulk}. */
    static String name(Enum<?> shape) {
        return shape.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Adds {@code -q}: "no progress bar", after {@code when} if not empty ({@code with -o}). */
    static void quiet(Options o, String when) {
        o.addOption(Option.builder("q").longOpt("quiet").desc((when.isEmpty() ? "" : when + ": ") + "no progress bar").build());
    }

    /**
     * Refuses {@code -q} in a command that draws no progress bar (it would do nothing), before the options are parsed,
     * in one line rather than commons-cli's "Unrecognized option".
     */
    static void refuseQuiet(String command, String[] args) throws CliException {
        for (String a : args) {
            if (a.equals("--")) {
                return;
            }
            if (a.equals("-q") || a.equals("--quiet")) {
                throw new CliException(ExitCodes.USAGE, command + ": " + a + " does nothing here: " + command
                        + " draws no progress bar (leave it out)");
            }
        }
    }

    /** Adds {@code --strict}. */
    static void strict(Options o) {
        o.addOption(Option.builder().longOpt("strict").desc("exit with code 4 if the report has warnings").build());
    }

    /** The exit code of a command that wrote this report: {@link ExitCodes#WARNINGS} under {@code --strict} if it has any. */
    static int exitCode(CommandLine cl, Report r) {
        return cl.hasOption("strict") && !r.warnings().isEmpty() ? ExitCodes.WARNINGS : ExitCodes.OK;
    }

    /** Adds {@code -h}. */
    static void help(Options o) {
        o.addOption(Option.builder("h").longOpt("help").desc("show this help").build());
    }
}
