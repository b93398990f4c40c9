package org.kwire.cli;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.UnrecognizedOptionException;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.kwire.analysis.ConfigException;
import org.kwire.analysis.OptionValues;
import org.kwire.analysis.Units;
import org.kwire.analysis.Why;
import org.kwire.text.VisibleText;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Option parsing shared by the sub-commands: every bad value becomes a one-line {@link CliException} (exit 2). */
final class Cli {

    private Cli() {
    }

    /**
     * Parses {@code args} against {@code options}: whole option names only (no prefixes: {@code --fram} is not
     * {@code --frame}, so a script's abbreviation cannot change meaning when an option is added).
     *
     * @throws CliException (exit code 2) one line: an unknown option with the nearest known one and where the help is,
     *                      or what else is wrong
     */
    static CommandLine parse(String command, Options options, String[] args) throws CliException {
        try {
            return DefaultParser.builder().setAllowPartialMatching(false).build().parse(options, args);
        } catch (UnrecognizedOptionException e) {
            throw new CliException(ExitCodes.USAGE, command + ": unknown option " + e.getOption()
                    + OptionNames.nearest(options, e.getOption()).map(n -> " (did you mean " + n + "?)").orElse("")
                    + "; see kwire " + command + " --help");
        } catch (ParseException e) {
            throw new CliException(ExitCodes.USAGE, command + ": " + e.getMessage());
        }
    }

    /**
     * Writes {@code kwire: LINE} on {@code err}, shown by {@link VisibleText}'s rule: one line of printable characters
     * whatever file names, option values or names from the capture it holds.
     */
    static void say(PrintStream err, String line) {
        err.println(VisibleText.of("kwire: " + line));
    }

    /** Writes {@code kwire: warning: WARNING} on {@code err}, as {@link #say} does. */
    static void warn(PrintStream err, String warning) {
        say(err, "warning: " + warning);
    }

    /**
     * Parses a command line of a command that draws no progress bar ({@code -q} refused: {@link OutputOptions#refuseQuiet});
     * with {@code -h} prints the command's help on {@code out} and returns null.
     */
    static CommandLine parseQuietless(String command, Options options, String[] args, PrintStream out, String syntax,
                                      String header) throws CliException {
        OutputOptions.refuseQuiet(command, args);
        CommandLine cl = parse(command, options, args);
        if (cl.hasOption("help")) {
            help(out, syntax, header, options);
            return null;
        }
        return cl;
    }

    static void help(PrintStream out, String syntax, String header, Options options) {
        PrintWriter w = new PrintWriter(out);
        new HelpFormatter().printHelp(w, 100, syntax, header + "\n\n", options, 2, 4, "");
        w.flush();
    }

    /** Reading of capture files, whose I/O failures {@link #readCaptures} turns into one-line errors. */
    @FunctionalInterface
    interface CaptureRead<T> {
        T run() throws IOException;
    }

    /** Runs a capture read; a missing, unreadable or invalid file becomes a {@link CliException} with exit code 3. */
    static <T> T readCaptures(CaptureRead<T> read) throws CliException {
        try {
            return read.run();
        } catch (NoSuchFileException e) {
            throw new CliException(ExitCodes.INPUT, "no such file: " + e.getFile());
        } catch (AccessDeniedException e) {
            throw new CliException(ExitCodes.INPUT, "permission denied: " + e.getFile());
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT, e.getMessage() == null ? e.toString() : e.getMessage());
        }
    }

    /**
     * Where a command writes: the file given (created or replaced), else {@code out} (left open on close).
     *
     * @throws CliException (exit code 3) if the file cannot be created
     */
    static java.io.OutputStream output(String file, PrintStream out) throws CliException {
        if (file == null) {
            return new java.io.OutputStream() {
                @Override
                public void write(int b) {
                    out.write(b);
                }

                @Override
                public void write(byte[] b, int off, int len) {
                    out.write(b, off, len);
                }

                @Override
                public void flush() {
                    out.flush();
                }

                @Override
                public void close() {
                    out.flush();
                }
            };
        }
        try {
            return new java.io.BufferedOutputStream(java.nio.file.Files.newOutputStream(Path.of(file)));
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT, "cannot write " + file + ": " + why(e));
        }
    }

    /** Why an I/O operation failed, in words ({@link Why#of}). */
    static String why(IOException e) {
        return Why.of(e);
    }

    /** A non-negative integer option, or {@code dflt} if absent. */
    static int intValue(CommandLine cl, String name, int dflt) throws CliException {
        String v = cl.getOptionValue(name);
        return v == null ? dflt : library(() -> OptionValues.nonNegative("--" + name, v));
    }

    /**
     * A size option in bytes ({@link Units#bytes}: {@code 64M}, {@code 1G}, or a plain number of {@code plainUnit}
     * bytes), or {@code dflt} if absent.
     */
    static long sizeValue(CommandLine cl, String name, long plainUnit, long dflt) throws CliException {
        String v = cl.getOptionValue(name);
        return v == null ? dflt : library(() -> Units.bytes("--" + name, v, plainUnit));
    }

    /** A duration option in whole seconds ({@link Units#seconds}: {@code 30s}, {@code 5m}, or plain seconds), or {@code dflt}. */
    static int secondsValue(CommandLine cl, String name, int dflt) throws CliException {
        String v = cl.getOptionValue(name);
        return v == null ? dflt : library(() -> Units.seconds("--" + name, v));
    }

    /** Any int32 value (a correlation_id may be negative), or {@code null} if absent. */
    static Integer int32Value(CommandLine cl, String name) throws CliException {
        String v = cl.getOptionValue(name);
        return v == null ? null : library(() -> OptionValues.integer("--" + name, v));
    }

    /** A positive integer option (at least 1), or {@code dflt} if absent. */
    static int positiveValue(CommandLine cl, String name, int dflt) throws CliException {
        int n = intValue(cl, name, dflt);
        if (n < 1) {
            throw new CliException(ExitCodes.USAGE, "--" + name + " " + cl.getOptionValue(name) + ": at least 1");
        }
        return n;
    }

    /**
     * Runs a call into the library (org.kwire.analysis): a setting it refuses ({@link ConfigException}) is a usage
     * error, an input it cannot read an input error as {@link #readCaptures} words it.
     */
    static <T> T library(CaptureRead<T> call) throws CliException {
        try {
            return readCaptures(call);
        } catch (ConfigException e) {
            throw new CliException(ExitCodes.USAGE, e.getMessage());
        }
    }

    /**
     * Refuses a run that names no capture while an option's value is an existing file: the option took the capture's
     * name as its value ({@code --client-id x.pcap}), and the run would silently read something else.
     */
    static void noCaptureSwallowed(CommandLine cl) throws CliException {
        for (org.apache.commons.cli.Option o : cl.getOptions()) {
            String v = o.getValue();
            if (v != null && o.getLongOpt() != null && !o.getLongOpt().equals("schemas") && !o.getLongOpt().equals("tls-keylog")
                    && v.matches(".*\\.(pcap|pcapng|cap|gz)$") && java.nio.file.Files.isRegularFile(java.nio.file.Path.of(v))) {
                throw new CliException(ExitCodes.USAGE, "no capture given: --" + o.getLongOpt() + " took " + v
                        + " as its value (give the option its value, then the capture)");
            }
        }
    }
}
