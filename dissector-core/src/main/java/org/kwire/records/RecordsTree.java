package org.kwire.records;

import org.kwire.dissect.RecordsHandler;
import org.kwire.tree.FieldNode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import java.nio.ByteBuffer;
import java.util.function.UnaryOperator;

/**
 * Plugs the {@link RecordsDecoder} into dissection trees: a records field's node gets its batches (or legacy messages)
 * as children, and a one-line description such as {@code "1 RecordBatch"} or
 * {@code "3 RecordBatches, 12 records, partial trailing batch"}.
 */
public final class RecordsTree implements RecordsHandler {

    private final RecordsDecoder decoder;
    private final UnaryOperator<String> topicNames;

    /** @param decoder decodes the record sets (its options say whether keys and values are shown) */
    public RecordsTree(RecordsDecoder decoder) {
        this(decoder, id -> null);
    }

    /**
     * @param decoder    decodes the record sets ({@link RecordsDecoder#withInternalRecords}: also Kafka's own records)
     * @param topicNames the name of a topic id (Kafka's base64 form) as the capture named it so far, or null: for the
     *                   records of topics a message names by id only (Produce and Fetch v13+)
     */
    public RecordsTree(RecordsDecoder decoder, UnaryOperator<String> topicNames) {
        this.decoder = decoder;
        this.topicNames = topicNames;
    }

    @Override
    public String dissect(ByteBuffer frame, int offset, int length, long packet, FieldNode parent) {
        return describe(decoder.decode(frame, offset, length, packet, parent));
    }

    @Override
    public String dissect(ByteBuffer frame, int offset, int length, long packet, FieldNode parent, String topic) {
        return describe(decoder.decode(frame, offset, length, packet, parent, topic));
    }

    /**
     * Kafka's own records of the field, when the decoder decodes them and values are shown ({@code --records}); past
     * the decoder's limit, a last entry {@code {"left_out": N}} counts the rest.
     */
    @Override
    public JsonNode values(ByteBuffer frame, int offset, int length, String topic) {
        if (!decoder.showsInternalRecords()) {
            return null;
        }
        InternalRecordsFound found = decoder.internalRecords(frame, offset, length, topic);
        if (found.records().isEmpty()) {
            return null;
        }
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        found.records().forEach(r -> out.add(r.json()));
        if (found.leftOut() > 0) { // a last entry counts the records past the limit (--max-nodes)
            out.addObject().put("left_out", found.leftOut());
        }
        return out;
    }

    @Override
    public String topicName(String topicId) {
        return topicNames.apply(topicId);
    }

    /** One line about a record set: its batches (messages for magic 0/1), records, and what is wrong. */
    static String describe(RecordsSummary s) {
        int n = s.batches().size();
        boolean legacy = n > 0 && s.batches().get(0).magic() < 2;
        StringBuilder b = new StringBuilder();
        b.append(n).append(legacy ? (n == 1 ? " message" : " messages") : (n == 1 ? " RecordBatch" : " RecordBatches"));
        if (s.records() > 0 && !legacy) {
            b.append(", ").append(s.records()).append(s.records() == 1 ? " record" : " records");
        }
        if (s.crcInvalid() > 0) {
            b.append(", ").append(s.crcInvalid()).append(" invalid CRC").append(s.crcInvalid() == 1 ? "" : "s");
        }
        if (s.partialBatch() != null) {
            b.append(", partial trailing batch");
        }
        return b.toString();
    }
}
