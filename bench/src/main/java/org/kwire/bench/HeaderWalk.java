package org.kwire.bench;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The floor under reading a pcap file record by record: walks the chain of 16-byte record headers (each found from
 * the one before by its {@code incl_len}) in the first {@code MIB} MiB of a little-endian pcap file, {@code PASSES}
 * times in one mapping, and prints the wall nanoseconds per record of each pass. Nothing else is done per record, so
 * the difference between a region that fits the processor's cache (a few MiB: every pass after the first hits it)
 * and one that does not (200 MiB) is the memory's latency, which the reading thread of {@code kwire analyze} pays
 * once per packet whatever its own code costs (docs/PERFORMANCE.md, "What limits kwire now").
 * Usage: {@code java -cp kwire-bench.jar org.kwire.bench.HeaderWalk FILE MIB PASSES}.
 */
public final class HeaderWalk {

    private HeaderWalk() {
    }

    /** Prints one line per pass: records walked and nanoseconds per record. */
    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            System.err.println("usage: java -cp kwire-bench.jar org.kwire.bench.HeaderWalk FILE MIB PASSES");
            System.exit(2);
        }
        try (FileChannel ch = FileChannel.open(Path.of(args[0]), StandardOpenOption.READ)) {
            long limit = Math.min(ch.size(), Math.min(Long.parseLong(args[1]) << 20, Integer.MAX_VALUE));
            MappedByteBuffer m = ch.map(FileChannel.MapMode.READ_ONLY, 0, limit);
            m.order(ByteOrder.LITTLE_ENDIAN);
            for (int pass = 1, passes = Integer.parseInt(args[2]); pass <= passes; pass++) {
                long start = System.nanoTime();
                long sum = 0;
                int records = 0;
                for (int at = 24; at + 16 <= limit; records++) {
                    int incl = m.getInt(at + 8);
                    if (incl < 0) {
                        break; // not a record length: a damaged or foreign file ends the walk
                    }
                    sum += m.getInt(at) + m.getInt(at + 4) + m.getInt(at + 12);
                    at += 16 + incl;
                }
                long took = System.nanoTime() - start;
                System.out.printf("pass %d: %d records, %.1f ns/record (checksum %d)%n", pass, records,
                        took / (double) Math.max(1, records), sum);
            }
        }
    }
}
