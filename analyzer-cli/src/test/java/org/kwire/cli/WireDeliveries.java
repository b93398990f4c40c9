package org.kwire.cli;

import org.apache.kafka.common.message.FetchRequestData;
import org.apache.kafka.common.message.FetchResponseData;
import org.apache.kafka.common.message.ProduceResponseData;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.record.internal.DefaultRecordBatch;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.RecordBatch;
import org.kwire.capture.CaptureAnalyzer;
import org.kwire.conversation.ConversationListener;
import org.kwire.conversation.Exchange;
import org.kwire.conversation.KafkaConversation;
import org.kwire.conversation.RequestRecord;
import org.kwire.expert.ExpertNote;
import org.kwire.frame.FrameInfo;
import org.kwire.frame.KafkaFrame;
import org.kwire.plan.PlanCache;
import org.kwire.protocol.KafkaRequestHeader;
import org.kwire.protocol.RequestFrame;
import org.kwire.records.RecordsDecoder;
import org.kwire.records.RecordsOptions;
import org.kwire.schema.SchemaRegistry;
import org.kwire.stream.StreamOptions;
import org.kwire.stream.StreamStage;
import org.kwire.stream.TlsKeys;
import org.kwire.summary.FrameFindings;
import org.kwire.summary.FrameSummarizer;
import org.kwire.summary.TopicNames;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The end-to-end truth of a capture, read with Kafka's own classes: kwire's stream stage cuts the TCP streams into
 * frames (its framing is tested on its own), kafka-clients decodes the bodies ({@code ProduceResponseData},
 * {@code FetchRequestData}, {@code FetchResponseData}, {@code MemoryRecords}). Per topic-partition and base offset:
 * the first Produce response that gave a batch that base offset without error, and the first Fetch response of a
 * consumer (replica id &lt; 0) holding a batch, not a control batch, with that base offset; each with its last
 * packet's number and capture time.
 */
final class WireDeliveries {

    /** A Produce response's batch: its response frame and time. */
    record Produced(long frame, long nanos) {
    }

    /** A consumer's first fetch of a batch: its response frame and time, the batch's timestamps. */
    record Fetched(long frame, long nanos, long firstTimestamp, long maxTimestamp, boolean createTime) {
    }

    /** By {@code topic/partition/baseOffset} (topic: name, or id as Kafka spells it), in capture order. */
    final Map<String, Produced> produced = new LinkedHashMap<>();
    final Map<String, Fetched> fetched = new LinkedHashMap<>();

    private WireDeliveries() {
    }

    /** The capture's produced batches and first consumer fetches, on the broker ports {@code ports}. */
    static WireDeliveries read(Path capture, Set<Integer> ports) throws Exception {
        WireDeliveries w = new WireDeliveries();
        Map<RequestRecord, Boolean> consumers = new IdentityHashMap<>();
        ConversationListener listener = new ConversationListener() {
            @Override
            public void onRequest(KafkaConversation c, RequestFrame frame, RequestRecord record) {
                KafkaRequestHeader h = frame.header();
                if (h.apiKey() == 1) {
                    FetchRequestData d = new FetchRequestData();
                    d.read(new ByteBufferAccessor(body(frame.frame(), h.bodyOffset())), h.apiVersion());
                    int replica = h.apiVersion() >= 15 ? d.replicaState().replicaId() : d.replicaId();
                    consumers.put(record, replica < 0);
                }
            }

            @Override
            public void onResponse(Exchange e, KafkaFrame frame, FrameFindings decoded) {
                ByteBuffer body = body(frame, 4 + e.response().header().length());
                short version = (short) e.apiVersion();
                if (e.apiKey() == 0) {
                    ProduceResponseData d = new ProduceResponseData();
                    d.read(new ByteBufferAccessor(body), version);
                    for (ProduceResponseData.TopicProduceResponse t : d.responses()) {
                        for (ProduceResponseData.PartitionProduceResponse p : t.partitionResponses()) {
                            if (p.errorCode() == 0 && p.baseOffset() >= 0) {
                                w.produced.putIfAbsent(key(t.name(), t.topicId(), p.index(), p.baseOffset()),
                                        new Produced(frame.meta().lastPacket(), frame.meta().lastTimestampNanos()));
                            }
                        }
                    }
                } else if (e.apiKey() == 1 && consumers.getOrDefault(e.request(), false)) {
                    FetchResponseData d = new FetchResponseData();
                    d.read(new ByteBufferAccessor(body), version);
                    for (FetchResponseData.FetchableTopicResponse t : d.responses()) {
                        for (FetchResponseData.PartitionData p : t.partitions()) {
                            fetched(t, p, frame.meta());
                        }
                    }
                }
            }

            private void fetched(FetchResponseData.FetchableTopicResponse t, FetchResponseData.PartitionData p,
                                 FrameInfo at) {
                if (!(p.records() instanceof MemoryRecords records)) {
                    return;
                }
                for (RecordBatch b : records.batches()) {
                    if (!b.isControlBatch()) {
                        boolean createTime = b.timestampType() == TimestampType.CREATE_TIME;
                        long first = b instanceof DefaultRecordBatch d ? d.baseTimestamp() : b.maxTimestamp();
                        w.fetched.putIfAbsent(key(t.topic(), t.topicId(), p.partitionIndex(), b.baseOffset()),
                                new Fetched(at.lastPacket(), at.lastTimestampNanos(), first, b.maxTimestamp(), createTime));
                    }
                }
            }

            @Override
            public void onUnmatchedRequest(Exchange exchange) {
            }

            @Override
            public void onNote(KafkaConversation c, ExpertNote note) {
            }
        };
        SchemaRegistry schemas = SchemaRegistry.bundled();
        FrameSummarizer summarizer = new FrameSummarizer(new PlanCache(schemas),
                new RecordsDecoder(RecordsOptions.defaults()), new TopicNames());
        new CaptureAnalyzer(new StreamStage(new StreamOptions(ports, 100 << 20, 1000), TlsKeys.none(), summarizer,
                listener)).analyze(List.of(capture), List.of(capture.toString()));
        return w;
    }

