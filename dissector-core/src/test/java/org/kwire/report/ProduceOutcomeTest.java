package org.kwire.report;

import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.message.ProduceRequestData;
import org.apache.kafka.common.message.ProduceResponseData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.protocol.ObjectSerializationCache;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.SimpleRecord;
import org.apache.kafka.common.requests.ProduceRequest;
import org.apache.kafka.common.requests.RequestHeader;
import org.junit.jupiter.api.Test;
import org.kwire.conversation.KafkaConversation;
import org.kwire.frame.FrameInfo;
import org.kwire.frame.KafkaFrame;
import org.kwire.plan.PlanCache;
import org.kwire.protocol.HeaderDecoder;
import org.kwire.protocol.ResponseFrame;
import org.kwire.records.RecordsDecoder;
import org.kwire.records.RecordsOptions;
import org.kwire.schema.SchemaRegistry;
import org.kwire.summary.ExchangeFilter;
import org.kwire.summary.ExchangeTracker;
import org.kwire.summary.FrameSummarizer;
import org.kwire.summary.TopicNames;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What became of produced records, from Produce requests and responses built by kafka-clients: per partition acked
 * (error code 0), rejected by error name, or unconfirmed (no response); summed per topic.
 */
class ProduceOutcomeTest {

    private final SchemaRegistry schemas = SchemaRegistry.bundled();
    private final PlanCache plans = new PlanCache(schemas);
    private final TopicNames topics = new TopicNames();
    private final ReportBuilder report = new ReportBuilder(schemas, topics, 10);
    private final ExchangeTracker tracker = new ExchangeTracker(new FrameSummarizer(plans,
            new RecordsDecoder(RecordsOptions.defaults()), topics), ExchangeFilter.ALL, List.of(report));
    private final KafkaConversation conversation = new KafkaConversation(0, "10.0.0.1:5000", "10.0.0.2:9092",
            tracker.summarizer(), tracker, 100);
    private final HeaderDecoder headers = new HeaderDecoder(schemas);

    private static KafkaFrame frame(ByteBuffer withoutPrefix, long nanos) {
        ByteBuffer b = ByteBuffer.allocate(4 + withoutPrefix.remaining()).putInt(withoutPrefix.remaining()).put(withoutPrefix).flip();
        return new KafkaFrame(b, new FrameInfo(b.limit(), 0, 1, 1, nanos, nanos));
    }

    private static MemoryRecords records(int n) {
        SimpleRecord[] r = new SimpleRecord[n];
        for (int i = 0; i < n; i++) {
            r[i] = new SimpleRecord(("value " + i).getBytes());
        }
        return MemoryRecords.withRecords(Compression.NONE, r);
    }

    /** Produce v9 to topic "t": partition 0 gets 3 records, partition 1 gets 2, partition 2 gets 4. */
    private KafkaFrame produce(int correlationId, short acks) {
        ProduceRequestData.TopicProduceData t = new ProduceRequestData.TopicProduceData().setName("t");
        int[] counts = {3, 2, 4};
        for (int p = 0; p < counts.length; p++) {
            t.partitionData().add(new ProduceRequestData.PartitionProduceData().setIndex(p).setRecords(records(counts[p])));
        }
        ProduceRequestData data = new ProduceRequestData().setAcks(acks).setTimeoutMs(1000);
        data.topicData().add(t);
        return frame(new ProduceRequest(data, (short) 9).serializeWithHeader(
                new RequestHeader(ApiKeys.PRODUCE, (short) 9, "producer", correlationId)), 1);
    }

    /** The response: partition 0 written, partition 1 NOT_LEADER_OR_FOLLOWER, partition 2 not named. */
    private static KafkaFrame response(int correlationId) {
        return response(correlationId, Errors.NONE, Errors.NOT_LEADER_OR_FOLLOWER);
    }

    /** A response naming partition 0 with {@code p0} and partition 1 with {@code p1}. */
    private static KafkaFrame response(int correlationId, Errors p0, Errors p1) {
        ProduceResponseData.TopicProduceResponse t = new ProduceResponseData.TopicProduceResponse().setName("t");
        t.partitionResponses().add(new ProduceResponseData.PartitionProduceResponse().setIndex(0).setErrorCode(p0.code()));
        t.partitionResponses().add(new ProduceResponseData.PartitionProduceResponse().setIndex(1)
                .setErrorCode(p1.code()));
        ProduceResponseData data = new ProduceResponseData();
        data.responses().add(t);
        ObjectSerializationCache cache = new ObjectSerializationCache();
        ByteBuffer b = ByteBuffer.allocate(5 + data.size(cache, (short) 9)).putInt(correlationId).put((byte) 0);
        data.write(new ByteBufferAccessor(b), cache, (short) 9);
        return frame(b.flip(), 2);
    }

