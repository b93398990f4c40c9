package org.kwire.export;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import org.kwire.conversation.KafkaConversation;
import org.kwire.frame.FrameInfo;
import org.kwire.protocol.ErrorCodes;
import org.kwire.protocol.KafkaRequestHeader;
import org.kwire.report.Report;
import org.kwire.schema.SchemaRegistry;
import org.kwire.summary.ExchangeSink;
import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.FrameSummary;
import org.kwire.summary.TopicNames;
import org.kwire.summary.WaitClassifier;

import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Writes one JSON object per exchange as it completes (NDJSON), or the same objects as an Elasticsearch/OpenSearch
 * bulk body (an {@code {"index":{"_index":NAME}}} action line before each document); after the last exchange, given
 * the finished report ({@link #onReport}), one per rebalance and leader change. Streamed with Jackson's generator:
 * memory stays constant whatever the capture's size (the generator buffers up to 8 KiB before it writes to the stream;
 * {@link #flush()} hands on what it holds, for a reader that wants the events as they come). The fields are documented
 * in docs/GUIDE.md ("Exchange events") and mapped for Elasticsearch in {@code docs/es-mapping.json}. Not thread safe:
 * one thread writes and flushes, or the caller serializes them.
 */
public final class EventWriter implements ExchangeSink, Closeable, Flushable {

    private final JsonGenerator out;
    private final String bulkIndex;
    private final SchemaRegistry schemas;
    private final TopicNames topics;
    private final WaitClassifier waits = new WaitClassifier();
    private long events;

    /**
     * @param stream    where the lines go (not closed by {@link #close()}: flushed)
     * @param bulkIndex the index name for an Elasticsearch bulk body, or null for plain NDJSON
     * @param schemas   names the APIs
     * @param topics    resolves topic ids to the names the capture gave them so far
     * @throws IOException if the generator cannot be created
     */
    public EventWriter(OutputStream stream, String bulkIndex, SchemaRegistry schemas, TopicNames topics) throws IOException {
        this.out = new JsonFactory().createGenerator(stream).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        this.out.setRootValueSeparator(null);
        this.bulkIndex = bulkIndex;
        this.schemas = schemas;
        this.topics = topics;
    }

    /** Events written so far. */
    public long events() {
        return events;
    }

    @Override
    public void onExchange(ExchangeSummary e) {
        try {
            action();
            write(e);
            out.writeRaw('\n');
            events++;
        } catch (IOException x) {
            throw new UncheckedIOException(x);
        }
    }

    /**
     * After the last exchange: the events of the capture's finished report, its rebalances and leader changes
     * ({@link ReportEvents}), as lines like the exchanges' (with their action lines in a bulk body).
     *
     * @throws IOException if they cannot be written
     */
    public void onReport(Report r) throws IOException {
        ReportEvents.write(r, body -> {
            action();
            out.writeStartObject();
            body.write(out);
            out.writeEndObject();
            out.writeRaw('\n');
            events++;
        });
    }

    /** The action line before a document of a bulk body; nothing for plain NDJSON. */
    private void action() throws IOException {
        if (bulkIndex != null) {
            out.writeStartObject();
            out.writeObjectFieldStart("index");
            out.writeStringField("_index", bulkIndex);
            out.writeEndObject();
            out.writeEndObject();
            out.writeRaw('\n');
        }
    }

    private void write(ExchangeSummary e) throws IOException {
        KafkaConversation c = e.conversation();
        KafkaRequestHeader h = e.requestHeader();
        FrameInfo req = e.request() == null ? null : e.request().frame();
        FrameInfo resp = e.response() == null ? null : e.response().frame();
        long start = (req != null ? req : resp).lastTimestampNanos();
        out.writeStartObject();
        out.writeStringField("type", req == null ? "response_without_request" : resp != null ? "exchange"
                : e.exchange().request().responseExpected() ? "request_without_response" : "no_response_expected");
        out.writeStringField("timestamp", iso(start));
        out.writeNumberField("timestamp_us", start / 1000);
        place("request", req);
        place("response", resp);
        out.writeNumberField("stream", c.id());
        out.writeStringField("client", c.client());
        out.writeStringField("broker", c.broker());
        out.writeStringField("client_id", h == null ? null : h.clientId());
        out.writeStringField("api", e.apiKey() < 0 ? null : schemas.apiName(e.apiKey()));
        out.writeNumberField("api_key", e.apiKey());
        int version = e.exchange().apiVersion();
        out.writeNumberField("request_version", req == null ? -1 : version);
        out.writeNumberField("response_version", resp == null ? -1 : version);
        out.writeNumberField("correlation_id", h != null ? h.correlationId() : e.exchange().response().header().correlationId());
        if (e.latencyMicros() >= 0) {
            out.writeNumberField("latency_us", e.latencyMicros());
        } else {
            out.writeNullField("latency_us");
        }
        wait(waits.classify(e));
        out.writeNumberField("request_bytes", req == null ? 0 : req.length());
        out.writeNumberField("response_bytes", resp == null ? 0 : resp.length());
        out.writeBooleanField("incomplete", e.exchange().incomplete());
        errors(e.response());
        topicsAndRecords(e);
        out.writeEndObject();
    }

    /** The exchange's wait (docs/GUIDE.md, "Waiting is not slowness"). */
    private void wait(WaitClassifier.Wait w) throws IOException {
        if (w.waitMs() >= 0) {
            out.writeNumberField("wait_ms", w.waitMs());
        } else {
            out.writeNullField("wait_ms");
        }
        out.writeStringField("wait_kind", w.kind());
        if (w.empty() != null) {
            out.writeBooleanField("empty", w.empty());
        } else {
            out.writeNullField("empty");
        }
        out.writeBooleanField("long_poll", w.longPoll());
        out.writeBooleanField("expected_wait", w.expected());
    }

    private void place(String side, FrameInfo f) throws IOException {
        if (f == null) {
            out.writeNullField(side + "_frame");
            out.writeNullField(side + "_timestamp");
            out.writeNullField(side + "_timestamp_us");
            return;
        }
        out.writeNumberField(side + "_frame", f.lastPacket());
        out.writeStringField(side + "_timestamp", iso(f.lastTimestampNanos()));
        out.writeNumberField(side + "_timestamp_us", f.lastTimestampNanos() / 1000);
    }

    private void errors(FrameSummary response) throws IOException {
        out.writeArrayFieldStart("errors");
        if (response != null) {
            for (FrameSummary.ErrorRef r : response.errors()) {
                out.writeStartObject();
                out.writeNumberField("code", r.code());
                out.writeStringField("name", ErrorCodes.name(r.code()));
                out.writeStringField("topic", topics.display(r.topic(), r.topicId()));
                out.writeNumberField("partition", r.partition());
                out.writeEndObject();
            }
        }
        out.writeEndArray();
    }

    /** Topics named on either side (any struct), their partitions; record, batch and CRC-failure counts. */
    private void topicsAndRecords(ExchangeSummary e) throws IOException {
        Set<String> names = new LinkedHashSet<>();
        Set<String> partitions = new LinkedHashSet<>();
        long records = 0;
        long batches = 0;
        long crcFailures = 0;
        for (FrameSummary s : new FrameSummary[]{e.request(), e.response()}) {
            if (s == null) {
                continue;
            }
            for (FrameSummary.PartitionRef p : s.partitions()) {
                add(names, partitions, topics.display(p.topic(), p.topicId()), p.partition());
            }
            for (FrameSummary.RecordsRef r : s.records()) {
                add(names, partitions, topics.display(r.topic(), r.topicId()), r.partition());
                records += r.summary().records();
                batches += r.summary().batches().size();
                crcFailures += r.summary().crcInvalid();
            }
            for (FrameSummary.TopicRef t : s.topics()) {
                names.add(topics.display(t.name(), t.topicId()));
            }
        }
        out.writeArrayFieldStart("topics");
        for (String t : names) {
            out.writeString(t);
        }
        out.writeEndArray();
        out.writeArrayFieldStart("partitions");
        for (String p : partitions) {
            int slash = p.lastIndexOf('/');
            out.writeStartObject();
            out.writeStringField("topic", p.substring(0, slash));
            out.writeNumberField("partition", Integer.parseInt(p.substring(slash + 1)));
            out.writeEndObject();
        }
        out.writeEndArray();
        out.writeNumberField("records", records);
        out.writeNumberField("batches", batches);
        out.writeNumberField("crc_failures", crcFailures);
    }

    private static void add(Set<String> names, Set<String> partitions, String topic, int partition) {
        if (topic != null) {
            names.add(topic);
            partitions.add(topic + "/" + partition);
        }
    }

    private static String iso(long nanos) {
        return Instant.ofEpochSecond(0, nanos).toString();
    }

    /**
     * Writes the events held in the generator's buffer to the stream and flushes the stream.
     *
     * @throws IOException if the stream cannot take them
     */
    @Override
    public void flush() throws IOException {
        out.flush();
    }

    /** Flushes what was written ({@link #flush()}); the stream stays open. */
    @Override
    public void close() throws IOException {
        flush();
    }
}
