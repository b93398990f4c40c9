package org.kwire.pcap;

import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Writes a pcapng capture (draft-ietf-opsawg-pcapng), little-endian: one Section Header Block (with
 * {@code shb_userappl} and an optional {@code opt_comment}), an Interface Description Block per
 * {@link #addInterface interface} (with {@code if_name} and {@code if_tsresol} = 9, nanoseconds), and an Enhanced
 * Packet Block per packet (with the packet's comment, if any). What it writes, {@link CaptureFiles} and libpcap read.
 * Not thread-safe.
 */
public final class PcapngWriter implements Closeable, Flushable {

    private static final int SHB = 0x0A0D0D0A;
    private static final int IDB = 1;
    private static final int EPB = 6;
    private static final int OPT_COMMENT = 1;
    private static final int SHB_USERAPPL = 4;
    private static final int IF_NAME = 2;
    private static final int IF_TSRESOL = 9;

    private final OutputStream out;
    private int interfaces;

    /**
     * Writes the section header.
     *
     * @param out         where the capture goes (buffer it; closed by {@link #close()})
     * @param application the writing program, e.g. {@code "kwire 0.1.0"}
     * @param comment     a comment on the capture, or null
     * @throws IOException if writing fails
     */
    public PcapngWriter(OutputStream out, String application, String comment) throws IOException {
        this.out = out;
        byte[] opts = options(option(SHB_USERAPPL, text(application)), option(OPT_COMMENT, text(comment)));
        ByteBuffer body = body(16 + opts.length);
        body.putInt(0x1A2B3C4D).putShort((short) 1).putShort((short) 0).putLong(-1L).put(opts); // v1.0, length unknown
        block(SHB, body);
    }

    /**
     * Describes an interface; packets refer to it by the returned id.
     *
     * @param linkType LINKTYPE_ value of its packets
     * @param snaplen  largest captured length, 0 for no limit
     * @param name     interface name ({@code if_name}), or null
     * @return the interface id, 0 for the first
     * @throws IOException if writing fails
     */
    public int addInterface(int linkType, int snaplen, String name) throws IOException {
        byte[] opts = options(option(IF_NAME, text(name)), option(IF_TSRESOL, new byte[] {9}));
        ByteBuffer body = body(8 + opts.length);
        body.putShort((short) linkType).putShort((short) 0).putInt(snaplen).put(opts);
        block(IDB, body);
        return interfaces++;
    }

    /**
     * Writes one packet: its timestamp (ns), original length, captured bytes and comment.
     *
     * @param interfaceId an id from {@link #addInterface}
     * @throws IllegalArgumentException if the interface was not added
     * @throws IOException if writing fails
     */
    public void write(int interfaceId, Packet p) throws IOException {
        if (interfaceId < 0 || interfaceId >= interfaces) {
            throw new IllegalArgumentException("interface " + interfaceId + " was not added");
        }
        byte[] opts = options(option(OPT_COMMENT, text(p.comment())));
        int captured = p.capturedLength();
        ByteBuffer body = body(20 + pad(captured) + opts.length);
        long ts = p.timestampNanos();
        body.putInt(interfaceId).putInt((int) (ts >>> 32)).putInt((int) ts).putInt(captured).putInt(p.originalLength());
        body.put(p.data().duplicate()).position(20 + pad(captured));
        body.put(opts);
        block(EPB, body);
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    private static ByteBuffer body(int length) {
        return ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** Writes {type, total length, body, total length}. */
    private void block(int type, ByteBuffer body) throws IOException {
        int total = 12 + body.capacity();
        ByteBuffer b = ByteBuffer.allocate(total).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(type).putInt(total).put(body.clear()).putInt(total);
        out.write(b.array());
    }

    private static byte[] text(String s) {
        return s == null ? null : s.getBytes(StandardCharsets.UTF_8);
    }

    /** One option: {code, length, value padded to 4 bytes}; nothing if the value is null. */
    private static byte[] option(int code, byte[] value) {
        if (value == null) {
            return new byte[0];
        }
        int len = Math.min(value.length, 0xffff);
        return body(4 + pad(len)).putShort((short) code).putShort((short) len).put(value, 0, len).array();
    }

    /** The options followed by opt_endofopt, or nothing if there are none. */
    private static byte[] options(byte[]... options) {
        int n = 0;
        for (byte[] o : options) {
            n += o.length;
        }
        if (n == 0) {
            return new byte[0];
        }
        ByteBuffer b = body(n + 4);
        for (byte[] o : options) {
            b.put(o);
        }
        return b.putInt(0).array();
    }

    private static int pad(int n) {
        return (n + 3) & ~3;
    }
}
