package org.kwire.pcap;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/** Builds pcapng files block by block, in either byte order, following the pcapng draft's block layouts. */
final class PcapngBlocks {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private ByteOrder order = ByteOrder.LITTLE_ENDIAN;

    /** A section header block (version 1.0, section length -1) with an optional comment; later blocks use {@code o}. */
    PcapngBlocks section(ByteOrder o, String comment) {
        order = o;
        byte[] opts = options(1, comment == null ? null : comment.getBytes(StandardCharsets.UTF_8));
        ByteBuffer b = buf(16 + opts.length).putInt(0x1A2B3C4D).putShort((short) 1).putShort((short) 0).putLong(-1).put(opts);
        return block(0x0A0D0D0A, b.array());
    }

    /** An interface description block; {@code tsresol} and {@code tsoffset} are written only if not null. */
    PcapngBlocks iface(int linkType, int snaplen, Integer tsresol, Long tsoffset) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        if (tsresol != null) {
            o.writeBytes(option(9, new byte[] {tsresol.byteValue()}));
        }
        if (tsoffset != null) {
            o.writeBytes(option(14, buf(8).putLong(tsoffset).array()));
        }
        if (o.size() > 0) {
            o.writeBytes(new byte[4]);
        }
        return block(1, buf(8 + o.size()).putShort((short) linkType).putShort((short) 0).putInt(snaplen).put(o.toByteArray()).array());
    }

    /** An enhanced packet block. */
    PcapngBlocks epb(int iface, long ts, byte[] data, int orig, String comment) {
        byte[] opts = options(1, comment == null ? null : comment.getBytes(StandardCharsets.UTF_8));
        return block(6, packetBody(iface, ts, data, orig, opts, false));
    }

    /** An obsolete packet block (type 2: 16-bit interface id and drops count). */
    PcapngBlocks opb(int iface, long ts, byte[] data, int orig) {
        return block(2, packetBody(iface, ts, data, orig, new byte[0], true));
    }

    /** A simple packet block: original length and the data. */
    PcapngBlocks spb(byte[] data, int orig) {
        return block(3, buf(4 + pad(data.length)).putInt(orig).put(data).array());
    }

    /** Any block, body as given (padded). */
    PcapngBlocks raw(int type, byte[] body) {
        return block(type, buf(pad(body.length)).put(body).array());
    }

    byte[] bytes() {
        return out.toByteArray();
    }

    private byte[] packetBody(int iface, long ts, byte[] data, int orig, byte[] opts, boolean obsolete) {
        ByteBuffer b = buf(20 + pad(data.length) + opts.length);
        if (obsolete) {
            b.putShort((short) iface).putShort((short) 0);
        } else {
            b.putInt(iface);
        }
        b.putInt((int) (ts >>> 32)).putInt((int) ts).putInt(data.length).putInt(orig).put(data);
        return b.position(20 + pad(data.length)).put(opts).array();
    }

    private PcapngBlocks block(int type, byte[] body) {
        int total = 12 + body.length;
        out.writeBytes(buf(total).putInt(type).putInt(total).put(body).putInt(total).array());
        return this;
    }

    private byte[] option(int code, byte[] value) {
        return buf(4 + pad(value.length)).putShort((short) code).putShort((short) value.length).put(value).array();
    }

    private byte[] options(int code, byte[] value) {
        if (value == null) {
            return new byte[0];
        }
        byte[] o = option(code, value);
        return buf(o.length + 4).put(o).array();
    }

    private ByteBuffer buf(int n) {
        return ByteBuffer.allocate(n).order(order);
    }

    private static int pad(int n) {
        return (n + 3) & ~3;
    }
}
