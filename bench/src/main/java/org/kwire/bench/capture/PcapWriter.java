package org.kwire.bench.capture;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a classic pcap file (little-endian, microsecond timestamps, Ethernet link type) of IPv4/TCP packets, with
 * valid IPv4 header and TCP checksums and a TCP timestamps option, as a Linux host sends them.
 */
final class PcapWriter implements Closeable {

    private static final int ETHERNET = 14;
    private static final int IPV4 = 20;
    private static final int TCP = 32;
    private static final int HEADERS = ETHERNET + IPV4 + TCP;
    private static final int SNAPLEN = 262_144;

    private final OutputStream out;
    private final ByteBuffer record = ByteBuffer.allocate(16 + HEADERS);
    private long bytes;
    private long packets;

    PcapWriter(Path file) throws IOException {
        out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20);
        ByteBuffer h = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
        h.putInt(0xa1b2c3d4).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0).putInt(SNAPLEN).putInt(1);
        out.write(h.array());
        bytes = 24;
    }

    /** Bytes written so far. */
    long bytes() {
        return bytes;
    }

    /** Packets written so far. */
    long packets() {
        return packets;
    }

    /** Writes one segment of a flow, captured at {@code nanos} (epoch). */
    void write(long nanos, TcpFlow flow, TcpFlow.Segment s) throws IOException {
        int length = HEADERS + s.length();
        ByteBuffer r = record.clear().order(ByteOrder.LITTLE_ENDIAN);
        r.putInt((int) (nanos / 1_000_000_000L)).putInt((int) (nanos % 1_000_000_000L / 1000)).putInt(length).putInt(length);
        r.order(ByteOrder.BIG_ENDIAN);
        int src = s.fromClient() ? flow.clientIp : flow.serverIp;
        int dst = s.fromClient() ? flow.serverIp : flow.clientIp;
        // Ethernet: locally administered MACs made of the IP addresses, EtherType IPv4
        r.putShort((short) 0x0200).putInt(dst).putShort((short) 0x0200).putInt(src).putShort((short) 0x0800);
        int ip = r.position();
        r.put((byte) 0x45).put((byte) 0).putShort((short) (IPV4 + TCP + s.length())).putShort((short) flow.nextIpId(s.fromClient()))
                .putShort((short) 0x4000).put((byte) 64).put((byte) 6).putShort((short) 0).putInt(src).putInt(dst);
        r.putShort(ip + 10, (short) ~fold(sum(record.array(), ip, IPV4)));
        int tcp = r.position();
        long millis = nanos / 1_000_000L;
        r.putShort((short) (s.fromClient() ? flow.clientPort : flow.serverPort))
                .putShort((short) (s.fromClient() ? flow.serverPort : flow.clientPort))
                .putInt((int) s.seq()).putInt((int) s.ack()).put((byte) ((TCP / 4) << 4)).put((byte) s.flags())
                .putShort((short) 0x2000).putShort((short) 0).putShort((short) 0)
                .put((byte) 1).put((byte) 1).put((byte) 8).put((byte) 10).putInt((int) millis).putInt((int) millis - 1);
        long pseudo = (src >>> 16) + (src & 0xffff) + (dst >>> 16) + (dst & 0xffff) + 6 + TCP + s.length();
        long sum = pseudo + sum(record.array(), tcp, TCP) + sum(s.data(), s.offset(), s.length());
        r.putShort(tcp + 16, (short) ~fold(sum));
        out.write(record.array(), 0, r.position());
        out.write(s.data(), s.offset(), s.length());
        bytes += 16 + length;
        packets++;
    }

    /** The 16-bit big-endian words of {@code b[off, off + len)} summed (a last odd byte padded with zero). */
    private static long sum(byte[] b, int off, int len) {
        long sum = 0;
        int end = off + (len & ~1);
        for (int i = off; i < end; i += 2) {
            sum += ((b[i] & 0xff) << 8) | (b[i + 1] & 0xff);
        }
        if ((len & 1) != 0) {
            sum += (b[off + len - 1] & 0xff) << 8;
        }
        return sum;
    }

    /** Folds a sum into 16 bits, one's complement (RFC 1071). */
    private static int fold(long sum) {
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xffff) + (sum >>> 16);
        }
        return (int) sum;
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
