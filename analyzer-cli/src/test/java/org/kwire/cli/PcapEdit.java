package org.kwire.cli;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/** Derives damaged captures for tests: a classic pcap with some packets (1-based frame numbers) left out. */
final class PcapEdit {

    private PcapEdit() {
    }

    /** Copies {@code in} to {@code out} without the packets numbered in {@code drop}, as if the capture had lost them. */
    static Path without(Path in, Path out, Set<Integer> drop) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(in));
        ByteOrder order = b.getInt(0) == 0xa1b2c3d4 || b.getInt(0) == 0xa1b23c4d ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        b.order(order);
        ByteBuffer o = ByteBuffer.allocate(b.capacity());
        o.put(b.array(), 0, 24);
        int p = 24;
        for (int frame = 1; p + 16 <= b.limit(); frame++) {
            int captured = b.getInt(p + 8);
            if (!drop.contains(frame)) {
                o.put(b.array(), p, 16 + captured);
            }
            p += 16 + captured;
        }
        Files.write(out, java.util.Arrays.copyOf(o.array(), o.position()));
        return out;
    }

    /** Copies {@code in} to {@code out} with every packet cut to {@code snaplen} captured bytes (original lengths kept). */
    static Path snap(Path in, Path out, int snaplen) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(in));
        ByteOrder order = b.getInt(0) == 0xa1b2c3d4 || b.getInt(0) == 0xa1b23c4d ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        b.order(order);
        ByteBuffer o = ByteBuffer.allocate(b.capacity()).order(order);
        o.put(b.array(), 0, 24);
        o.putInt(16, snaplen);
        for (int p = 24; p + 16 <= b.limit(); ) {
            int captured = b.getInt(p + 8);
            int kept = Math.min(captured, snaplen);
            o.putInt(b.getInt(p)).putInt(b.getInt(p + 4)).putInt(kept).putInt(b.getInt(p + 12));
            o.put(b.array(), p + 16, kept);
            p += 16 + captured;
        }
        Files.write(out, java.util.Arrays.copyOf(o.array(), o.position()));
        return out;
    }
}
