package org.kwire.analysis;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The analysis config: a command line's option values into typed settings, refused in kwire's one-line words; its
 * identity (a partial's {@code analysis}) as {@code kwire analyze --partial} has always written it, and read back.
 */
class AnalysisConfigTest {

    /** Option values as a command line gives them, by long name. */
    private static AnalysisConfig config(Map<String, List<String>> given) {
        return AnalysisOption.config(name -> given.getOrDefault(name, List.of()));
    }

    private static Map<String, List<String>> everyOption() {
        Map<String, List<String>> given = new LinkedHashMap<>();
        given.put("port", List.of("9093", "9094,9095"));
        given.put("max-frame-size", List.of("1048576"));
        given.put("schemas", List.of("my/schemas"));
        given.put("api", List.of("Produce,Fetch", "3"));
        given.put("topic", List.of("orders", "payments"));
        given.put("client-id", List.of("producer,1"));
        given.put("errors-only", List.of(""));
        given.put("min-latency-ms", List.of("0.5"));
        given.put("connection", List.of("10.0.0.1:9092", "[::1]:9093"));
        given.put("tls-keylog", List.of("keys.log"));
        given.put("max-decompressed", List.of("1000000"));
        given.put("deep", List.of(""));
        given.put("top", List.of("20"));
        given.put("include-long-polls", List.of(""));
        given.put("target-kafka", List.of("3.9"));
        given.put("workers", List.of("2"));
        given.put("boundary-bytes", List.of("4096"));
        return given;
    }

    @Test
    void theIdentityIsTheGivenOptionsThatChangeWhatAnAnalysisFinds() {
        Map<String, String> expected = new TreeMap<>();
        expected.put("api", "Produce,Fetch,3");
        expected.put("client-id", "producer,1");
        expected.put("connection", "10.0.0.1:9092,[::1]:9093");
        expected.put("deep", "");
        expected.put("errors-only", "");
        expected.put("include-long-polls", "");
        expected.put("max-decompressed", "1000000");
        expected.put("max-frame-size", "1048576");
        expected.put("min-latency-ms", "0.5");
        expected.put("port", "9093,9094,9095");
        expected.put("schemas", "my/schemas");
        expected.put("target-kafka", "3.9");
        expected.put("tls-keylog", "keys.log");
        expected.put("top", "20");
        expected.put("topic", "orders,payments");
        AnalysisConfig c = config(everyOption());
        assertEquals(expected, c.identity());
        assertEquals(List.copyOf(expected.keySet()), List.copyOf(c.identity().keySet()), "in name order");
        assertEquals(Map.of(), AnalysisConfig.defaults().identity());
        assertEquals(Map.of("top", "10"), config(Map.of("top", List.of("10"))).identity(), "given, if only the default");
    }

    @Test
    void theSettingsAreTyped() {
        AnalysisConfig c = config(everyOption());
        assertEquals(List.of(9093, 9094, 9095), List.copyOf(c.brokerPorts()));
        assertEquals(1048576, c.maxFrameSize());
        assertEquals(Path.of("my/schemas"), c.schemas().orElseThrow());
        assertEquals(List.of("Produce", "Fetch", "3"), c.apis());
        assertEquals(Set.of("orders", "payments"), c.topics());
        assertEquals(500, c.minLatencyMicros());
        assertEquals(1000000, c.records().maxDecompressedBytes());
        assertEquals(20, c.reportOptions().slowest());
        assertEquals("3.9", c.reportOptions().targetKafka());
        assertEquals(2, c.workers().orElseThrow());
        assertEquals(4096, c.boundaryBytes());
        assertTrue(c.deep() && c.errorsOnly() && c.reportOptions().includeLongPolls() && c.maxDecompressedGiven());

        AnalysisConfig d = AnalysisConfig.defaults();
        assertEquals(Set.of(9092), d.brokerPorts());
        assertEquals(-1, d.minLatencyMicros());
        assertTrue(d.workers().isEmpty() && d.schemas().isEmpty() && !d.maxDecompressedGiven());
    }

    @Test
    void aPartialsIdentityReadsBackIntoTheSameSettings() throws Exception {
        AnalysisConfig c = config(everyOption());
        AnalysisConfig back = AnalysisConfig.fromIdentity(c.identity());
        assertEquals(c.identity(), back.identity());
        assertEquals(Set.of("orders", "payments"), back.topics(), "topics and endpoints hold no comma: a list");
        assertEquals(Set.of("10.0.0.1:9092", "[::1]:9093"), back.connections());
        assertEquals(Set.of("producer,1"), back.clientIds(), "a client_id may hold one: one value");

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(c); // shipped to Spark's tasks
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            assertEquals(c.identity(), ((AnalysisConfig) in.readObject()).identity());
        }
    }

    @Test
    void theBuilderMakesTheSameConfig() {
        AnalysisConfig built = AnalysisConfig.builder().ports(9093, 9094).topics("orders").minLatencyMicros(2000)
                .tlsKeyLog(Path.of("keys.log")).deep(true).top(5).build();
        assertEquals(config(Map.of("port", List.of("9093,9094"), "topic", List.of("orders"), "min-latency-ms", List.of("2"),
                "tls-keylog", List.of("keys.log"), "deep", List.of(""), "top", List.of("5"))).identity(), built.identity());
    }

    @Test
    void refusalsAreOneLineNamingTheOptionAndTheValueAsGiven() {
        assertRefused("--port 0: not a TCP port (1-65535)", "port", "9092,0");
        assertRefused("--port x: not a number", "port", "x");
        assertRefused("--port 99999999999: out of range (-2147483648 to 2147483647)", "port", "99999999999");
        assertRefused("--max-frame-size 10: at least 64 bytes (smaller frames cannot hold a Kafka request header and "
                + "client_id)", "max-frame-size", "10");
        assertRefused("--max-frame-size -1: must not be negative", "max-frame-size", "-1");
        assertRefused("--max-decompressed 0: at least 1 byte", "max-decompressed", "0");
        assertRefused("maxDecompressedBytes must be 1..2147483639", "max-decompressed", "2147483647");
        assertRefused("--min-latency-ms soon: not a duration (a number, or with a unit: 500ms, 30s, 5m, 1h)", "min-latency-ms",
                "soon");
        assertRefused("--min-latency-ms -2: must not be negative", "min-latency-ms", "-2");
        assertRefused("--connection broker: expected HOST:PORT ([v6]:PORT for IPv6)", "connection", "broker");
        assertRefused("--connection h:70000: 70000 is not a TCP port (1-65535)", "connection", "h:70000");
        assertRefused("--connection h:0: 0 is not a TCP port (1-65535)", "connection", "h:0");
        assertRefused("--top -3: must not be negative", "top", "-3");
        assertRefused("--workers many: not a number", "workers", "many");
        ConfigException e = assertThrows(ConfigException.class, () -> AnalysisConfig.builder().maxFrameSize(63));
        assertEquals("--max-frame-size 63: at least 64 bytes (smaller frames cannot hold a Kafka request header and "
                + "client_id)", e.getMessage());
        e = assertThrows(ConfigException.class, () -> AnalysisConfig.fromIdentity(Map.of("jobs", "2")));
        assertEquals("analyze: Unrecognized option: --jobs", e.getMessage(), "not an option of an analysis's identity");
        e = assertThrows(ConfigException.class, () -> AnalysisConfig.fromIdentity(Map.of("deep", "yes")));
        assertEquals("--deep yes: takes no value", e.getMessage());
    }

    private static void assertRefused(String message, String option, String value) {
        ConfigException e = assertThrows(ConfigException.class, () -> config(Map.of(option, List.of(value))));
        assertEquals(message, e.getMessage());
    }
}
