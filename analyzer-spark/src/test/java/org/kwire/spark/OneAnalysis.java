package org.kwire.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.spark.sql.SparkSession;
import org.kwire.cli.Kwire;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the Spark tests compare with: {@code kwire} run in this JVM (one analysis of the same files), reports without
 * {@code capture.files} (the Spark job names its files by URI), and the Wireshark tools that make the captures.
 */
final class OneAnalysis {

    private OneAnalysis() {
    }

    /** The tests' Spark session: local mode on 2 threads, no web UI, 2 shuffle partitions; stop it after the class. */
    static SparkSession localSpark() {
        return SparkSession.builder().appName("kwire-test").master("local[2]").config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", "2").getOrCreate();
    }

    /** A report without {@code capture.files}. */
    static JsonNode withoutFiles(JsonNode report) {
        ObjectNode r = report.deepCopy();
        ((ObjectNode) r.get("capture")).remove("files");
        return r;
    }

    /** {@code kwire ARGS}'s stdout, after asserting exit code 0. */
    static String kwire(List<String> args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Kwire.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }

    /** Runs a Wireshark tool ({@code editcap}) to its end, in 60 s at most, asserting exit code 0. */
    static void run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).inheritIO().start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), String.join(" ", command) + " (Debian: wireshark-common)");
    }
}
