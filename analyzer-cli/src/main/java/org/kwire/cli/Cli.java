package org.kwire.cli;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.kwire.schema.SchemaRegistry;
import org.kwire.stream.StreamOptions;
import org.kwire.text.VisibleText;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Option parsing shared by the sub-commands: every bad value becomes a one-line {@link CliException} (exit 2). */
final class Cli {

    private Cli() {
    }

    static CommandLine parse(String command, Options options, String[] args) throws CliException {
        try {
            return new DefaultParser().parse(options, args);
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

    /**
     * Why an I/O operation failed, in words: the JDK's file exceptions carry only the file's name as their message
     * ({@code NoSuchFileException: /x/y}), which reads as no reason at all.
     */
    static String why(IOException e) {
        if (e instanceof NoSuchFileException n) {
            Path parent = n.getFile() == null ? null : Path.of(n.getFile()).toAbsolutePath().getParent();
            return parent != null && !java.nio.file.Files.isDirectory(parent) ? "no such directory: " + parent : "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.io.FileNotFoundException && e.getMessage() != null && e.getMessage().endsWith(")")
                && e.getMessage().contains(" (")) {
            String m = e.getMessage(); // "FILE (reason)"
            return m.substring(m.lastIndexOf(" (") + 2, m.length() - 1).toLowerCase(java.util.Locale.ROOT);
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }

    /** The captures named with {@code -r FILE} (tshark's habit), then those named after the options, in that order. */
    static List<String> captures(CommandLine cl) {
        List<String> files = new ArrayList<>();
        String[] read = cl.getOptionValues("read");
        if (read != null) {
            files.addAll(Arrays.asList(read));
        }
        files.addAll(cl.getArgList());
        return files;
    }

    /** The bundled schemas, with {@code --schemas DIR} merged on top when given. */
    static SchemaRegistry schemas(CommandLine cl) throws CliException {
        String dir = cl.getOptionValue("schemas");
        if (dir == null) {
            return SchemaRegistry.bundled();
        }
        if (!java.nio.file.Files.isDirectory(Path.of(dir))) {
            throw new CliException(ExitCodes.INPUT, "--schemas " + dir + ": no such directory");
        }
        try {
            return SchemaRegistry.bundled().withOverlay(Path.of(dir));
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT, "--schemas " + dir + ": " + e.getMessage());
        }
    }

    /** {@code --port} values (repeatable, comma-separated), default 9092. */
    static Set<Integer> ports(CommandLine cl) throws CliException {
        String[] values = cl.getOptionValues("port");
        if (values == null) {
            return Set.of(StreamOptions.DEFAULT_PORT);
        }
        Set<Integer> ports = new LinkedHashSet<>();
        for (String v : values) {
            for (String p : v.split(",")) {
                int n = parseInt("--port", p);
                if (n < 1 || n > 65535) {
                    throw new CliException(ExitCodes.USAGE, "--port " + p + ": not a TCP port (1-65535)");
                }
                ports.add(n);
            }
        }
        return Set.copyOf(ports);
    }

    /** API names or keys, comma-separated (null: none given, the empty set). */
    static Set<Integer> apis(SchemaRegistry schemas, String list) throws CliException {
        Set<Integer> keys = new LinkedHashSet<>();
        if (list == null) {
            return keys;
        }
        for (String name : list.split(",")) {
            int key = name.trim().matches("\\d+") ? Integer.parseInt(name.trim()) : schemas.apiKey(name);
            if (key < 0 || !schemas.apiKeys().contains(key)) {
                throw new CliException(ExitCodes.USAGE, "--api " + name + ": unknown API (kwire schema lists them)");
            }
            keys.add(key);
        }
        return keys;
    }

    /** A non-negative integer option, or {@code dflt} if absent. */
    static int intValue(CommandLine cl, String name, int dflt) throws CliException {
        String v = cl.getOptionValue(name);
        if (v == null) {
            return dflt;
        }
        int n = parseInt("--" + name, v);
        if (n < 0) {
            throw new CliException(ExitCodes.USAGE, "--" + name + " " + v + ": must not be negative");
        }
        return n;
    }

    /**
     * A duration option in milliseconds, decimals allowed ({@code 2.5}), in microseconds (a fraction of a microsecond
     * rounded up); -1 if absent.
     */
    static long millisAsMicros(CommandLine cl, String name) throws CliException {
        String v = cl.getOptionValue(name);
        if (v == null) {
            return -1;
        }
        BigDecimal ms;
        try {
            ms = new BigDecimal(v.trim());
        } catch (NumberFormatException e) {
            throw new CliException(ExitCodes.USAGE, "--" + name + " " + v + ": not a number of milliseconds");
        }
        if (ms.signum() < 0) {
            throw new CliException(ExitCodes.USAGE, "--" + name + " " + v + ": must not be negative");
        }
        BigDecimal us = ms.movePointRight(3).setScale(0, RoundingMode.CEILING);
        if (us.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new CliException(ExitCodes.USAGE, "--" + name + " " + v + ": too large");
        }
        return us.longValueExact();
    }

    /** Any int32 value (a correlation_id may be negative), or {@code null} if absent. */
    static Integer int32Value(CommandLine cl, String name) throws CliException {
        String v = cl.getOptionValue(name);
        return v == null ? null : parseInt("--" + name, v);
    }

    /** A positive integer option (at least 1), or {@code dflt} if absent. */
    static int positiveValue(CommandLine cl, String name, int dflt) throws CliException {
        int n = intValue(cl, name, dflt);
        if (n < 1) {
            throw new CliException(ExitCodes.USAGE, "--" + name + " " + cl.getOptionValue(name) + ": at least 1");
        }
        return n;
    }

    private static int parseInt(String option, String v) throws CliException {
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            if (v.trim().matches("-?[0-9]+")) {
                throw new CliException(ExitCodes.USAGE, option + " " + v + ": out of range ("
                        + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE + ")");
            }
            throw new CliException(ExitCodes.USAGE, option + " " + v + ": not a number");
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
