package org.kwire.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.analysis.AnalysisConfig;
import org.kwire.json.ReportJson;
import org.kwire.report.Report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.kwire.spark.OneAnalysis.oneAnalysis;
import static org.kwire.spark.OneAnalysis.run;
import static org.kwire.spark.OneAnalysis.withoutFiles;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Spark job in local mode ({@code local[2]}, one session for the suite) on real captures in a directory read
 * through Hadoop's file system with a glob: its report equals {@code kwire analyze} of the same files field for field
 * (rotated files of one capture point that no connection crosses, and two more capture points whose packets
 * interleave with them); its {@code exchanges} Parquet dataset, queried with Spark SQL, adds up to the report.
 */
class SparkAnalysisTest {

    private static final Path CAPTURES = Path.of(System.getProperty("kwire.testCaptures", "../test-captures"));
    private static final ObjectMapper JSON = new ObjectMapper();
    private static SparkSession spark;

    @TempDir
    static Path dir;

    @BeforeAll
    static void start() throws Exception {
        spark = OneAnalysis.localSpark();
        Path in = Files.createDirectories(dir.resolve("captures"));
        // java-basic.pcap rotated after packet 177 (no connection crosses that point), and two other capture points
        // moved in time into the same seconds (kcat 106 s earlier, kafkajs 125.5 s earlier)
        run("editcap", "-c", "177", CAPTURES.resolve("java-basic.pcap").toString(), in.resolve("a.pcap").toString());
        run("editcap", "-t", "-106", CAPTURES.resolve("kcat.pcap").toString(), in.resolve("b.pcap").toString());
        run("editcap", "-t", "-125.5", CAPTURES.resolve("kafkajs.pcap").toString(), in.resolve("c.pcap").toString());
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    private static List<Path> files() throws Exception {
        try (Stream<Path> s = Files.list(dir.resolve("captures"))) {
            return s.sorted().toList();
        }
    }

    @Test
    void reportEqualsOneAnalysisAndExchangesAddUp() throws Exception {
        List<String> warnings = new ArrayList<>();
        Path exchanges = dir.resolve("exchanges");
        Report r = SparkAnalysis.run(spark, AnalysisConfig.defaults(), List.of("file://" + dir.resolve("captures") + "/*.pcap"),
                exchanges.toUri().toString(), warnings::add);
        JsonNode spark = JSON.readTree(ReportJson.toString(r));
        JsonNode one = JSON.readTree(oneAnalysis(files()));
        assertEquals(List.of(), warnings);
        assertEquals(withoutFiles(one), withoutFiles(spark), "the report of one analysis, frame numbers included");
        assertEquals(4, spark.get("capture").get("files").size());

        spark().read().parquet(exchanges.toString()).createOrReplaceTempView("exchanges");
        Map<String, Long> requests = new TreeMap<>();
        Map<String, Long> responses = new TreeMap<>();
        for (Row row : spark().sql("SELECT api, count(request_frame), count(response_frame) FROM exchanges "
                + "WHERE api IS NOT NULL GROUP BY api").collectAsList()) {
            requests.put(row.getString(0), row.getLong(1));
            responses.put(row.getString(0), row.getLong(2));
        }
        Map<String, Long> reportRequests = new TreeMap<>();
        Map<String, Long> reportResponses = new TreeMap<>();
        one.get("apis").forEach(a -> {
            reportRequests.put(a.get("name").asText(), a.get("requests").asLong());
            reportResponses.put(a.get("name").asText(), a.get("responses").asLong());
        });
        assertEquals(reportRequests, requests, "per API, exchanges with a request frame are its requests");
        assertEquals(reportResponses, responses, "and those with a response frame its responses");
        Row slowest = spark().sql("SELECT file, api, latency_us FROM exchanges WHERE latency_us IS NOT NULL "
                + "AND NOT long_poll ORDER BY latency_us DESC LIMIT 1").first(); // long-polls that waited in vain are not slowness
        JsonNode top = one.get("slowest").get(0);
        assertEquals(top.get("api").asText(), slowest.getString(1));
        assertEquals(top.get("latency_us").asLong(), slowest.getLong(2));
        assertTrue(slowest.getString(0).endsWith(".pcap"), "each row names its file");
    }

    @Test
    void connectionsCrossingAFileAreJoined() throws Exception {
        // every 76 packets: connections cross each rotation, a request is in one file and its retransmission and
        // response in the next
        Path in = Files.createDirectories(dir.resolve("crossing"));
        run("editcap", "-c", "76", CAPTURES.resolve("java-basic.pcap").toString(), in.resolve("x.pcap").toString());
        List<String> warnings = new ArrayList<>();
        Report r = SparkAnalysis.run(spark, AnalysisConfig.defaults(), List.of(in.toUri().toString()), null, warnings::add);
        JsonNode joined = JSON.readTree(ReportJson.toString(r));
        JsonNode one = JSON.readTree(oneAnalysis(List.of(CAPTURES.resolve("java-basic.pcap"))));
        assertEquals(List.of(), warnings);
        ((ObjectNode) joined.get("capture")).remove("bytes");
        ((ObjectNode) one.get("capture")).remove("bytes");
        assertEquals(withoutFiles(one), withoutFiles(joined), "the report of the unsplit capture");
    }

    private static SparkSession spark() {
        return spark;
    }
}
