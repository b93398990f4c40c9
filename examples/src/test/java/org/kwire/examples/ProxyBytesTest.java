package org.kwire.examples;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.message.ApiVersionsRequestData;
import org.apache.kafka.common.message.ApiVersionsRequestDataJsonConverter;
import org.apache.kafka.common.message.ApiVersionsResponseData;
import org.apache.kafka.common.message.ApiVersionsResponseDataJsonConverter;
import org.apache.kafka.common.message.MetadataRequestData;
import org.apache.kafka.common.message.MetadataRequestDataJsonConverter;
import org.apache.kafka.common.message.MetadataResponseData;
import org.apache.kafka.common.message.MetadataResponseDataJsonConverter;
import org.apache.kafka.common.message.ProduceRequestData;
import org.apache.kafka.common.message.ProduceRequestDataJsonConverter;
import org.apache.kafka.common.message.ProduceResponseData;
import org.apache.kafka.common.message.ProduceResponseDataJsonConverter;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.SimpleRecord;
import org.junit.jupiter.api.Test;
import org.kwire.api.DecodedFrame;
import org.kwire.api.KafkaExchange;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * (e) {@link ProxyBytes}: one connection's two byte streams as kafka-clients writes them (ApiVersions, Metadata, a
 * Produce the broker refuses, a Produce with acks=0, never answered), read in a proxy's cuts (half a frame,
 * two frames and a half), to frames whose values are Kafka's own JSON of each message and to the four exchanges.
 */
class ProxyBytesTest {

    private static final ApiVersionsRequestData API_VERSIONS = new ApiVersionsRequestData()
            .setClientSoftwareName("kwire-examples").setClientSoftwareVersion("1.0");
    private static final MetadataRequestData METADATA = new MetadataRequestData().setAllowAutoTopicCreation(false)
            .setTopics(List.of(new MetadataRequestData.MetadataRequestTopic().setName("orders")));

