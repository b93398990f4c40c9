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

    /**
     * Copies {@code in} (Ethernet, IPv4) to {@code out} with one TCP segment inserted after packet {@code after}: the
     * headers of packet {@code template} (which must be the first packet of its direction after {@code after}) carrying
     * {@code payload}, at the template's sequence number, a microsecond after packet {@code after}. From the template
     * on, the packets of its direction have their sequence numbers, those of the other direction their
     * acknowledgment numbers, moved on by the payload's length, as if the segment had been sent there.
     */
    static Path insertSegment(Path in, Path out, int after, int template, byte[] payload) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(in));
        ByteOrder order = b.getInt(0) == 0xa1b2c3d4 || b.getInt(0) == 0xa1b23c4d ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        b.order(order);
        java.util.List<int[]> records = new java.util.ArrayList<>(); // {record offset, captured length}
        for (int p = 24; p + 16 <= b.limit(); p += 16 + b.getInt(p + 8)) {
            records.add(new int[] {p, b.getInt(p + 8)});
        }
        int[] t = records.get(template - 1);
        int tcp = t[0] + 16 + 14 + (b.get(t[0] + 16 + 14) & 0x0f) * 4;
        int headers = tcp + ((b.get(tcp + 12) & 0xf0) >> 2) - (t[0] + 16);
        int srcPort = b.getShort(tcp) & 0xffff;
        java.io.ByteArrayOutputStream o = new java.io.ByteArrayOutputStream();
        o.write(b.array(), 0, 24);
        for (int n = 1; n <= records.size(); n++) {
            int[] r = records.get(n - 1);
            byte[] rec = java.util.Arrays.copyOfRange(b.array(), r[0], r[0] + 16 + r[1]);
            ByteBuffer packet = ByteBuffer.wrap(rec, 16, r[1]).slice();
            int at = 14 + (packet.get(14) & 0x0f) * 4;
            if (n >= template && packet.get(14 + 9) == 6) {
                boolean sameDirection = (packet.getShort(at) & 0xffff) == srcPort;
                int field = at + (sameDirection ? 4 : 8);
                packet.putInt(field, packet.getInt(field) + payload.length);
            }
            o.writeBytes(rec);
            if (n == after) {
                ByteBuffer seg = ByteBuffer.allocate(16 + headers + payload.length).order(order);
                seg.putInt(b.getInt(r[0])).putInt(b.getInt(r[0] + 4) + 1).putInt(headers + payload.length)
                        .putInt(headers + payload.length);
                seg.put(b.array(), t[0] + 16, headers).put(payload);
                ByteBuffer.wrap(seg.array()).putShort(16 + 14 + 2, (short) (headers - 14 + payload.length)); // IPv4 length
                o.writeBytes(seg.array());
            }
        }
        Files.write(out, o.toByteArray());
        return out;
    }

    /**
     * Where the TCP payloads of a classic pcap (Ethernet, IPv4) lie: per packet with payload, {file offset, length,
     * frame number}.
     */
    static java.util.List<int[]> tcpPayloads(byte[] pcap) {
        ByteBuffer b = ByteBuffer.wrap(pcap);
        ByteOrder order = b.getInt(0) == 0xa1b2c3d4 || b.getInt(0) == 0xa1b23c4d ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        java.util.List<int[]> payloads = new java.util.ArrayList<>();
        int frame = 1;
        for (int p = 24; p + 16 <= pcap.length; p += 16 + b.order(order).getInt(p + 8), frame++) {
            int captured = b.order(order).getInt(p + 8);
            int ip = p + 16 + 14;
            int tcp = ip + (pcap[ip] & 0x0f) * 4;
            int data = tcp + ((pcap[tcp + 12] & 0xf0) >> 2);
            if (pcap[ip + 9] == 6 && data < p + 16 + captured) {
                payloads.add(new int[] {data, p + 16 + captured - data, frame});
            }
        }
        return payloads;
    }
}
