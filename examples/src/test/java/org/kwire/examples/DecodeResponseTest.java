package org.kwire.examples;

import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.message.ApiVersionsRequestData;
import org.apache.kafka.common.message.ApiVersionsResponseData;
import org.apache.kafka.common.message.ApiVersionsResponseDataJsonConverter;
import org.apache.kafka.common.message.MetadataRequestData;
import org.apache.kafka.common.message.MetadataResponseData;
import org.apache.kafka.common.message.MetadataResponseDataJsonConverter;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.Errors;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.ByteBuffer;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * (b) {@link DecodeResponse}: responses kafka-clients wrote, decoded with their requests' API and version, to the
 * names Kafka's {@code Errors} gives the error codes in Kafka's own JSON of them.
 */
class DecodeResponseTest {

    @Test
    void aMetadataResponsesErrorsAtEveryLevel() throws Exception {
        MetadataResponseData body = new MetadataResponseData().setThrottleTimeMs(0).setClusterId("kwire")
                .setControllerId(1).setErrorCode(Errors.NONE.code());
        body.brokers().add(new MetadataResponseData.MetadataResponseBroker().setNodeId(1).setHost("localhost")
                .setPort(9092));
        MetadataResponseData.MetadataResponseTopic orders = new MetadataResponseData.MetadataResponseTopic()
                .setName("orders").setTopicId(Uuid.fromString("kwireExamplesTopic0001")).setPartitions(List.of(
                        partition(0, Errors.NONE), partition(1, Errors.LEADER_NOT_AVAILABLE)));
        body.topics().add(orders);
        body.topics().add(new MetadataResponseData.MetadataResponseTopic().setName("missing")
                .setTopicId(Uuid.ZERO_UUID).setErrorCode(Errors.UNKNOWN_TOPIC_OR_PARTITION.code()));
        byte[] request = KafkaWire.request(ApiKeys.METADATA, 13, 7, "app", new MetadataRequestData()
                .setTopics(List.of(new MetadataRequestData.MetadataRequestTopic().setName("orders"),
                        new MetadataRequestData.MetadataRequestTopic().setName("missing"))));
        byte[] response = KafkaWire.response(ApiKeys.METADATA, 13, 7, body);

        List<String> errors = DecodeResponse.errors(ByteBuffer.wrap(request), ByteBuffer.wrap(response));

        List<String> kafka = errorNames(MetadataResponseDataJsonConverter.write(body, (short) 13, false));
        assertEquals(List.of("LEADER_NOT_AVAILABLE", "UNKNOWN_TOPIC_OR_PARTITION"), kafka);
        assertEquals(kafka, errors);
    }

    /** ApiVersions answers with a v0 response header whatever its version: the request tells which API it is. */
    @Test
    void anApiVersionsResponseRefusingTheVersion() throws Exception {
        ApiVersionsResponseData body = new ApiVersionsResponseData().setErrorCode(Errors.UNSUPPORTED_VERSION.code());
        body.apiKeys().add(new ApiVersionsResponseData.ApiVersion().setApiKey(ApiKeys.API_VERSIONS.id)
                .setMinVersion((short) 0).setMaxVersion((short) 3));
        byte[] request = KafkaWire.request(ApiKeys.API_VERSIONS, 3, 0, "app", new ApiVersionsRequestData()
                .setClientSoftwareName("kwire-examples").setClientSoftwareVersion("1.0"));
        byte[] response = KafkaWire.response(ApiKeys.API_VERSIONS, 3, 0, body);

        List<String> errors = DecodeResponse.errors(ByteBuffer.wrap(request), ByteBuffer.wrap(response));

        List<String> kafka = errorNames(ApiVersionsResponseDataJsonConverter.write(body, (short) 3, false));
        assertEquals(List.of("UNSUPPORTED_VERSION"), kafka);
        assertEquals(kafka, errors);
    }

    private static MetadataResponseData.MetadataResponsePartition partition(int index, Errors error) {
        return new MetadataResponseData.MetadataResponsePartition().setPartitionIndex(index).setErrorCode(error.code())
                .setLeaderId(1).setLeaderEpoch(0).setReplicaNodes(List.of(1)).setIsrNodes(List.of(1));
    }

    /** The names Kafka gives the non-zero errorCode fields of its JSON, in document order. */
    private static List<String> errorNames(JsonNode kafkaJson) {
        return KafkaWire.fields(kafkaJson, "errorCode").stream().map(code -> Errors.forCode((short) code.asInt()))
                .filter(e -> e != Errors.NONE).map(Errors::name).toList();
    }
}
