package org.kwire.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Real tshark with the generated kwire.lua: {@code tshark -2 -X lua_script:PLUGIN -d tcp.port==N,kwire -T json}, its
 * output read as a stream (tshark's JSON repeats keys: one {@code kwire} layer per Kafka frame of a packet, one key
 * per array element), each Kafka frame as the (filter name, value) pairs of its tree in order.
 */
final class Tshark {

    /** One Kafka frame as tshark showed it: the packet's number, every (key, value) of its tree in tree order. */
    record Pdu(int frame, List<String[]> pairs, boolean malformed) {

        /** The values of one field in tree order. */
        List<String> values(String key) {
            return pairs.stream().filter(p -> p[0].equals(key)).map(p -> p[1]).toList();
        }
    }

    private Tshark() {
    }

    /** Fails the test with what to do if tshark is not installed. */
    static void assertInstalled() {
        try {
            Process p = new ProcessBuilder("tshark", "-v").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            assertEquals(0, p.waitFor());
        } catch (IOException | InterruptedException | AssertionError e) {
            fail("tshark (Wireshark 3.6 or newer) is needed for the Wireshark plugin tests: apt-get install tshark "
                    + "(.ci/run installs it): " + e);
        }
    }

    /** The Kafka frames tshark dissects with the plugin in a capture, the given ports decoded as kwire. */
    static List<Pdu> dissect(Path plugin, Path capture, List<Integer> ports) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("tshark", "-n", "-2", "-X", "lua_script:" + plugin, "-r", capture.toString()));
        for (int port : ports) {
            cmd.add("-d");
            cmd.add("tcp.port==" + port + ",kwire");
        }
        cmd.addAll(List.of("-T", "json", "-J", "frame kwire"));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        List<Pdu> out;
        try (InputStream in = p.getInputStream()) {
            out = parse(in);
        }
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            fail(String.join(" ", cmd) + ": exit " + p.exitValue());
        }
        return out;
    }

    private static List<Pdu> parse(InputStream in) throws IOException {
        List<Pdu> pdus = new ArrayList<>();
        try (JsonParser p = new JsonFactory().createParser(new java.io.InputStreamReader(in, StandardCharsets.UTF_8))) {
            if (p.nextToken() != JsonToken.START_ARRAY) {
                return pdus;
            }
            while (p.nextToken() == JsonToken.START_OBJECT) {
                packet(p, pdus);
            }
        }
        return pdus;
    }

    /** One packet: {"_index", ..., "_source": {"layers": {"frame": {...}, "kwire": {...}, ...}}}. */
    private static void packet(JsonParser p, List<Pdu> pdus) throws IOException {
        int frame = -1;
        boolean malformed = false;
        List<List<String[]>> kafka = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_OBJECT) {
            String name = p.currentName();
            p.nextToken();
            if (!name.equals("_source")) {
                p.skipChildren();
                continue;
            }
            p.nextToken(); // "layers"
            p.nextToken();
            while (p.nextToken() != JsonToken.END_OBJECT) {
                String layer = p.currentName();
                JsonToken t = p.nextToken();
                malformed |= layer.startsWith("_ws.malformed") || layer.contains("Lua Error");
                if (layer.equals("frame")) {
                    List<String[]> f = new ArrayList<>();
                    walk(p, f);
                    frame = Integer.parseInt(f.stream().filter(x -> x[0].equals("frame.number")).findFirst().orElseThrow()[1]);
                } else if (layer.equals("kwire") && t == JsonToken.START_OBJECT) {
                    List<String[]> pairs = new ArrayList<>();
                    walk(p, pairs);
                    kafka.add(pairs);
                } else {
                    p.skipChildren();
                }
            }
            p.nextToken(); // end of _source
        }
        for (List<String[]> pairs : kafka) {
            boolean bad = malformed || pairs.stream().anyMatch(x -> x[0].startsWith("_ws.malformed") || x[0].contains("Lua Error")
                    || x[0].startsWith("_ws.lua.error"));
            pdus.add(new Pdu(frame, pairs, bad));
        }
    }

    /** Every (key, string value) inside the object the parser is at, in order; a subtree's key comes with "". */
    private static void walk(JsonParser p, List<String[]> out) throws IOException {
        while (p.nextToken() != JsonToken.END_OBJECT) {
            String name = p.currentName();
            JsonToken t = p.nextToken();
            if (t == JsonToken.START_OBJECT) {
                if (!name.endsWith("_tree")) {
                    out.add(new String[] {name, ""});
                }
                walk(p, out);
            } else if (t == JsonToken.START_ARRAY) {
                p.skipChildren();
            } else {
                out.add(new String[] {name, p.getValueAsString()});
            }
        }
    }
}
