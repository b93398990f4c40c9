package org.kwire.pcap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;
import org.kwire.TestCaptures.Capture;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * Reads that cross the end of a mapped window, on sparse files just over one window long (fast, little disk), and
 * transient reads (one reused view per window) beside slices that stay valid.
 */
class MappedByteInputTest {

    private static final long W = MappedByteInput.WINDOW;

    @TempDir
    Path tmp;

    @Test
    void readAcrossTheWindowEnd() throws IOException {
        Path file = tmp.resolve("sparse.bin");
        byte[] marker = new byte[16];
        for (int i = 0; i < marker.length; i++) {
            marker[i] = (byte) (i + 1);
        }
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(W + 4096);
            f.write(new byte[] {9, 8, 7, 6});
            f.seek(W - 8);
            f.write(marker);
        }

        try (MappedByteInput in = new MappedByteInput(file)) {
            ByteBuffer head = in.read(4); // maps the first window
            assertEquals(W - 12, in.skip(W - 12));
            ByteBuffer across = in.read(16); // 8 bytes before the window end, 8 after
            assertEquals(ByteBuffer.wrap(marker), across);
            assertEquals(W + 8, in.position());
            assertEquals(ByteBuffer.wrap(new byte[] {9, 8, 7, 6}), head); // still valid after the new mapping
            assertEquals(4088, in.read(8192).remaining()); // fewer only at the end
            assertEquals(0, in.read(1).remaining());
            assertEquals(0, in.skip(10));
            assertEquals(W + 4096, in.position());
        }
    }

    @Test
    void transientReadsReuseOneViewPerWindowAndLeaveSlicesAlone() throws IOException {
        Path file = tmp.resolve("small.bin");
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.write(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
        }

        try (MappedByteInput in = new MappedByteInput(file)) {
            ByteBuffer a = in.readTransient(4);
            assertEquals(0, a.position());
            assertEquals(4, a.limit());
            assertEquals(0x01020304, a.getInt(a.position()));
            ByteBuffer slice = in.read(4); // a buffer of its own, index 0 at byte 5
            ByteBuffer b = in.readTransient(3);
            assertSame(a, b); // the same view, moved
            assertEquals(8, b.position());
            assertEquals(11, b.limit());
            assertEquals(9, b.get(b.position()));
            assertNotSame(a, slice);
            assertEquals(ByteBuffer.wrap(new byte[] {5, 6, 7, 8}), slice); // unaffected by the transient reads
            assertEquals(1, in.readTransient(5).remaining()); // fewer only at the end
            assertEquals(12, in.position());
        }
    }

    @Test
    void pcapRecordHeaderAcrossTheWindowEnd() throws IOException {
        // record 1 ends 6 bytes before the window end, so record 2's header straddles it
        int first = (int) (W - 24 - 16 - 6);
        byte[] second = {0x45, 0, 0, 4, 1, 2, 3};
        ByteBuffer tail = ByteBuffer.allocate(16 + second.length).order(ByteOrder.LITTLE_ENDIAN);
        tail.putInt(1_700_000_002).putInt(5).putInt(second.length).putInt(second.length).put(second);
        ByteBuffer header = ByteBuffer.allocate(40).order(ByteOrder.LITTLE_ENDIAN);
        header.putInt(0xa1b2c3d4).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0).putInt(262_144)
                .putInt(101);
        header.putInt(1_700_000_001).putInt(0).putInt(first).putInt(first);
        Path file = tmp.resolve("big.pcap");
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.write(header.array());
            f.seek(40L + first);
            f.write(tail.array());
        }

        Capture c = TestCaptures.read(file);

        assertEquals(List.of(), c.warnings());
        assertEquals(2, c.packets().size());
        assertEquals(first, c.packets().get(0).capturedLength());
        assertEquals(1_700_000_002_000_005_000L, c.packets().get(1).timestampNanos());
        assertEquals(ByteBuffer.wrap(second), c.packets().get(1).data());
        assertEquals(40L + first + tail.capacity(), c.position());
    }
}
