package org.kwire.spark;

import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code exchanges} dataset's columns: the fields of {@code kwire analyze --format ndjson}'s events (docs/GUIDE.md,
 * "Exchange events"; {@code org.kwire.export.EventWriter}) with their types, after {@code file}: the capture file the
 * exchange is in. Frame numbers ({@code request_frame}, {@code response_frame}) and {@code stream} are those of that
 * file, as Wireshark shows them when it opens the file.
 */
final class ExchangeSchema {

    private ExchangeSchema() {
    }

    /** The events' fields, as read from their JSON. */
    static StructType events() {
        List<StructField> f = new ArrayList<>();
        add(f, DataTypes.StringType, "type", "timestamp");
        add(f, DataTypes.LongType, "timestamp_us", "request_frame");
        add(f, DataTypes.StringType, "request_timestamp");
        add(f, DataTypes.LongType, "request_timestamp_us", "response_frame");
        add(f, DataTypes.StringType, "response_timestamp");
        add(f, DataTypes.LongType, "response_timestamp_us");
        add(f, DataTypes.IntegerType, "stream");
        add(f, DataTypes.StringType, "client", "broker", "client_id", "api");
        add(f, DataTypes.IntegerType, "api_key", "request_version", "response_version", "correlation_id");
        add(f, DataTypes.LongType, "latency_us");
        add(f, DataTypes.IntegerType, "wait_ms");
        add(f, DataTypes.StringType, "wait_kind");
        add(f, DataTypes.BooleanType, "empty", "long_poll", "expected_wait");
        add(f, DataTypes.LongType, "request_bytes", "response_bytes");
        add(f, DataTypes.BooleanType, "incomplete");
        f.add(DataTypes.createStructField("errors", array(new StructType()
                .add("code", DataTypes.IntegerType).add("name", DataTypes.StringType)
                .add("topic", DataTypes.StringType).add("partition", DataTypes.IntegerType)), true));
        f.add(DataTypes.createStructField("topics", array(DataTypes.StringType), true));
        f.add(DataTypes.createStructField("partitions", array(new StructType()
                .add("topic", DataTypes.StringType).add("partition", DataTypes.IntegerType)), true));
        add(f, DataTypes.LongType, "records", "batches", "crc_failures");
        return DataTypes.createStructType(f);
    }

    private static void add(List<StructField> f, DataType type, String... names) {
        for (String n : names) {
            f.add(DataTypes.createStructField(n, type, true));
        }
    }

    private static ArrayType array(DataType element) {
        return DataTypes.createArrayType(element, true);
    }
}
