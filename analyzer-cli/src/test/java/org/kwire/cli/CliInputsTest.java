package org.kwire.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.text.VisibleText;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A seeded generator of bad command lines: for every option that takes a value (and the file arguments), values it
 * must refuse, of its kind (numbers empty, blank, huge, with letters or control characters; paths that do not exist,
 * name a directory or a file of something else, all with control characters, bidi overrides and newlines in their
 * names; words with the same), plus hostile names from {@link HostileNames}. Every run is refused with one line of
 * printable text on stderr ({@link HostileNames#assertForPeople}) that names the option (or, for a file argument,
 * the file, escaped), a non-zero exit code and no Java exception name.
 */
class CliInputsTest {

    /** What an option's value is. */
    enum Kind { NUMBER, PATH_IN, PATH_OUT, WORD }

    /**
     * An option of a command, or a file argument ({@code option} null).
     *
     * @param rest arguments that make the command valid but for this option
     */
    record Opt(String command, String option, Kind kind, List<String> rest) {
    }

    private static final Pattern JAVA = Pattern.compile("[A-Z][A-Za-z]+(Exception|Error)\\b|\\bat [a-z]+\\.[a-z]|java\\.[a-z]");
    private static final long SEED = 20;

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void everyRefusalIsOneLineNamingTheOption(@TempDir Path dir) throws IOException {
        Path capture = Files.write(Files.createDirectories(dir.resolve("in")).resolve("small.pcap"),
                NamedTraffic.pcap(NamedTraffic.connections(HostileNamesTest.EXACT), false));
        String c = capture.toString();
        Path report = dir.resolve("in/report.json");
        assertEquals(0, CliRun.of("analyze", "-o", report.toString(), c).exit());
        Path partial = dir.resolve("in/small.partial");
        assertEquals(0, CliRun.of("analyze", "--partial", "-o", partial.toString(), c).exit());
        Random random = new Random(SEED);
        HostileNames names = new HostileNames(SEED);
        Path hostile = Files.createDirectories(dir.resolve("h"));
        Path junk = Files.writeString(hostile.resolve("junk\u001b[2J\u202e\nFORGED"), "not a capture\n");
        Path aDirectory = Files.createDirectories(hostile.resolve("dir\u009b\u2066\nFORGED"));
        List<Opt> options = options(c, report.toString(), partial.toString());
        int runs = 0;
        List<String> problems = new ArrayList<>();
        for (Opt o : options) {
            List<String> values = values(o, hostile, junk, aDirectory, random, names);
            for (String v : values) {
                List<String> args = new ArrayList<>(List.of(o.command()));
                if (o.option() != null) {
                    args.add(o.option());
                }
                args.add(v);
                args.addAll(o.rest());
                String what = "seed " + SEED + ": " + VisibleText.of(String.join(" ", args));
                CliRun run = CliRun.of(args.toArray(String[]::new));
                runs++;
                String problem = problem(o, v, run);
                if (problem != null) {
                    problems.add(what + ": " + problem + ": " + VisibleText.of(run.err()));
                }
            }
        }
        assertEquals(List.of(), problems);
        assertTrue(runs > 300, runs + " runs");
    }

    /** What is wrong with the refusal of {@code v} for {@code o}, or null. */
    private static String problem(Opt o, String v, CliRun run) {
        String err = run.err();
        if (run.exit() != ExitCodes.USAGE && run.exit() != ExitCodes.INPUT) {
            return "exit " + run.exit();
        }
        try {
            HostileNames.assertForPeople("stderr", err);
        } catch (AssertionError e) {
            return e.getMessage();
        }
        if (err.split("\n", -1).length != 2 || !err.startsWith("kwire: ")) {
            return "not one kwire: line";
        }
        if (JAVA.matcher(err).find()) {
            return "a Java name";
        }
        // a file, or an interface, is named by its name
        boolean subject = o.kind() == Kind.PATH_IN || o.kind() == Kind.PATH_OUT || o.option() == null || o.option().equals("-i")
                || o.option().equals("-f");
        boolean named = o.option() != null && (err.contains(o.option() + " ") || err.contains(longName(o.option()) + " "))
                || subject && err.contains(VisibleText.of(v));
        return named ? null : "names neither the option nor the value";
    }

    /** {@code -o} is {@code --output}, ... as the commands' options spell them. */
    private static String longName(String option) {
        return switch (option) {
            case "-o" -> "--output";
            case "-w" -> "--write";
            case "-r" -> "--read";
            case "-i" -> "--interface";
            case "-f" -> "--filter";
            case "-B" -> "--buffer-size";
            default -> option;
        };
    }

    private static List<Opt> options(String capture, String report, String partial) {
        List<Opt> o = new ArrayList<>();
        List<String> cap = List.of(capture);
        for (String n : List.of("--port", "--max-frame-size", "--top", "--workers", "--jobs", "--max-decompressed",
                "--metrics-clients", "--metrics-topics", "--min-latency-ms")) {
            o.add(new Opt("analyze", n, Kind.NUMBER, cap));
        }
        o.add(new Opt("analyze", "--boundary-bytes", Kind.NUMBER, List.of("--jobs", "1", capture)));
        for (String n : List.of("--port", "--frame", "--correlation-id", "--max-nodes", "--records-max-bytes",
                "--max-frame-size", "--min-latency-ms", "--max-decompressed")) {
            o.add(new Opt("dissect", n, Kind.NUMBER, cap));
        }
        for (String n : List.of("--duration", "--report-interval", "--snaplen", "-B", "--queue-size", "--ring-size",
                "--ring-duration", "--ring-files", "--idle-timeout", "--metrics-expire", "--port", "--top")) {
            o.add(new Opt("live", n, Kind.NUMBER, n.equals("--duration") ? List.of("-i", "lo") : List.of("-i", "lo", "--duration", "1")));
        }
        o.add(new Opt("schema", "--version", Kind.NUMBER, List.of("Metadata")));
        o.add(new Opt("schema", "--api-version", Kind.NUMBER, List.of("Metadata")));
        o.add(new Opt("dissect", "-o", Kind.PATH_OUT, cap));
        for (String command : List.of("analyze", "dissect")) {
            o.add(new Opt(command, null, Kind.PATH_IN, List.of()));
            o.add(new Opt(command, "-r", Kind.PATH_IN, List.of()));
            o.add(new Opt(command, "--tls-keylog", Kind.PATH_IN, cap));
            o.add(new Opt(command, "--schemas", Kind.PATH_IN, cap));
            o.add(new Opt(command, "--format", Kind.WORD, cap));
            o.add(new Opt(command, "--api", Kind.WORD, cap));
            o.add(new Opt(command, "--connection", Kind.WORD, cap));
        }
        o.add(new Opt("analyze", "-o", Kind.PATH_OUT, cap));
        o.add(new Opt("analyze", "--metrics-file", Kind.PATH_OUT, cap));
        o.add(new Opt("analyze", "--target-kafka", Kind.WORD, cap));
        o.add(new Opt("merge", null, Kind.PATH_IN, List.of()));
        o.add(new Opt("merge", "-o", Kind.PATH_OUT, List.of(partial)));
        o.add(new Opt("merge", "--format", Kind.WORD, List.of(partial)));
        o.add(new Opt("report", null, Kind.PATH_IN, List.of()));
        o.add(new Opt("report", "-o", Kind.PATH_OUT, List.of(report)));
        o.add(new Opt("schema", null, Kind.WORD, List.of()));
        o.add(new Opt("schema", "--schemas", Kind.PATH_IN, List.of()));
        o.add(new Opt("wireshark-plugin", "-o", Kind.PATH_OUT, List.of()));
        o.add(new Opt("wireshark-plugin", "--schemas", Kind.PATH_IN, List.of("-o", "-")));
        o.add(new Opt("live", "-i", Kind.WORD, List.of("--duration", "1")));
        o.add(new Opt("live", "-f", Kind.WORD, List.of("-i", "lo", "--duration", "1")));
        o.add(new Opt("live", "--format", Kind.WORD, List.of("-i", "lo", "--duration", "1")));
        o.add(new Opt("live", "--metrics", Kind.WORD, List.of("-i", "lo", "--duration", "1")));
        o.add(new Opt("live", "--tls-keylog", Kind.PATH_IN, List.of("-i", "lo", "--duration", "1")));
        o.add(new Opt("live", "-w", Kind.PATH_OUT, List.of("-i", "lo", "--duration", "1")));
        o.add(new Opt("live", "-o", Kind.PATH_OUT, List.of("-i", "lo", "--duration", "1")));
        return o;
    }

    /** Values {@code o} must refuse: fixed ones of its kind, then two drawn for this seed. */
    private static List<String> values(Opt o, Path hostile, Path junk, Path aDirectory, Random random, HostileNames names) {
        List<String> v = new ArrayList<>();
        String name = names.next(random.nextInt(1000)).replace('/', '_').replace('\u0000', '0');
        switch (o.kind()) {
            case NUMBER -> {
                v.addAll(List.of("", "  ", "9".repeat(30), "-" + "9".repeat(30), "12abc", "1.5.5", "NaN", "\u001b[2J7\n"));
                v.add(name.replaceAll("[0-9]", "x"));
            }
            case PATH_IN -> {
                v.add(hostile.resolve("no such\u001b]0;t\u0007\u202e\nFORGED").toString());
                v.add(hostile.resolve("missing\u009b/" + name).toString());
                v.add(junk.toString());
                if (!"--schemas".equals(o.option())) {
                    v.add(aDirectory.toString());
                }
            }
            case PATH_OUT -> {
                v.add(hostile.resolve("no-dir\u001b[2J\n/out").toString());
                v.add(aDirectory.toString());
                v.add(hostile.resolve(name.substring(0, Math.min(name.length(), 40)) + "/x").toString());
            }
            case WORD -> {
                v.addAll(List.of("\u001b[2J\u202eevil\nFORGED", "x".repeat(3000) + "\u0085", name));
                if (!("schema".equals(o.command()) && o.option() == null) && !"-f".equals(o.option())) { // all APIs; all packets
                    v.add("");
                }
            }
        }
        return v;
    }
}
