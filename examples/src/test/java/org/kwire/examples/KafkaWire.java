package org.kwire.examples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.common.message.RequestHeaderData;
import org.apache.kafka.common.message.ResponseHeaderData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.ApiMessage;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.Message;
import org.apache.kafka.common.protocol.ObjectSerializationCache;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Frames as kafka-clients writes them, from its generated {@code *Data} classes (header and body, size prefix first),
 * and the JSON helpers that compare kwire's values with its {@code *JsonConverter}s': the oracle of the examples.
 */
final class KafkaWire {

    static final ObjectMapper JSON = new ObjectMapper();

    private KafkaWire() {
    }

    /** A request frame: request header (its version as Kafka picks it for the API version) and body. */
    static byte[] request(ApiKeys api, int version, int correlationId, String clientId, ApiMessage body) {
        RequestHeaderData header = new RequestHeaderData().setRequestApiKey(api.id).setRequestApiVersion((short) version)
                .setCorrelationId(correlationId).setClientId(clientId);
        return frame(header, api.requestHeaderVersion((short) version), body, (short) version);
    }

    /** A response frame: response header (v0 or v1, as Kafka picks it; always v0 for ApiVersions) and body. */
    static byte[] response(ApiKeys api, int version, int correlationId, ApiMessage body) {
        return frame(new ResponseHeaderData().setCorrelationId(correlationId),
                api.responseHeaderVersion((short) version), body, (short) version);
    }

    private static byte[] frame(Message header, short headerVersion, Message body, short version) {
        ObjectSerializationCache cache = new ObjectSerializationCache();
        int size = header.size(cache, headerVersion) + body.size(cache, version);
        ByteBuffer b = ByteBuffer.allocate(4 + size).putInt(size);
        ByteBufferAccessor out = new ByteBufferAccessor(b);
        header.write(out, cache, headerVersion);
        body.write(out, cache, version);
        return b.array();
    }

    /** A JSON tree read back from its text: Kafka's int16 nodes and kwire's long nodes compare by value. */
    static JsonNode normalized(JsonNode node) throws Exception {
        return JSON.readTree(node.toString());
    }

    /** kwire's values without the error names it adds beside each error code ({@code error_name}, ...). */
    static JsonNode withoutErrorNames(JsonNode values) throws Exception {
        JsonNode copy = normalized(values);
        strip(copy);
        return copy;
    }

    private static void strip(JsonNode node) {
        if (node instanceof ObjectNode o) {
            o.properties().removeIf(field -> field.getKey().endsWith("error_name"));
        }
        node.forEach(KafkaWire::strip);
    }

    /** The values of every field named {@code name}, at any depth, in document order. */
    static List<JsonNode> fields(JsonNode node, String name) {
        List<JsonNode> found = new ArrayList<>();
        node.properties().forEach(f -> {
            if (f.getKey().equals(name)) {
                found.add(f.getValue());
            }
            found.addAll(fields(f.getValue(), name));
        });
        if (node.isArray()) {
            node.forEach(element -> found.addAll(fields(element, name)));
        }
        return found;
    }
}
