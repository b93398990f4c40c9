package org.kwire.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Real captures split as tcpdump and dumpcap rotate files: Wireshark's {@code editcap -c N} (a new file every N
 * packets), and tshark as the second opinion on which TCP connections cross a file boundary. Both come with Debian's
 * {@code tshark} and {@code wireshark-common}, which {@code .ci/run} installs.
 */
final class Splits {

    private Splits() {
    }

    /** The files {@code editcap -c chunk} makes of a capture, in name (= time) order. */
    static List<Path> split(Path capture, int chunk, Path dir) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        run(List.of(tool("editcap"), "-c", Integer.toString(chunk), capture.toString(), dir.resolve("part.pcap").toString()));
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().startsWith("part_")).sorted().toList();
        }
    }

    /**
     * The connections (as {@code a <-> b} 4-tuples, sorted endpoints) that tshark sees in a file and again, without their
     * SYN, in a later file: those one analysis of the files together carries across a boundary.
     */
    static Set<String> crossing(List<Path> files) throws IOException, InterruptedException {
        Map<String, Integer> seen = new HashMap<>();
        Set<String> out = new TreeSet<>();
        for (int i = 0; i < files.size(); i++) {
            String fields = run(List.of(tool("tshark"), "-n", "-r", files.get(i).toString(), "-Y", "tcp", "-T", "fields",
                    "-e", "ip.src", "-e", "tcp.srcport", "-e", "ip.dst", "-e", "tcp.dstport", "-e", "tcp.flags.syn",
                    "-e", "tcp.flags.ack"));
            Map<String, Boolean> startsWithSyn = new HashMap<>();
            for (String line : fields.split("\n")) {
                String[] f = line.split("\t");
                if (f.length < 6) {
                    continue;
                }
                String key = key(f[0] + ":" + f[1], f[2] + ":" + f[3]);
                boolean syn = (f[4].equals("1") || f[4].equals("True")) && (f[5].equals("0") || f[5].equals("False"));
                startsWithSyn.putIfAbsent(key, syn);
            }
            for (Map.Entry<String, Boolean> e : startsWithSyn.entrySet()) {
                if (!e.getValue() && seen.containsKey(e.getKey())) {
                    out.add(e.getKey());
                }
            }
            for (String k : startsWithSyn.keySet()) {
                seen.put(k, i);
            }
        }
        return out;
    }

    /** A 4-tuple the same whichever end comes first. */
    static String key(String x, String y) {
        return x.compareTo(y) <= 0 ? x + " <-> " + y : y + " <-> " + x;
    }

    /** The 4-tuples named by the report's "continue from" warnings. */
    static Set<String> named(List<String> warnings) {
        Set<String> out = new TreeSet<>();
        java.util.regex.Pattern conn = java.util.regex.Pattern.compile("([0-9.]+:\\d+) <-> ([0-9.]+:\\d+)");
        for (String w : warnings) {
            if (w.contains("continue from")) {
                java.util.regex.Matcher m = conn.matcher(w);
                while (m.find()) {
                    out.add(key(m.group(1), m.group(2)));
                }
            }
        }
        return out;
    }

    static String tool(String name) {
        for (String dir : List.of("/usr/bin", "/usr/local/bin", "/bin")) {
            if (Files.isExecutable(Path.of(dir, name))) {
                return Path.of(dir, name).toString();
            }
        }
        fail(name + " is not installed (Debian: apt-get install tshark wireshark-common; .ci/run installs them)");
        return name;
    }

    static String run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(false).start();
        byte[] out = p.getInputStream().readAllBytes();
        p.getErrorStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail(command.get(0) + " did not finish");
        }
        assertEquals(0, p.exitValue(), String.join(" ", command));
        return new String(out, StandardCharsets.UTF_8);
    }

    /** Arguments: options, then the files. */
    static String[] args(List<String> head, List<String> options, List<Path> files) {
        List<String> a = new ArrayList<>(head);
        a.addAll(options);
        files.forEach(f -> a.add(f.toString()));
        return a.toArray(String[]::new);
    }
}
