package org.kwire.net;

import org.kwire.pcap.Packet;

import java.nio.ByteBuffer;

/** Builds link/IP/TCP packets byte by byte from the RFCs' header layouts, for tests. Checksums are left zero. */
public final class Frames {

    public static final byte[] A4 = {10, 0, 0, 1};
    public static final byte[] B4 = {10, 0, 0, 2};
    public static final byte[] A6 = v6(1);
    public static final byte[] B6 = v6(2);

    private Frames() {
    }

    /** fd00::n */
    static byte[] v6(int n) {
        byte[] a = new byte[16];
        a[0] = (byte) 0xfd;
        a[15] = (byte) n;
        return a;
    }

    /** A TCP header of 20 bytes and the payload. */
    public static byte[] tcp(int srcPort, int dstPort, long seq, long ack, int flags, byte[] payload) {
        return ByteBuffer.allocate(20 + payload.length).putShort((short) srcPort).putShort((short) dstPort)
                .putInt((int) seq).putInt((int) ack).put((byte) 0x50).put((byte) flags).putShort((short) 65535)
                .putInt(0).put(payload).array();
    }

    /** An IPv4 header of 20 bytes (protocol 6 unless given otherwise) and the payload. */
    public static byte[] ipv4(byte[] src, byte[] dst, int id, int flagsAndOffset, int protocol, byte[] payload) {
        return ByteBuffer.allocate(20 + payload.length).put((byte) 0x45).put((byte) 0).putShort((short) (20 + payload.length))
                .putShort((short) id).putShort((short) flagsAndOffset).put((byte) 64).put((byte) protocol).putShort((short) 0)
                .put(src).put(dst).put(payload).array();
    }

    /** An IPv6 header of 40 bytes and the payload (extension headers included). */
    public static byte[] ipv6(byte[] src, byte[] dst, int nextHeader, byte[] payload) {
        return ByteBuffer.allocate(40 + payload.length).putInt(0x6000_0000).putShort((short) payload.length)
                .put((byte) nextHeader).put((byte) 64).put(src).put(dst).put(payload).array();
    }

    /** An IPv6 extension header of {@code length} bytes (a multiple of 8) in the hop-by-hop/options format. */
    public static byte[] extension(int nextHeader, int length, byte[] rest) {
        ByteBuffer b = ByteBuffer.allocate(length + rest.length).put((byte) nextHeader).put((byte) (length / 8 - 1));
        return b.position(length).put(rest).array();
    }

    /** An Ethernet II frame: addresses, the VLAN tags (each a TPID and TCI), the EtherType and the payload. */
    public static byte[] ether(int etherType, byte[] payload, int... tags) {
        ByteBuffer b = ByteBuffer.allocate(14 + tags.length * 2 + payload.length).put(new byte[12]);
        for (int t : tags) {
            b.putShort((short) t);
        }
        return b.putShort((short) etherType).put(payload).array();
    }

    /** A packet of link type {@code linkType} with all bytes captured. */
    public static Packet packet(long number, long timestampNanos, int linkType, byte[] data) {
        return new Packet(number, timestampNanos, linkType, data.length, ByteBuffer.wrap(data), 0);
    }

    /** A raw-IP packet cut to {@code captured} bytes. */
    public static Packet cut(long number, byte[] data, int captured) {
        return new Packet(number, 0, LinkTypes.RAW, data.length, ByteBuffer.wrap(data, 0, captured).slice(), 0);
    }

    /** Bytes {@code from} to {@code to} of {@code b}. */
    public static byte[] range(byte[] b, int from, int to) {
        return java.util.Arrays.copyOfRange(b, from, to);
    }

    /** {@code n} bytes counting up from {@code first}. */
    public static byte[] counting(int n, int first) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (first + i);
        }
        return b;
    }
}
