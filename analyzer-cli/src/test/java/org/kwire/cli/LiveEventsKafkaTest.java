package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code kwire live --format ndjson} on a real Kafka broker (single KRaft node, in-process) and real kafka-clients on
 * loopback: while the capture still runs, stdout holds an event per Produce the producer had acked (as many as the
 * broker's own request meter counted) and Fetch events carrying every record the consumer read; every line is a JSON
 * object; the interval lines stay on stderr; {@code -q} leaves nothing else there. The packets it saved ({@code -w})
 * read by {@code kwire analyze --format ndjson} give the same lines, byte for byte. Skipped, with the reason, only where
 * this process may not capture packets.
 */
class LiveEventsKafkaTest {

    private static final String TOPIC = "kwire-live-events";
    private static final int RECORDS = 20;
    private static final String PRODUCER = "kwire-live-events-producer";
    private static final String CONSUMER = "kwire-live-events-consumer";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void liveEventsAreTheClientsExchangesAndTheSavedCapturesEvents(@TempDir Path dir) throws Exception {
        CapturePermission.assumeLoopbackCapture();
        try (KafkaClusterTestKit cluster = TestBroker.start(dir.resolve("kafka"), Map.of())) {
            String bootstrap = cluster.bootstrapServers();
            int port = TestBroker.port(cluster);
            TopicClients.createTopic(bootstrap, TOPIC);
            Path saved = dir.resolve("live.pcapng");
            LiveRun live;
            long produced;
            try (BrokerMeters meters = BrokerMeters.watch()) {
                live = LiveRun.start("-i", "lo", "--port", String.valueOf(port), "--duration", "90", "--format", "ndjson", "-q",
                        "--report-interval", "1", "-w", saved.toString());
                TopicClients.produce(bootstrap, TOPIC, PRODUCER, RECORDS);
                assertEquals(RECORDS, TopicClients.consume(bootstrap, TOPIC, CONSUMER, RECORDS));
                produced = meters.count("RequestsPerSec", "request=Produce");
            }
            assertEquals(RECORDS, produced, "the producer sends each record in a Produce request of its own, acked");

            // while the capture runs: the events reach stdout (the writer's buffer is handed on every second)
            List<JsonNode> events = List.of();
            for (long end = System.nanoTime() + 20_000_000_000L; System.nanoTime() < end; Thread.sleep(200)) {
                String sofar = live.out();
                events = parse(sofar.substring(0, sofar.lastIndexOf('\n') + 1)); // whole lines: the rest is on its way
                if (acked(events) == RECORDS && fetched(events) == RECORDS) {
                    break;
                }
            }
            assertEquals(RECORDS, acked(events), "Produce events with a response, before the capture ended");
            assertEquals(RECORDS, fetched(events), "records in the consumer's Fetch events, before the capture ended");
            // an interval line every second: wait for one (the clients may finish within the first second)
            for (long end = System.nanoTime() + 20_000_000_000L; System.nanoTime() < end
                    && !live.err().contains("{\"type\":\"interval\","); Thread.sleep(200)) {
                // waiting
            }
            CliRun ended = live.stop();
            assertEquals(0, ended.exit(), ended.err());

            String all = ended.out();
            events = parse(all);
            List<JsonNode> produces = events.stream().filter(e -> "Produce".equals(e.get("api").asText())).toList();
            assertEquals(RECORDS, produces.size());
            long previous = Long.MIN_VALUE;
            for (JsonNode p : produces) {
                assertEquals("exchange", p.get("type").asText());
                assertEquals(PRODUCER, p.get("client_id").asText());
                assertEquals("[\"" + TOPIC + "\"]", p.get("topics").toString());
                assertEquals("[{\"topic\":\"" + TOPIC + "\",\"partition\":0}]", p.get("partitions").toString());
                assertEquals(1, p.get("records").asInt());
                assertEquals("[]", p.get("errors").toString());
                assertTrue(p.get("correlation_id").asLong() > previous, "one connection's correlation ids increase: " + p);
                previous = p.get("correlation_id").asLong();
                assertEquals(produces.get(0).get("stream"), p.get("stream"), "the producer's records go over one connection");
            }
            assertEquals(RECORDS, fetched(events));
            assertTrue(events.stream().anyMatch(e -> "ApiVersions".equals(e.get("api").asText())));
            assertTrue(events.stream().anyMatch(e -> "ListOffsets".equals(e.get("api").asText())), "seekToBeginning");

            List<String> log = ended.err().lines().toList();
            assertTrue(log.size() >= 1, "interval lines: " + log);
            assertEquals(List.of(), log.stream().filter(l -> !l.startsWith("{\"type\":\"interval\",")).toList(),
                    "with -q stderr has the interval lines only");
            assertTrue(all.lines().noneMatch(l -> l.contains("\"interval\"")), "no interval line among the events");

            CliRun offline = CliRun.of("analyze", "-q", "--format", "ndjson", "--port", String.valueOf(port), saved.toString());
            assertEquals(0, offline.exit(), offline.err());
            assertEquals(events.size(), offline.out().lines().count());
            assertEquals(offline.out(), all, "the saved packets give the live events, byte for byte");
        }
    }

    /** Every line of the events as JSON (each must be one object). */
    private static List<JsonNode> parse(String ndjson) throws IOException {
        List<JsonNode> events = new ArrayList<>();
        for (String line : ndjson.split("\n")) {
            if (!line.isEmpty()) {
                JsonNode n = JSON.readTree(line);
                assertTrue(n.isObject(), line);
                events.add(n);
            }
        }
        return events;
    }

    /** Produce exchanges whose response was captured. */
    private static long acked(List<JsonNode> events) {
        return events.stream().filter(e -> "Produce".equals(e.get("api").asText()) && !e.get("response_frame").isNull()).count();
    }

    /** Records in the consumer's Fetch events. */
    private static long fetched(List<JsonNode> events) {
        return events.stream().filter(e -> "Fetch".equals(e.get("api").asText())
                && CONSUMER.equals(e.get("client_id").asText())).mapToLong(e -> e.get("records").asLong()).sum();
    }
}
