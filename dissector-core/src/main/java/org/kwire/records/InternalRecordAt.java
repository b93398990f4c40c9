package org.kwire.records;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.kwire.expert.ExpertNote;

import java.util.Locale;

/**
 * One of Kafka's own records found in a records field ({@link RecordsDecoder#internalRecords}), where it is in its
 * log: its offset ({@code baseOffset + offsetDelta}) and timestamp (epoch ms: {@code baseTimestamp + timestampDelta},
 * or the batch's maxTimestamp when it holds LogAppendTime), with what its schema decodes it to. Immutable.
 */
public record InternalRecordAt(long offset, long timestamp, InternalRecord record) {

    /**
     * As {@code kwire dissect --records --format values} writes it: {@code offset}, {@code timestamp}, {@code family}
     * (lower case, e.g. {@code "metadata"}), {@code type}, {@code type_id}, {@code key_version}, {@code value_version},
     * then {@code key} and {@code value} in Kafka's JSON shape (null where absent), and {@code problems} (one line per
     * note) only if there are any. A new object each call.
     */
    public ObjectNode json() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("offset", offset);
        o.put("timestamp", timestamp);
        o.put("family", record.family().name().toLowerCase(Locale.ROOT));
        o.put("type", record.type());
        o.put("type_id", record.typeId());
        o.put("key_version", record.keyVersion());
        o.put("value_version", record.valueVersion());
        o.set("key", record.key() == null ? null : record.key().deepCopy());
        o.set("value", record.value() == null ? null : record.value().deepCopy());
        if (!record.notes().isEmpty()) {
            o.putArray("problems").addAll(record.notes().stream().map(ExpertNote::toString)
                    .map(JsonNodeFactory.instance::textNode).toList());
        }
        return o;
    }
}
