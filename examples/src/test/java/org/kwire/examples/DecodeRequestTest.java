package org.kwire.examples;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.message.MetadataRequestData;
import org.apache.kafka.common.message.MetadataRequestDataJsonConverter;
import org.apache.kafka.common.protocol.ApiKeys;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** (a) {@link DecodeRequest}: a Metadata v12 request kafka-clients wrote, to the line with Kafka's own JSON body. */
class DecodeRequestTest {

    @Test
    void aRequestFrameToOneLineWithKafkasJson() throws Exception {
        MetadataRequestData body = new MetadataRequestData().setAllowAutoTopicCreation(false)
                .setIncludeTopicAuthorizedOperations(true).setTopics(List.of(
                        new MetadataRequestData.MetadataRequestTopic().setName("orders").setTopicId(Uuid.ZERO_UUID),
                        new MetadataRequestData.MetadataRequestTopic().setName("payments").setTopicId(Uuid.ZERO_UUID)));
        byte[] wire = KafkaWire.request(ApiKeys.METADATA, 12, 42, "app", body);
        ByteBuffer buffer = ByteBuffer.wrap(wire);

        String line = DecodeRequest.describe(buffer);

        String head = "Metadata v12 #42 app ";
        assertEquals(head, line.substring(0, head.length()), line);
        JsonNode kafka = MetadataRequestDataJsonConverter.write(body, (short) 12, false);
        assertEquals(KafkaWire.normalized(kafka), KafkaWire.JSON.readTree(line.substring(head.length())));
        assertEquals("{\"topics\":[{\"topicId\":\"AAAAAAAAAAAAAAAAAAAAAA\",\"name\":\"orders\"},{\"topicId\":"
                + "\"AAAAAAAAAAAAAAAAAAAAAA\",\"name\":\"payments\"}],\"allowAutoTopicCreation\":false,"
                + "\"includeTopicAuthorizedOperations\":true}", line.substring(head.length()));
        assertEquals(0, buffer.position(), "the caller's buffer is left as it was");
    }
}
