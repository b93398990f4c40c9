package org.kwire.cli;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/** Derives damaged captures for tests from classic pcaps: packets (1-based frame numbers) left out, cut, or with a byte field changed. */
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

    /**
     * Copies {@code in} (a classic pcap of Ethernet, IPv4 and TCP) to {@code out} with the length field of the TLS
     * record that starts frame {@code frame}'s TCP payload set to {@code length}, as if the capture had damaged it.
     */
    static Path tlsRecordLength(Path in, Path out, int frame, int length) throws IOException {
        byte[] bytes = Files.readAllBytes(in);
        ByteBuffer.wrap(bytes).putShort(tcpPayload(bytes, frame) + 3, (short) length);
        return Files.write(out, bytes);
    }

    /** The same with the record's content type set to {@code type}. */
    static Path tlsRecordType(Path in, Path out, int frame, int type) throws IOException {
        byte[] bytes = Files.readAllBytes(in);
        bytes[tcpPayload(bytes, frame)] = (byte) type;
        return Files.write(out, bytes);
    }

    /** Offset in a classic pcap of Ethernet, IPv4 and TCP of frame {@code frame}'s TCP payload. */
    private static int tcpPayload(byte[] bytes, int frame) {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        ByteOrder order = b.getInt(0) == 0xa1b2c3d4 || b.getInt(0) == 0xa1b23c4d ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        int p = 24;
        for (int n = 1; n < frame; n++) {
            p += 16 + b.order(order).getInt(p + 8);
        }
        int ip = p + 16 + 14;
        int tcp = ip + (b.get(ip) & 0x0f) * 4;
        return tcp + ((b.get(tcp + 12) & 0xff) >> 4) * 4;
    }

    /**
     * Copies {@code in} (a little-endian pcapng of one section, as dumpcap writes) to {@code out} with a second section
     * starting after packet {@code after}: a section header block in byte order {@code order} and one interface of
     * {@code linkType}; the packets after it are enhanced packet blocks of that interface, each without its first
     * {@code strip} bytes (14 to turn Ethernet frames into raw IP; 0 to keep the bytes as they are, whatever the link
     * type says).
     */
    static Path secondSection(Path in, Path out, int after, ByteOrder order, int linkType, int strip) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(in)).order(ByteOrder.LITTLE_ENDIAN);
        java.io.ByteArrayOutputStream o = new java.io.ByteArrayOutputStream();
        int packets = 0;
        for (int p = 0; p + 12 <= b.limit(); ) {
            int type = b.getInt(p);
            int total = b.getInt(p + 4);
            if (type == 6 && ++packets > after) {
                if (packets == after + 1) {
                    block(o, order, 0x0A0D0D0A, ByteBuffer.allocate(16).order(order).putInt(0x1A2B3C4D).putShort((short) 1)
                            .putShort((short) 0).putLong(-1).array());
                    block(o, order, 1, ByteBuffer.allocate(8).order(order).putShort((short) linkType).putShort((short) 0)
                            .putInt(262144).array());
                }
                int captured = b.getInt(p + 20) - strip;
                ByteBuffer e = ByteBuffer.allocate(20 + (captured + 3) / 4 * 4).order(order).putInt(0).putInt(b.getInt(p + 12))
                        .putInt(b.getInt(p + 16)).putInt(captured).putInt(b.getInt(p + 24) - strip);
                e.put(b.array(), p + 28 + strip, captured);
                block(o, order, 6, e.array());
            } else {
                o.write(b.array(), p, total);
            }
            p += total;
        }
        return Files.write(out, o.toByteArray());
    }

    private static void block(java.io.ByteArrayOutputStream o, ByteOrder order, int type, byte[] body) {
        int total = 12 + body.length;
        o.writeBytes(ByteBuffer.allocate(total).order(order).putInt(type).putInt(total).put(body).putInt(total).array());
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
     * Copies {@code in} (a classic pcap of Ethernet, IPv4 and TCP) to {@code out} with TCP port {@code from} made
     * {@code to} in every packet, as if the server had listened there (checksums left as they were: loopback captures
     * carry the kernel's unfinished ones anyway).
     */
    static Path withPort(Path in, Path out, int from, int to) throws IOException {
        byte[] pcap = Files.readAllBytes(in);
        ByteBuffer b = ByteBuffer.wrap(pcap);
        ByteOrder order = b.getInt(0) == 0xa1b2c3d4 || b.getInt(0) == 0xa1b23c4d ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        for (int p = 24; p + 16 <= pcap.length; p += 16 + b.order(order).getInt(p + 8)) {
            int ip = p + 16 + 14;
            int tcp = ip + (pcap[ip] & 0x0f) * 4;
            for (int port = tcp; pcap[ip + 9] == 6 && port <= tcp + 2; port += 2) {
                if (b.order(ByteOrder.BIG_ENDIAN).getShort(port) == (short) from) {
                    b.putShort(port, (short) to);
                }
            }
        }
        return Files.write(out, pcap);
    }

    /** Copies {@code in} to {@code out} with its packets in reverse order (timestamps kept: going back in time). */
    static Path reversed(Path in, Path out) throws IOException {
        byte[] pcap = Files.readAllBytes(in);
        ByteBuffer b = ByteBuffer.wrap(pcap);
        ByteOrder order = b.getInt(0) == 0xa1b2c3d4 || b.getInt(0) == 0xa1b23c4d ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        java.util.List<int[]> records = new java.util.ArrayList<>();
        for (int p = 24; p + 16 <= pcap.length; p += 16 + b.order(order).getInt(p + 8)) {
            records.add(new int[] {p, 16 + b.order(order).getInt(p + 8)});
        }
        java.io.ByteArrayOutputStream o = new java.io.ByteArrayOutputStream();
        o.write(pcap, 0, 24);
        for (int i = records.size() - 1; i >= 0; i--) {
            o.write(pcap, records.get(i)[0], records.get(i)[1]);
        }
        return Files.write(out, o.toByteArray());
    }

    /** The packets of a classic pcap. */
    static int packets(byte[] pcap) {
        ByteBuffer b = ByteBuffer.wrap(pcap);
        ByteOrder order = b.getInt(0) == 0xa1b2c3d4 || b.getInt(0) == 0xa1b23c4d ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        int n = 0;
        for (int p = 24; p + 16 <= pcap.length; p += 16 + b.order(order).getInt(p + 8)) {
            n++;
        }
        return n;
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
