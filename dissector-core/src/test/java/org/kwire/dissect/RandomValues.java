package org.kwire.dissect;

import org.kwire.encode.MinimalValues;
import org.kwire.encode.ValueSource;
import org.kwire.plan.FieldPlan;

import java.util.Random;

/**
 * Random but legal values for {@link org.kwire.encode.InstanceEncoder}: numbers over their whole range, non-ASCII
 * strings, nulls where nullable, tagged fields often set, arrays of 0-3 elements (fewer deep down).
 */
public final class RandomValues implements ValueSource {

    private static final String[] WORDS = {"", "a", "topic-é", "☃ snow", "日本語", "emoji 😀", "x".repeat(40), "k\u0000z"};

    private final Random random;

    public RandomValues(long seed) {
        this.random = new Random(seed);
    }

    @Override
    public long number(FieldPlan f) {
        return switch (f.kind()) {
            case INT8 -> (byte) random.nextInt();
            case INT16 -> (short) random.nextInt();
            case UINT16 -> random.nextInt(1 << 16);
            case INT32 -> random.nextBoolean() ? random.nextInt(100) : random.nextInt();
            case UINT32 -> random.nextInt() & 0xffffffffL;
            default -> random.nextBoolean() ? random.nextInt(1000) : random.nextLong();
        };
    }

    @Override
    public double float64(FieldPlan f) {
        return random.nextBoolean() ? random.nextDouble() * 1000 : random.nextInt(10);
    }

    @Override
    public boolean bool(FieldPlan f) {
        return random.nextBoolean();
    }

    @Override
    public byte[] uuid(FieldPlan f) {
        byte[] b = new byte[16];
        if (random.nextInt(4) != 0) {
            random.nextBytes(b);
        }
        return b;
    }

    @Override
    public String string(FieldPlan f) {
        if (f.nullable() && random.nextInt(4) == 0) {
            return null;
        }
        return WORDS[random.nextInt(WORDS.length)];
    }

    @Override
    public byte[] bytes(FieldPlan f) {
        if (f.nullable() && random.nextInt(4) == 0) {
            return null;
        }
        byte[] b = new byte[random.nextInt(12)];
        random.nextBytes(b);
        return b;
    }

    @Override
    public byte[] records(FieldPlan f) {
        return f.nullable() && random.nextInt(4) == 0 ? null : MinimalValues.EMPTY_BATCH.clone();
    }

    @Override
    public int arrayLength(FieldPlan f) {
        if (f.nullable() && random.nextInt(4) == 0) {
            return -1;
        }
        return random.nextInt(4);
    }

    @Override
    public boolean structPresent(FieldPlan f) {
        return random.nextInt(5) != 0;
    }

    @Override
    public boolean includeTagged(FieldPlan f) {
        return random.nextInt(5) < 3;
    }
}
