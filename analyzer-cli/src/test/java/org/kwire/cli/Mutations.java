package org.kwire.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

/**
 * What the seeded input generators of the robustness campaign's categories share (issue 20): hostile values for a
 * field, byte fields written in either order, the JDK's gzip, and the bytes a thread allocated (to show that no
 * hostile length is allocated up front).
 */
final class Mutations {

    private Mutations() {
    }

    /** A generated input: what was done to the original, and the bytes. */
    record Mutated(String what, byte[] bytes) {
    }

    /** A hostile or odd value for a 32-bit field whose real value is {@code real}. */
    static int hostile(Random r, int real) {
        return switch (r.nextInt(12)) {
            case 0 -> 0;
            case 1 -> 1;
            case 2 -> -1;
            case 3 -> Integer.MAX_VALUE;
            case 4 -> Integer.MIN_VALUE;
            case 5 -> real + 1;
            case 6 -> real - 1;
            case 7 -> real * 2;
            case 8 -> 256 << 20; // the readers' largest record
            case 9 -> (256 << 20) + 4;
            case 10 -> 65535;
            default -> r.nextInt();
        };
    }

    /** A hostile or odd value for a 16-bit field. */
    static int hostile16(Random r, int real) {
        return switch (r.nextInt(8)) {
            case 0 -> 0;
            case 1 -> 1;
            case 2 -> 0xffff;
            case 3 -> 0x7fff;
            case 4 -> (real + 1) & 0xffff;
            case 5 -> (real - 1) & 0xffff;
            case 6 -> 0x4000; // 2^14
            default -> r.nextInt(0x10000);
        };
    }

    static int getInt(byte[] b, int at, ByteOrder order) {
        return ByteBuffer.wrap(b).order(order).getInt(at);
    }

    static void putInt(byte[] b, int at, int v, ByteOrder order) {
        ByteBuffer.wrap(b).order(order).putInt(at, v);
    }

    static void putShort(byte[] b, int at, int v, ByteOrder order) {
        ByteBuffer.wrap(b).order(order).putShort(at, (short) v);
    }

    static byte[] gzip(byte[] b) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(o)) {
            z.write(b);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return o.toByteArray();
    }

    /** Bytes the current thread allocated so far (HotSpot's per-thread counter). */
    static long allocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }
}