    /**
     * What the report's {@code end_to_end} must say of one topic, computed here from the pairs: produced and delivered
     * batches, those delivered before their Produce response, and the latencies (µs) as the report defines them.
     */
    record Topic(long produced, long delivered, long beforeResponse, List<Long> latency, List<Long> fromFirst,
                 List<Long> fromMax, long clockAhead, long withoutCreateTime) {
    }

    /**
     * Per topic (ids named by {@code names}): each produced batch paired with its first consumer fetch; the latency
     * from the Produce response's last packet to the Fetch response's, 0 if the fetch came first; CreateTime from the
     * fetched batch's first and max timestamps (ms) to the Fetch response's capture time.
     */
    Map<String, Topic> outcomes(Map<String, String> names) {
        Map<String, Topic> out = new java.util.TreeMap<>();
        produced.forEach((key, p) -> {
            String topic = names.getOrDefault(key.substring(0, key.indexOf('/')), key.substring(0, key.indexOf('/')));
            Topic t = out.computeIfAbsent(topic, k -> new Topic(0, 0, 0, new java.util.ArrayList<>(),
                    new java.util.ArrayList<>(), new java.util.ArrayList<>(), 0, 0));
            Fetched f = fetched.get(key);
            long delivered = f == null ? 0 : 1;
            boolean before = f != null && f.frame() < p.frame();
            long ahead = 0;
            long without = 0;
            if (f != null) {
                t.latency().add(before ? 0 : Math.max(0, f.nanos() - p.nanos()) / 1000);
                long now = f.nanos() / 1000;
                if (!f.createTime() || f.maxTimestamp() < 0) {
                    without = 1;
                } else if (now < f.maxTimestamp() * 1000) {
                    ahead = 1;
                } else {
                    t.fromFirst().add(now - f.firstTimestamp() * 1000);
                    t.fromMax().add(now - f.maxTimestamp() * 1000);
                }
            }
            out.put(topic, new Topic(t.produced() + 1, t.delivered() + delivered, t.beforeResponse() + (before ? 1 : 0),
                    t.latency(), t.fromFirst(), t.fromMax(), t.clockAhead() + ahead, t.withoutCreateTime() + without));
        });
        return out;
    }

    /**
     * A latency summary as the report gives one: {@code count min p50 p90 p99 max} in µs, the percentiles those of an
     * HdrHistogram of 3 significant digits up to an hour, within the exact extremes; {@code null} for no values.
     */
    static String summary(List<Long> values) {
        if (values.isEmpty()) {
            return "null";
        }
        org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(3_600_000_000L, 3);
        values.forEach(v -> h.recordValue(Math.min(v, 3_600_000_000L)));
        long min = java.util.Collections.min(values);
        long max = java.util.Collections.max(values);
        StringBuilder b = new StringBuilder(values.size() + " " + min);
        for (double p : new double[] {50, 90, 99}) {
            b.append(' ').append(Math.max(min, Math.min(max, h.getValueAtPercentile(p))));
        }
        return b.append(' ').append(max).toString();
    }

    /**
     * Asserts that a report's {@code end_to_end} says, topic by topic, what {@code truth} says: the batches produced,
     * delivered, undelivered (none let go), delivered before their Produce response; each latency summary, exactly.
     */
    static void assertReported(Map<String, Topic> truth, com.fasterxml.jackson.databind.JsonNode e2e) {
        for (com.fasterxml.jackson.databind.JsonNode t : e2e.get("topics")) {
            Topic w = truth.get(t.get("topic").asText());
            assertEquals(List.of(w.produced(), w.delivered(), w.produced() - w.delivered(), 0L, w.beforeResponse()),
                    List.of(t.get("produced_batches").asLong(), t.get("delivered_batches").asLong(),
                            t.get("undelivered_batches").asLong(), t.get("omitted_batches").asLong(),
                            t.get("delivered_before_produce_response").asLong()), t.get("topic").asText());
            assertEquals(summary(w.latency()), summary(t.get("latency")), "latency");
            com.fasterxml.jackson.databind.JsonNode c = t.get("create_time");
            assertEquals(List.of((long) w.fromFirst().size(), w.withoutCreateTime(), w.clockAhead()),
                    List.of(c.get("batches").asLong(), c.get("without_create_time").asLong(), c.get("clock_ahead").asLong()));
            assertEquals(summary(w.fromFirst()), summary(c.get("from_first_timestamp")), "from the first timestamp");
            assertEquals(summary(w.fromMax()), summary(c.get("from_max_timestamp")), "from the max timestamp");
        }
    }

    /** {@code count min p50 p90 p99 max} of a report's latency summary, or {@code null}. */
    private static String summary(com.fasterxml.jackson.databind.JsonNode l) {
        if (l.isNull()) {
            return "null";
        }
        List<String> v = new java.util.ArrayList<>();
        for (String f : List.of("count", "min", "p50", "p90", "p99", "max")) {
            v.add(l.get(f).asText());
        }
        return String.join(" ", v);
    }

    private static ByteBuffer body(KafkaFrame frame, int offset) {
        return frame.bytes().slice(offset, frame.length() - offset);
    }

    /** A topic by name if the frame names it, else by id. */
    private static String key(String name, org.apache.kafka.common.Uuid id, int partition, long baseOffset) {
        String topic = name != null && !name.isEmpty() ? name : id.toString();
        return topic + "/" + partition + "/" + baseOffset;
    }
}
