package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.common.message.ApiMessageType;
import org.apache.kafka.common.protocol.ApiMessage;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.kwire.TestCaptures;
import org.kwire.capture.CaptureAnalyzer;
import org.kwire.conversation.ConversationListener;
import org.kwire.conversation.Exchange;
import org.kwire.conversation.KafkaConversation;
import org.kwire.conversation.RequestRecord;
import org.kwire.dissect.FrameDissector;
import org.kwire.dissect.RecordsHandler;
import org.kwire.expert.ExpertNote;
import org.kwire.frame.KafkaFrame;
import org.kwire.plan.PlanCache;
import org.kwire.protocol.RequestFrame;
import org.kwire.protocol.KafkaRequestHeader;
import org.kwire.records.RecordsDecoder;
import org.kwire.records.RecordsOptions;
import org.kwire.schema.Direction;
import org.kwire.schema.SchemaRegistry;
import org.kwire.stream.StreamOptions;
import org.kwire.stream.StreamStage;
import org.kwire.stream.TlsKeys;
import org.kwire.summary.FrameFindings;
import org.kwire.summary.FrameSummarizer;
import org.kwire.summary.TopicNames;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every frame of the real test captures: kwire's values rendering equals what kafka-clients 4.4.0 decodes from the
 * same body bytes ({@code ApiMessage.read}, then the generated {@code *JsonConverter.write(data, version, false)}).
 * Versions that Kafka 4.0 removed (KIP-896) are outside kafka-clients 4.4.0 and are counted apart; the
 * differential test covers them with kafka-clients 3.9.1. The error names kwire adds beside error codes are removed
 * before comparing.
 */
class KafkaOracleCaptureTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final SchemaRegistry schemas = SchemaRegistry.bundled();
    private final PlanCache plans = new PlanCache(schemas);
    private final FrameDissector dissector = new FrameDissector(plans, RecordsHandler.SIZE_ONLY, false);

    @ParameterizedTest
    @CsvSource({"java-basic.pcap, 146, 0", "java-basic-any.pcap, 148, 0", "kcat.pcap, 104, 0", "kafkajs.pcap, 88, 0",
            "nDPI-kafka.pcapng, 26, 0", "go-sniffer-kafka.pcap, 2, 2", "deepflow-00-produce-v7-sw8.pcap, 2, 0"})
    void everyFrameDecodesAsKafkaDoes(String capture, int expectedFrames, int olderVersions) throws Exception {
        List<String> differences = new ArrayList<>();
        int[] compared = {0};
        int[] older = {0};
        int[] named = {0};
        ConversationListener oracle = new ConversationListener() {
            @Override
            public void onRequest(KafkaConversation c, RequestFrame request, RequestRecord record) {
                KafkaRequestHeader h = request.header();
                compare(request.frame(), h.bodyOffset(), h.apiKey(), Direction.REQUEST, h.apiVersion());
            }

            @Override
            public void onResponse(Exchange e, KafkaFrame frame, FrameFindings decoded) {
                if (e.apiKey() >= 0) {
                    compare(frame, 4 + e.response().header().length(), e.apiKey(), Direction.RESPONSE, e.apiVersion());
                }
            }

            @Override
            public void onUnmatchedRequest(Exchange exchange) {
            }

            @Override
            public void onNote(KafkaConversation c, ExpertNote note) {
            }

            private void compare(KafkaFrame frame, int bodyOffset, int apiKey, Direction d, int version) {
                try {
                    ApiMessageType type = ApiMessageType.fromApiKey((short) apiKey);
                    if (version < type.lowestSupportedVersion()) {
                        older[0]++;
                        return;
                    }
                    ApiMessage m = d == Direction.REQUEST ? type.newRequest() : type.newResponse();
                    ByteBuffer body = frame.bytes().slice(bodyOffset, frame.length() - bodyOffset);
                    m.read(new ByteBufferAccessor(body), (short) version);
                    Class<?> converter = Class.forName(m.getClass().getName() + "JsonConverter");
                    JsonNode kafka = JSON.readTree(converter.getMethod("write", m.getClass(), short.class, boolean.class)
                            .invoke(null, m, (short) version, false).toString());
                    ObjectNode ours = (ObjectNode) JSON.readTree(JSON.writeValueAsString(
                            dissector.values(frame.bytes(), bodyOffset, apiKey, d, version)));
                    ours.remove("_problems"); // kwire notes trailing bytes; Kafka ignores them
                    named[0] += withoutErrorNames(ours); // kwire's one addition (checked by KafkaDifferentialTest)
                    compared[0]++;
                    if (!kafka.equals(ours)) {
                        differences.add(type + " v" + version + " " + d + ":\n kafka " + kafka + "\n kwire " + ours);
                    }
                } catch (ReflectiveOperationException | java.io.IOException e) {
                    differences.add(apiKey + " v" + version + ": " + e);
                }
            }
        };
        FrameSummarizer summarizer = new FrameSummarizer(plans, new RecordsDecoder(RecordsOptions.defaults()), new TopicNames());
        new CaptureAnalyzer(new StreamStage(new StreamOptions(Set.of(9092, 36333), 100 << 20, 1000), TlsKeys.none(),
                summarizer, oracle)).analyze(List.of(TestCaptures.path(capture)), List.of(capture));
        assertEquals(List.of(), differences);
        assertTrue(compared[0] == 0 || named[0] > 0, "error codes carry their names");
        assertEquals(expectedFrames, compared[0], "frames compared");
        assertEquals(olderVersions, older[0], "frames of versions before kafka-clients 4.4.0");
    }

    /** Removes the {@code ...error_name} keys kwire adds beside error codes, in place; returns how many. */
    private static int withoutErrorNames(JsonNode n) {
        int removed = 0;
        if (n instanceof ObjectNode o) {
            List<String> names = new ArrayList<>();
            o.fieldNames().forEachRemaining(k -> {
                if (k.endsWith("error_name")) {
                    names.add(k);
                }
            });
            o.remove(names);
            removed += names.size();
        }
        for (JsonNode child : n) {
            removed += withoutErrorNames(child);
        }
        return removed;
    }
}
