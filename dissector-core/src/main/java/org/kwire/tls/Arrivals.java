package org.kwire.tls;

import java.util.Arrays;

/**
 * The packets that brought the fragment of one TLS record in progress: how far the fragment was filled after each
 * packet's bytes, with the packet's frame number and capture time, so that the fragment can be scanned again with the
 * packets its bytes came in ({@link RecordLayer#end}). At most one entry per packet; not thread-safe.
 */
final class Arrivals {

    int count;
    int[] ends = new int[4];
    long[] packets = new long[4];
    long[] times = new long[4];

    /** The fragment is filled to {@code end} bytes by a packet's bytes. */
    void add(int end, long packet, long timestampNanos) {
        if (count > 0 && packets[count - 1] == packet) {
            ends[count - 1] = end; // the same packet again (its bytes came in parts)
            return;
        }
        if (count == ends.length) {
            ends = Arrays.copyOf(ends, count * 2);
            packets = Arrays.copyOf(packets, count * 2);
            times = Arrays.copyOf(times, count * 2);
        }
        ends[count] = end;
        packets[count] = packet;
        times[count++] = timestampNanos;
    }
}
