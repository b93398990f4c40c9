package org.kwire.bench.capture;

import org.apache.kafka.common.record.internal.CompressionType;
import org.apache.kafka.common.record.internal.RecordBatch;
import org.kwire.bench.capture.SourceTraffic.Frame;
import org.kwire.plan.MessagePlan;
import org.kwire.plan.PlanCache;
import org.kwire.schema.Direction;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Large versions of the real frames that carry record batches (Produce requests, Fetch responses): each records
 * field's v2 batches are replaced by larger ones in their likeness ({@link BatchFactory}), the rest of the frame kept
 * byte for byte. A request's field gets one batch of the chosen size, as a producer sends; a response's field gets
 * batches of at most 64 KiB up to the chosen size, taking the field's original batches as templates in turn (so a
 * fetch returns the codecs its producers used). Built once per frame and size, then reused.
 */
public final class FrameVariants {

    /** Uncompressed record bytes per records field of the large variants. */
    public static final int[] FIELD_BYTES = {16 << 10, 64 << 10, 256 << 10, 1 << 20};
    /** Largest batch in a response's records field. */
    static final int MAX_FETCHED_BATCH = 64 << 10;

    /** Offset of recordsCount in a RecordBatch v2 header. */
    private static final int RECORDS_COUNT = 57;

    private final PlanCache plans;
    private final long seed;
    private final List<CompressionType> codecs;
    private final Map<Frame, Templates> templates = new HashMap<>();
    private final Map<Frame, byte[][]> built = new HashMap<>();

    /** A frame's records fields and the v2 batches in each. */
    private record Templates(List<RecordsFields.Field> fields, List<List<RecordBatch>> batches) {
        boolean any() {
            return batches.stream().anyMatch(b -> !b.isEmpty());
        }
    }

    /**
     * @param plans  compiled schemas, to find the records fields
     * @param seed   seeds the values of the built batches
     * @param codecs the codecs built batches may use (empty: each template's own), see {@link CaptureGenerator.Settings}
     */
    public FrameVariants(PlanCache plans, long seed, List<CompressionType> codecs) {
        this.plans = plans;
        this.seed = seed;
        this.codecs = codecs;
    }

    /** The codec a batch built like {@code template} uses. */
    private CompressionType codec(RecordBatch template) {
        CompressionType own = template.compressionType();
        if (codecs.isEmpty() || codecs.contains(own)) {
            return own;
        }
        return codecs.get((int) Math.floorMod(template.producerId() * 31 + own.id, codecs.size()));
    }

    /** True if the frame has a records field with RecordBatch v2 in it, which variants enlarge. */
    public boolean carriesBatches(Frame f) {
        return templates(f).any();
    }

    /** The frame with {@link #FIELD_BYTES}[{@code size}] of records in each records field that has batches. */
    public byte[] large(Frame f, int size) {
        byte[][] sizes = built.computeIfAbsent(f, k -> new byte[FIELD_BYTES.length][]);
        if (sizes[size] == null) {
            sizes[size] = build(f, FIELD_BYTES[size]);
        }
        return sizes[size];
    }

    private byte[] build(Frame f, int fieldBytes) {
        Templates t = templates(f);
        SplittableRandom random = new SplittableRandom(seed ^ Arrays.hashCode(f.bytes()) * 31L ^ fieldBytes);
        List<byte[]> contents = new ArrayList<>();
        for (List<RecordBatch> batches : t.batches()) {
            contents.add(batches.isEmpty() ? null : field(batches, fieldBytes, f.direction() == Direction.REQUEST, random));
        }
        return RecordsFields.replace(f.bytes(), t.fields(), contents);
    }

    private byte[] field(List<RecordBatch> batches, int fieldBytes, boolean request, SplittableRandom random) {
        int count = request ? 1 : Math.max(1, fieldBytes / MAX_FETCHED_BATCH);
        ByteArrayOutputStream out = new ByteArrayOutputStream(fieldBytes);
        long offset = batches.get(0).baseOffset();
        for (int i = 0; i < count; i++) {
            RecordBatch template = batches.get(i % batches.size());
            byte[] b = BatchFactory.build(template, codec(template), fieldBytes / count, offset, random);
            offset += ByteBuffer.wrap(b).getInt(RECORDS_COUNT);
            out.writeBytes(b);
        }
        return out.toByteArray();
    }

    /** The records fields of the frame (the same in its large variants, at other offsets). */
    public List<RecordsFields.Field> fields(Frame f) {
        return templates(f).fields();
    }

    private Templates templates(Frame f) {
        return templates.computeIfAbsent(f, k -> {
            MessagePlan plan = plans.plan(f.apiKey(), f.direction(), f.apiVersion()).orElse(null);
            if (plan == null) {
                return new Templates(List.of(), List.of());
            }
            List<RecordsFields.Field> fields = RecordsFields.find(f.bytes(), f.bodyOffset(), plan);
            List<List<RecordBatch>> batches = new ArrayList<>();
            for (RecordsFields.Field field : fields) {
                batches.add(field.length() <= 0 ? List.of() : BatchFactory.batches(f.bytes(), field.dataOffset(), field.length()));
            }
            return new Templates(fields, batches);
        });
    }
}
