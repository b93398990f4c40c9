package org.kwire.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.spark.sql.SparkSession;
import org.kwire.analysis.Analysis;
import org.kwire.analysis.AnalysisConfig;
import org.kwire.json.ReportJson;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the Spark tests compare with: one analysis of the same files in this JVM (analyzer-core's, what {@code kwire
 * analyze FILE...} writes), reports without {@code capture.files} (the Spark job names its files by URI), and the
 * Wireshark tools that make the captures.
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

    /** The report (JSON) of one analysis of the files, merged by time, with the default options. */
    static String oneAnalysis(List<Path> files) throws IOException {
        return ReportJson.toString(Analysis.of(AnalysisConfig.defaults()).report(files, w -> { }));
    }

    /** Runs a Wireshark tool ({@code editcap}) to its end, in 60 s at most, asserting exit code 0. */
    static void run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).inheritIO().start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), String.join(" ", command) + " (Debian: wireshark-common)");
    }
}
