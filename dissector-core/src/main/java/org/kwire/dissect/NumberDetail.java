package org.kwire.dissect;

import org.kwire.plan.FieldKind;
import org.kwire.plan.FieldPlan;
import org.kwire.protocol.ErrorCodes;

import java.time.Instant;

/**
 * What a number means, for the text and JSON trees: an error code's name ({@code ErrorCode int16 = 14
 * (COORDINATOR_LOAD_IN_PROGRESS)}, Kafka's {@code Errors} names), and the time of an epoch-milliseconds field
 * ({@code = 1764437329865 (2025-11-29T17:28:49.865Z)}). Error codes are the int16 fields whose name ends in
 * {@code ErrorCode} (as the report counts them); timestamps the int64 fields named {@code ...Timestamp},
 * {@code ...TimestampMs}, {@code LogAppendTimeMs} or {@code TransactionStartTimeMs} in Kafka's schemas. A negative
 * timestamp is Kafka's "none" (-1), or one of ListOffsets' special timestamps (KIP-734, KIP-1005), named.
 */
public final class NumberDetail {

    private NumberDetail() {
    }

    /** True if the field holds a Kafka error code. */
    public static boolean isErrorCode(FieldPlan f) {
        return f.kind() == FieldKind.INT16 && f.name().endsWith("ErrorCode");
    }

    /** True if the field holds epoch milliseconds. */
    public static boolean isTimestamp(FieldPlan f) {
        String n = f.name();
        return f.kind() == FieldKind.INT64 && (n.endsWith("Timestamp") || n.endsWith("TimestampMs")
                || n.equals("LogAppendTimeMs") || n.equals("TransactionStartTimeMs"));
    }

    /** The detail to show beside the value, e.g. {@code (NONE)}; null if the field is neither kind. */
    public static String of(FieldPlan f, long value) {
        if (isErrorCode(f)) {
            return "(" + ErrorCodes.name((int) value) + ")";
        }
        return isTimestamp(f) && value >= 0 ? "(" + Instant.ofEpochMilli(value) + ")" : null;
    }
}