    @Test
    void recordsAreAckedRejectedOrUnconfirmedPerPartition() {
        conversation.onRequestFrame(headers.requestFrame(produce(1, (short) -1)));
        conversation.onResponseFrame(ResponseFrame.of(response(1)));
        conversation.onRequestFrame(headers.requestFrame(produce(2, (short) 0))); // acks=0: no response comes
        conversation.onRequestFrame(headers.requestFrame(produce(3, (short) 1))); // the connection ends first
        conversation.end();
        tracker.finish();
        Report r = report.build(new CaptureSummary(List.of(), 0, 0, null, null, 0, 0, 0, 0, 0));
        List<String> got = new ArrayList<>();
        for (PartitionStats p : r.partitions()) {
            RecordStats s = p.produce();
            got.add(p.topic() + "/" + p.partition() + " " + s.records() + " acked " + s.ackedRecords() + " rejected "
                    + s.rejectedRecords() + " unconfirmed " + s.unconfirmedRecords());
        }
        assertEquals(List.of("t/0 9 acked 3 rejected {} unconfirmed 6", "t/1 6 acked 0 rejected {NOT_LEADER_OR_FOLLOWER=2} unconfirmed 4",
                "t/2 12 acked 0 rejected {} unconfirmed 12"), got);
        TopicStats t = r.topics().get(0);
        assertEquals(27, t.producedRecords());
        assertEquals(3, t.ackedRecords());
        assertEquals(2, t.rejectedRecords());
        assertEquals(22, t.unconfirmedRecords());
        ApiStats produce = r.apis().get(0);
        assertEquals(3, produce.requests());
        assertEquals(1, produce.unmatchedRequests());
        assertEquals(1, produce.noResponseExpected());
        assertEquals(Map.of("9", 3L), produce.versions());
        assertEquals(1, produce.errorResponses());
    }

    /**
     * A response carrying two different error codes is one error response ({@code apis[].error_responses}), while each
     * code counts it in its own {@code errors[].responses}; a response with the same code twice counts once in both.
     */
    @Test
    void aResponseWithTwoErrorCodesIsOneErrorResponse() {
        conversation.onRequestFrame(headers.requestFrame(produce(1, (short) -1)));
        conversation.onResponseFrame(ResponseFrame.of(response(1, Errors.MESSAGE_TOO_LARGE, Errors.NOT_LEADER_OR_FOLLOWER)));
        conversation.onRequestFrame(headers.requestFrame(produce(2, (short) -1)));
        conversation.onResponseFrame(ResponseFrame.of(response(2, Errors.NOT_LEADER_OR_FOLLOWER, Errors.NOT_LEADER_OR_FOLLOWER)));
        conversation.onRequestFrame(headers.requestFrame(produce(3, (short) -1)));
        conversation.onResponseFrame(ResponseFrame.of(response(3, Errors.NONE, Errors.NONE)));
        conversation.end();
        tracker.finish();
        ApiStats produce = report.build(new CaptureSummary(List.of(), 0, 0, null, null, 0, 0, 0, 0, 0)).apis().get(0);
        assertEquals(3, produce.responses());
        assertEquals(2, produce.errorResponses());
        List<String> perCode = produce.errors().stream().map(e -> e.name() + " count " + e.count() + " responses " + e.responses()).toList();
        assertEquals(List.of("NOT_LEADER_OR_FOLLOWER count 3 responses 2", "MESSAGE_TOO_LARGE count 1 responses 1"), perCode);
        ApiPart part = report.part(0, 1).apis().get(0);
        assertEquals(2, part.errorResponses());
        ApiPart twice = part.merge(part, FrameOrder.NATURAL);
        assertEquals(4, twice.errorResponsesKnown());
        ApiPart old = new ApiPart(part.apiKey(), part.versions(), part.requests(), part.responses(), part.unmatchedRequests(),
                part.noResponseExpected(), part.unmatchedResponses(), part.requestBytes(), part.responseBytes(),
                part.latencyHistogram(), part.minLatencyUs(), part.maxLatencyUs(), part.longPolls(), part.errors(),
                part.errorTopics(), 0);
        assertEquals(3, old.errorResponsesKnown(), "a partial written before error_responses: 1 + 2 per code, at most 3 responses");
    }
}
