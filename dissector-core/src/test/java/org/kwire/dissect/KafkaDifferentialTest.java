package org.kwire.dissect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.kwire.encode.InstanceEncoder;
import org.kwire.encode.MinimalValues;
import org.kwire.encode.ValueSource;
import org.kwire.plan.MessagePlan;
import org.kwire.plan.PlanCache;
import org.kwire.schema.Direction;
import org.kwire.schema.SchemaRegistry;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * For every (api key, direction, version) of the merged schemas: instances are parsed and re-serialized by the
 * kafka-clients release that owns that version (its generated {@code *Data} class), kwire dissects Kafka's bytes, and
 * kwire's values rendering must equal Kafka's {@code *DataJsonConverter.write(data, version, false)} as JSON. The
 * minimal instance and several random ones (non-empty arrays, nulls, tagged fields, non-ASCII strings) per version.
 * kwire's one addition, the name beside each error code ({@code "error_name"}), is checked and then removed before
 * the comparison: every {@code ...ErrorCode} key must have its name, and every name must be its code's.
 */
class KafkaDifferentialTest {

    private static final int RANDOM_INSTANCES = 6;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final SchemaRegistry schemas = SchemaRegistry.bundled();
    private final PlanCache plans = new PlanCache(schemas);
    private final KafkaReleases kafka = new KafkaReleases();

    @Test
    void everyApiVersionDecodesAsKafkaDoes() throws Exception {
        List<String> failures = new ArrayList<>();
        int combos = 0;
        int instances = 0;
        for (int apiKey : schemas.apiKeys()) {
            for (Direction d : Direction.values()) {
                for (int version : schemas.versions(apiKey, d)) {
                    MessagePlan plan = plans.plan(apiKey, d, version).orElseThrow();
                    combos++;
                    for (int i = 0; i <= RANDOM_INSTANCES; i++) {
                        ValueSource values = i == 0 ? new MinimalValues() : new RandomValues(31L * combos + i);
                        String failure = compare(plan, new InstanceEncoder(values).body(plan));
                        instances++;
                        if (failure != null) {
                            failures.add(plan.spec().name() + " v" + version + " (" + plan.spec().release() + ", instance "
                                    + i + "): " + failure);
                        }
                    }
                }
            }
        }
        assertTrue(failures.isEmpty(), failures.size() + " failures in " + instances + " instances of " + combos
                + " (api key, direction, version) combinations, first: "
                + String.join("\n", failures.subList(0, Math.min(10, failures.size()))));
        assertEquals(736 * (RANDOM_INSTANCES + 1), instances);
        assertEquals(736, combos, "combinations of the merged 4.4.0, 4.0.0 and 3.9.1 schemas (95 api keys)");
        assertEquals(95, schemas.apiKeys().size());
    }

    /**
     * Null if kwire agrees with Kafka on this body, else what differs. Kafka parses kwire's encoding (so it is legal)
     * and re-serializes it; kwire's values of both Kafka's bytes and its own must equal Kafka's JSON. (The bytes may
     * differ: Kafka leaves out tagged fields holding their default value.)
     */
    private String compare(MessagePlan plan, byte[] body) throws Exception {
        KafkaReleases.Release release = kafka.release(plan.spec().release());
        Object data = release.read(plan.spec().name(), body, plan.version());
        JsonNode theirs = JSON.readTree(release.json(plan.spec().name(), data, plan.version()));
        for (byte[] bytes : List.of(release.write(data, plan.version()), body)) {
            ValuesBuilder ours = new ValuesBuilder(ByteBuffer.wrap(bytes), false);
            int end = Interpreter.decode(ByteBuffer.wrap(bytes), 0, bytes.length, plan, ours);
            if (!ours.problems().isEmpty() || end != bytes.length) {
                return "problems " + ours.problems() + " end " + end + "/" + bytes.length;
            }
            JsonNode mine = JSON.readTree(JSON.writeValueAsString(ours.result()));
            String names = ErrorNames.strip(mine);
            if (names != null) {
                return names;
            }
            if (!mine.equals(theirs)) {
                return "\n kafka " + theirs + "\n kwire " + mine;
            }
        }
        return null;
    }
}
