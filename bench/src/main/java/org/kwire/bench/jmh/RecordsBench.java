package org.kwire.bench.jmh;

import org.kwire.bench.capture.RecordsFields;
import org.kwire.bench.capture.SourceTraffic;
import org.kwire.records.Codec;
import org.kwire.records.RecordsDecoder;
import org.kwire.records.RecordsOptions;
import org.kwire.records.RecordsSummary;
import org.kwire.schema.Direction;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.nio.ByteBuffer;
import java.util.Locale;

/**
 * The records decoder's fast path (what {@code analyze} runs on every records field) on one Produce request's batch
 * of each codec: CRC-32C over the batch, decompression, the walk over every record. The batch is built by Kafka's
 * own producer code in the likeness of the Java client's batch of that codec ({@code bench/make-capture}'s large
 * batches).
 */
@State(Scope.Benchmark)
public class RecordsBench extends JmhSettings {

    /** Compression codec of the batch. */
    @Param({"none", "gzip", "snappy", "lz4", "zstd"})
    public String codec;

    /** Uncompressed records in the batch: 16 KiB or 1 MiB. */
    @Param({"16k", "1m"})
    public String size;

    private final RecordsDecoder decoder = new RecordsDecoder(RecordsOptions.defaults());
    private ByteBuffer frame;
    private RecordsFields.Field field;

    /** Builds the batch and prints its sizes. */
    @Setup
    public void setup() {
        Codec wanted = Codec.valueOf(codec.toUpperCase(Locale.ROOT));
        SourceTraffic.Frame f = BenchInputs.javaFramesWithBatches(0, Direction.REQUEST).stream()
                .filter(p -> BenchInputs.codec(p) == wanted).findFirst().orElseThrow();
        byte[] bytes = BenchInputs.sized(f, BenchInputs.sizeIndex(size));
        frame = ByteBuffer.wrap(bytes).asReadOnlyBuffer();
        field = BenchInputs.firstRecordsField(f, bytes);
        RecordsSummary s = decode();
        System.out.println(codec + " " + size + ": " + field.length() + " bytes on the wire, " + s.bytesUncompressed()
                + " uncompressed, " + s.records() + " records");
    }

    /** Checks the CRC, decompresses and walks the records. */
    @Benchmark
    public RecordsSummary decode() {
        return decoder.decode(frame, field.dataOffset(), field.length(), 1, null);
    }
}
