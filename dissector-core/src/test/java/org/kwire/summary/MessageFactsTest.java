package org.kwire.summary;

import org.apache.kafka.common.message.AddPartitionsToTxnRequestData;
import org.apache.kafka.common.message.ApiVersionsRequestData;
import org.apache.kafka.common.message.ApiVersionsResponseData;
import org.apache.kafka.common.message.EndTxnRequestData;
import org.apache.kafka.common.message.FetchRequestData;
import org.apache.kafka.common.message.InitProducerIdResponseData;
import org.apache.kafka.common.message.JoinGroupRequestData;
import org.apache.kafka.common.protocol.ApiMessage;
import org.apache.kafka.common.protocol.MessageUtil;
import org.junit.jupiter.api.Test;
import org.kwire.frame.FrameInfo;
import org.kwire.frame.KafkaFrame;
import org.kwire.plan.PlanCache;
import org.kwire.records.RecordsDecoder;
import org.kwire.records.RecordsOptions;
import org.kwire.schema.Direction;
import org.kwire.schema.SchemaRegistry;

import java.nio.ByteBuffer;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The named fields the report's sections read, from bodies built and serialized by kafka-clients' own generated
 * classes: what each message says is what {@link MessageFacts} holds.
 */
class MessageFactsTest {

    private final FrameSummarizer summarizer = new FrameSummarizer(new PlanCache(SchemaRegistry.bundled()),
            new RecordsDecoder(RecordsOptions.defaults()), new TopicNames());

    private FrameSummary summarize(ApiMessage m, Direction d, int version) {
        ByteBuffer body = MessageUtil.toByteBufferAccessor(m, (short) version).buffer();
        ByteBuffer frame = ByteBuffer.allocate(4 + body.remaining()).putInt(body.remaining()).put(body).flip();
        return summarizer.summarize(new KafkaFrame(frame, new FrameInfo(frame.limit(), 0, 1, 1, 0, 0)), 4, m.apiKey(), d,
                version, 0);
    }

    @Test
    void waitsAndGroups() {
        assertEquals(500, summarize(new FetchRequestData().setMaxWaitMs(500), Direction.REQUEST, 17).message().maxWaitMs());
        MessageFacts v5 = summarize(new JoinGroupRequestData().setGroupId("g").setRebalanceTimeoutMs(60_000)
                .setSessionTimeoutMs(45_000), Direction.REQUEST, 5).message();
        assertEquals("g 60000 45000", v5.groupId() + " " + v5.rebalanceTimeoutMs() + " " + v5.sessionTimeoutMs());
        MessageFacts v0 = summarize(new JoinGroupRequestData().setGroupId("old").setSessionTimeoutMs(10_000),
                Direction.REQUEST, 0).message();
        assertEquals("old -1 10000", v0.groupId() + " " + v0.rebalanceTimeoutMs() + " " + v0.sessionTimeoutMs());
    }

    @Test
    void transactions() {
        MessageFacts end = summarize(new EndTxnRequestData().setTransactionalId("t").setProducerId(7).setProducerEpoch((short) 2)
                .setCommitted(false), Direction.REQUEST, 4).message();
        assertEquals("t 7 2 false", end.transactionalId() + " " + end.producerId() + " " + end.producerEpoch() + " " + end.committed());
        AddPartitionsToTxnRequestData.AddPartitionsToTxnTopicCollection topics =
                new AddPartitionsToTxnRequestData.AddPartitionsToTxnTopicCollection();
        topics.add(new AddPartitionsToTxnRequestData.AddPartitionsToTxnTopic().setName("orders").setPartitions(List.of(0, 1)));
        FrameSummary add = summarize(new AddPartitionsToTxnRequestData().setV3AndBelowTransactionalId("t")
                .setV3AndBelowProducerId(7).setV3AndBelowProducerEpoch((short) 2).setV3AndBelowTopics(topics), Direction.REQUEST, 3);
        assertEquals("t 7 2", add.message().transactionalId() + " " + add.message().producerId() + " " + add.message().producerEpoch());
        assertEquals(List.of(new FrameSummary.PartitionRef("orders", null, 0), new FrameSummary.PartitionRef("orders", null, 1)),
                add.partitions());
        // v4+: a broker adds partitions for producers (transaction.version 2, KIP-890); one transaction names its id
        AddPartitionsToTxnRequestData.AddPartitionsToTxnTransactionCollection txns =
                new AddPartitionsToTxnRequestData.AddPartitionsToTxnTransactionCollection();
        txns.add(new AddPartitionsToTxnRequestData.AddPartitionsToTxnTransaction().setTransactionalId("t").setProducerId(7)
                .setProducerEpoch((short) 2).setVerifyOnly(false));
        MessageFacts v5 = summarize(new AddPartitionsToTxnRequestData().setTransactions(txns), Direction.REQUEST, 5).message();
        assertEquals("t 7 2 false", v5.transactionalId() + " " + v5.producerId() + " " + v5.producerEpoch() + " " + v5.verifyOnly());
        txns.add(new AddPartitionsToTxnRequestData.AddPartitionsToTxnTransaction().setTransactionalId("u").setProducerId(8)
                .setVerifyOnly(true));
        MessageFacts two = summarize(new AddPartitionsToTxnRequestData().setTransactions(txns), Direction.REQUEST, 5).message();
        assertEquals("null false", two.transactionalId() + " " + two.verifyOnly(), "two transactions: no one id");
        MessageFacts init = summarize(new InitProducerIdResponseData().setProducerId(42).setProducerEpoch((short) 3),
                Direction.RESPONSE, 5).message();
        assertEquals("42 3", init.producerId() + " " + init.producerEpoch());
    }

    @Test
    void apiVersions() {
        MessageFacts req = summarize(new ApiVersionsRequestData().setClientSoftwareName("apache-kafka-java")
                .setClientSoftwareVersion("4.4.0"), Direction.REQUEST, 3).message();
        assertEquals("apache-kafka-java 4.4.0", req.clientSoftwareName() + " " + req.clientSoftwareVersion());

        ApiVersionsResponseData resp = new ApiVersionsResponseData().setFinalizedFeaturesEpoch(5);
        resp.apiKeys().add(new ApiVersionsResponseData.ApiVersion().setApiKey((short) 0).setMinVersion((short) 3).setMaxVersion((short) 13));
        resp.apiKeys().add(new ApiVersionsResponseData.ApiVersion().setApiKey((short) 18).setMinVersion((short) 0).setMaxVersion((short) 4));
        resp.supportedFeatures().add(new ApiVersionsResponseData.SupportedFeatureKey().setName("metadata.version")
                .setMinVersion((short) 7).setMaxVersion((short) 27));
        resp.finalizedFeatures().add(new ApiVersionsResponseData.FinalizedFeatureKey().setName("metadata.version")
                .setMinVersionLevel((short) 27).setMaxVersionLevel((short) 27));
        MessageFacts m = summarize(resp, Direction.RESPONSE, 3).message();
        assertEquals(List.of(new MessageFacts.ApiRange(0, 3, 13), new MessageFacts.ApiRange(18, 0, 4)), m.apiRanges());
        assertEquals(List.of(new MessageFacts.FeatureRange("metadata.version", 7, 27)), m.supportedFeatures());
        assertEquals(List.of(new MessageFacts.FeatureRange("metadata.version", 27, 27)), m.finalizedFeatures());
        assertEquals(5, m.finalizedFeaturesEpoch());
    }
}