    @Test
    void aProxysReadsToFramesAndExchanges() throws Exception {
        ApiVersionsResponseData versions = new ApiVersionsResponseData();
        versions.apiKeys().add(new ApiVersionsResponseData.ApiVersion().setApiKey(ApiKeys.PRODUCE.id)
                .setMinVersion((short) 3).setMaxVersion((short) 13));
        MetadataResponseData metadata = new MetadataResponseData().setClusterId("kwire").setControllerId(1);
        metadata.brokers().add(new MetadataResponseData.MetadataResponseBroker().setNodeId(1).setHost("localhost")
                .setPort(9092));
        metadata.topics().add(new MetadataResponseData.MetadataResponseTopic().setName("orders")
                .setTopicId(Uuid.fromString("kwireExamplesTopic0001")).setPartitions(List.of(
                        new MetadataResponseData.MetadataResponsePartition().setPartitionIndex(0).setLeaderId(1)
                                .setReplicaNodes(List.of(1)).setIsrNodes(List.of(1)))));
        ProduceRequestData produce = produce(-1, "x", "y");
        ProduceRequestData fireAndForget = produce(0, "z");
        ProduceResponseData refused = new ProduceResponseData();
        refused.responses().add(new ProduceResponseData.TopicProduceResponse().setName("orders")
                .setPartitionResponses(List.of(new ProduceResponseData.PartitionProduceResponse().setIndex(0)
                        .setErrorCode(Errors.NOT_LEADER_OR_FOLLOWER.code()).setBaseOffset(-1))));

        byte[] request0 = KafkaWire.request(ApiKeys.API_VERSIONS, 3, 0, "shop", API_VERSIONS);
        byte[] request1 = KafkaWire.request(ApiKeys.METADATA, 12, 1, "shop", METADATA);
        byte[] response1 = KafkaWire.response(ApiKeys.METADATA, 12, 1, metadata);
        List<ProxyBytes.Read> reads = List.of(
                client(Arrays.copyOf(request0, 10)), // half a frame
                client(Arrays.copyOfRange(request0, 10, request0.length), request1),
                broker(KafkaWire.response(ApiKeys.API_VERSIONS, 3, 0, versions), Arrays.copyOf(response1, 20)),
                broker(Arrays.copyOfRange(response1, 20, response1.length)),
                client(KafkaWire.request(ApiKeys.PRODUCE, 9, 2, "shop", produce),
                        KafkaWire.request(ApiKeys.PRODUCE, 9, 3, "shop", fireAndForget)),
                broker(KafkaWire.response(ApiKeys.PRODUCE, 9, 2, refused)));
        List<DecodedFrame> frames = new ArrayList<>();
        List<KafkaExchange> exchanges = new ArrayList<>();

        ProxyBytes.decode(reads, frames::add, exchanges::add);

        List<JsonNode> kafka = List.of(
                ApiVersionsRequestDataJsonConverter.write(API_VERSIONS, (short) 3, false),
                MetadataRequestDataJsonConverter.write(METADATA, (short) 12, false),
                ApiVersionsResponseDataJsonConverter.write(versions, (short) 3, false),
                MetadataResponseDataJsonConverter.write(metadata, (short) 12, false),
                ProduceRequestDataJsonConverter.write(produce, (short) 9, false),
                ProduceRequestDataJsonConverter.write(fireAndForget, (short) 9, false),
                ProduceResponseDataJsonConverter.write(refused, (short) 9, false));
        assertEquals(List.of("request ApiVersions v3 #0", "request Metadata v12 #1", "response ApiVersions v3 #0",
                "response Metadata v12 #1", "request Produce v9 #2", "request Produce v9 #3", "response Produce v9 #2"),
                frames.stream().map(DecodedFrame::toString).toList());
        for (int i = 0; i < kafka.size(); i++) {
            assertEquals(KafkaWire.normalized(kafka.get(i)),
                    KafkaWire.withoutErrorNames(frames.get(i).values().orElseThrow()), frames.get(i).toString());
        }
        // acks=0: no response is due, so the request is an exchange as soon as it is seen, before #2's answer
        assertEquals(List.of("ApiVersions #0 shop [] answered", "Metadata #1 shop [] answered",
                "Produce #3 shop [] unanswered", "Produce #2 shop [6] answered"),
                exchanges.stream().map(ProxyBytesTest::describe).toList());
        assertEquals(Errors.NOT_LEADER_OR_FOLLOWER.code(), exchanges.get(3).errorCodes().get(0).shortValue());
    }

    private static ProduceRequestData produce(int acks, String... values) {
        SimpleRecord[] records = new SimpleRecord[values.length];
        for (int i = 0; i < values.length; i++) {
            records[i] = new SimpleRecord(1_700_000_000_000L, values[i].getBytes(StandardCharsets.UTF_8));
        }
        ProduceRequestData.TopicProduceDataCollection topics = new ProduceRequestData.TopicProduceDataCollection();
        topics.add(new ProduceRequestData.TopicProduceData().setName("orders").setPartitionData(List.of(
                new ProduceRequestData.PartitionProduceData().setIndex(0)
                        .setRecords(MemoryRecords.withRecords(Compression.NONE, records)))));
        return new ProduceRequestData().setAcks((short) acks).setTimeoutMs(30_000).setTopicData(topics);
    }

    private static ProxyBytes.Read client(byte[]... reads) {
        return new ProxyBytes.Read(true, ByteBuffer.wrap(concat(reads)));
    }

    private static ProxyBytes.Read broker(byte[]... reads) {
        return new ProxyBytes.Read(false, ByteBuffer.wrap(concat(reads)));
    }

    private static byte[] concat(byte[]... parts) {
        ByteBuffer all = ByteBuffer.allocate(Arrays.stream(parts).mapToInt(p -> p.length).sum());
        Arrays.stream(parts).forEach(all::put);
        return all.array();
    }

    private static String describe(KafkaExchange e) {
        return e.apiName().orElse("?") + " #" + e.correlationId() + " " + e.clientId().orElse("-") + " "
                + e.errorCodes() + (e.responseSeen() ? " answered" : " unanswered");
    }
}
