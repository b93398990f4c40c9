package org.kwire.bench;

import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * The machine's limit for touching every byte of a file once: memory-maps it (in windows of 1 GiB) and computes
 * CRC-32C over all of it with the JDK (an intrinsic using the CPU's CRC instructions). {@code bench/compare} runs it
 * as the baseline kwire's throughput is compared with.
 */
public final class Crc32cScan {

    private static final long WINDOW = 1L << 30;

    private Crc32cScan() {
    }

    /** Prints the file's CRC-32C and size. */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: java -cp kwire-bench.jar org.kwire.bench.Crc32cScan FILE");
            System.exit(2);
        }
        CRC32C crc = new CRC32C();
        long size;
        try (FileChannel ch = FileChannel.open(Path.of(args[0]), StandardOpenOption.READ)) {
            size = ch.size();
            for (long pos = 0; pos < size; pos += WINDOW) {
                MappedByteBuffer window = ch.map(FileChannel.MapMode.READ_ONLY, pos, Math.min(WINDOW, size - pos));
                crc.update(window);
            }
        }
        System.out.printf("crc32c %08x over %d bytes%n", crc.getValue(), size);
    }
}
