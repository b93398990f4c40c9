package org.kwire.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.analysis.AnalysisConfig;
import org.kwire.json.ReportJson;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.kwire.spark.OneAnalysis.oneAnalysis;
import static org.kwire.spark.OneAnalysis.run;

/**
 * The Spark job ({@code local[2]}) on rotated files named as {@code tcpdump -C} names them ({@code cap.pcap,
 * cap.pcap1, ..., cap.pcap11}: java-basic.pcap cut every 30 packets with {@code editcap -c 30}, so that connections
 * cross the cuts, frames are split and requests are answered in the next file), given as a Hadoop glob
 * ({@code cap.pcap*}, which lists them by name: {@code cap.pcap, cap.pcap1, cap.pcap10, cap.pcap11, cap.pcap2, ...}),
 * as paths in a seeded shuffled order, and as paths in time order: each report equals one analysis of the files
 * (issue 19), but for the capture facts that name files ({@code capture.files}, and {@code capture.bytes}).
 */
class SparkRotationOrderTest {

    private static final Path CAPTURES = Path.of(System.getProperty("kwire.testCaptures", "../test-captures"));
    private static final ObjectMapper JSON = new ObjectMapper();
    private static SparkSession spark;
    private static List<Path> inTimeOrder;
    private static JsonNode one;

    @TempDir
    static Path dir;

    @BeforeAll
    static void start() throws Exception {
        spark = OneAnalysis.localSpark();
        Path split = Files.createDirectories(dir.resolve("split"));
        run("editcap", "-F", "pcap", "-c", "30", CAPTURES.resolve("java-basic.pcap").toString(), split.resolve("part.pcap").toString());
        List<Path> parts;
        try (Stream<Path> s = Files.list(split)) {
            parts = s.sorted().toList(); // part_00000_..., part_00001_...: editcap's names sort by time
        }
        Path rotated = Files.createDirectories(dir.resolve("rotated"));
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            files.add(Files.move(parts.get(i), rotated.resolve(i == 0 ? "cap.pcap" : "cap.pcap" + i)));
        }
        inTimeOrder = List.copyOf(files);
        assertEquals(12, inTimeOrder.size(), "340 packets in files of 30");
        one = JSON.readTree(oneAnalysis(inTimeOrder));
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    @ParameterizedTest(name = "files given {0}")
    @ValueSource(strings = {"as a glob", "shuffled", "in time order"})
    void reportEqualsOneAnalysis(String given) throws Exception {
        List<String> paths = new ArrayList<>();
        switch (given) {
            case "as a glob" -> paths.add("file://" + dir.resolve("rotated") + "/cap.pcap*");
            case "shuffled" -> {
                List<Path> shuffled = new ArrayList<>(inTimeOrder);
                Collections.shuffle(shuffled, new Random(19));
                assertNotEquals(inTimeOrder, shuffled);
                shuffled.forEach(f -> paths.add(f.toUri().toString()));
            }
            default -> inTimeOrder.forEach(f -> paths.add(f.toUri().toString()));
        }
        List<String> warnings = new ArrayList<>();
        JsonNode report = JSON.readTree(ReportJson.toString(SparkAnalysis.run(spark, AnalysisConfig.defaults(), paths, null, warnings::add)));
        assertEquals(List.of(), warnings);
        assertEquals(withoutFiles(one), withoutFiles(report), "the report of one analysis of the files, files " + given);
    }

    /** The report without {@code capture.files} and {@code capture.bytes}. */
    private static JsonNode withoutFiles(JsonNode report) {
        JsonNode r = OneAnalysis.withoutFiles(report);
        ((ObjectNode) r.get("capture")).remove("bytes");
        return r;
    }
}
