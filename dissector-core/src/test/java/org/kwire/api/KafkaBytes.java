package org.kwire.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.message.ApiVersionsResponseData;
import org.apache.kafka.common.message.ApiVersionsResponseDataJsonConverter;
import org.apache.kafka.common.message.MetadataRequestData;
import org.apache.kafka.common.message.MetadataRequestDataJsonConverter;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.ObjectSerializationCache;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.RecordBatch;
import org.apache.kafka.common.record.internal.SimpleRecord;
import org.apache.kafka.common.requests.MetadataRequest;
import org.apache.kafka.common.requests.RequestHeader;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Frames and records built by kafka-clients, the oracle of the front door's tests, with Kafka's JSON of them. */
final class KafkaBytes {

    static final ObjectMapper JSON = new ObjectMapper();
    static final short METADATA_V12 = 12;
    static final short API_VERSIONS_V3 = 3;

    private KafkaBytes() {
    }

    static MetadataRequestData metadata() {
        return new MetadataRequestData().setAllowAutoTopicCreation(false).setTopics(List.of(
                new MetadataRequestData.MetadataRequestTopic().setName("orders").setTopicId(Uuid.ZERO_UUID)));
    }

    /** A Metadata v12 request, correlation_id 42, client_id "app": header and body, no size prefix. */
    static byte[] metadataRequest() {
        ByteBuffer b = new MetadataRequest.Builder(metadata()).build(METADATA_V12)
                .serializeWithHeader(new RequestHeader(ApiKeys.METADATA, METADATA_V12, "app", 42));
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return out;
    }

    /** {@code bytes} behind their 4-byte size prefix. */
    static byte[] prefixed(byte[] bytes) {
        return ByteBuffer.allocate(4 + bytes.length).putInt(bytes.length).put(bytes).array();
    }

    static JsonNode metadataJson() throws Exception {
        return JSON.readTree(MetadataRequestDataJsonConverter.write(metadata(), METADATA_V12, false).toString());
    }

    static ApiVersionsResponseData apiVersions() {
        ApiVersionsResponseData data = new ApiVersionsResponseData().setErrorCode((short) 35).setThrottleTimeMs(5);
        data.apiKeys().add(new ApiVersionsResponseData.ApiVersion().setApiKey((short) 3).setMinVersion((short) 0)
                .setMaxVersion((short) 12));
        return data;
    }

    /** An ApiVersions v3 response (header v0) to correlation_id {@code correlationId}, size-prefixed. */
    static byte[] apiVersionsResponse(int correlationId) {
        ObjectSerializationCache cache = new ObjectSerializationCache();
        int size = 4 + apiVersions().size(cache, API_VERSIONS_V3);
        ByteBuffer b = ByteBuffer.allocate(4 + size).putInt(size).putInt(correlationId);
        apiVersions().write(new ByteBufferAccessor(b), cache, API_VERSIONS_V3);
        return b.array();
    }

    static JsonNode apiVersionsJson() throws Exception {
        return JSON.readTree(ApiVersionsResponseDataJsonConverter.write(apiVersions(), API_VERSIONS_V3, false).toString());
    }

    /** One gzip'd RecordBatch v2 of three records at base offset 100, as a records field holds it. */
    static byte[] gzipBatch() {
        MemoryRecords r = MemoryRecords.withRecords(RecordBatch.MAGIC_VALUE_V2, 100L, Compression.gzip().build(),
                TimestampType.CREATE_TIME, record("a"), record("b"), record("c"));
        byte[] out = new byte[r.sizeInBytes()];
        r.buffer().duplicate().get(out);
        return out;
    }

    private static SimpleRecord record(String value) {
        return new SimpleRecord(1_700_000_000_000L, "key".getBytes(StandardCharsets.UTF_8),
                value.getBytes(StandardCharsets.UTF_8));
    }
}
