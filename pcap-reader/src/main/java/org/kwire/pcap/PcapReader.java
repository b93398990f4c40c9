package org.kwire.pcap;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Classic libpcap files (draft-ietf-opsawg-pcap): a 24-byte file header whose magic gives the byte order and the
 * timestamp resolution (0xa1b2c3d4 microseconds, 0xa1b23c4d nanoseconds), then 16-byte record headers
 * (ts_sec, ts_frac, incl_len, orig_len) each followed by incl_len bytes. A record cut short ends reading with a warning.
 */
final class PcapReader extends CaptureReader {

    /** Largest record accepted; a larger incl_len means a corrupt file. */
    static final int MAX_RECORD = 256 << 20;

    private final ByteOrder order;
    /** The file is little-endian: a header word's first field is in its low half. */
    private final boolean little;
    private final long fracToNanos;
    private final int linkType;
    private final LinkCheck check;

    /** @throws CaptureFormatException if the file header is cut short or its magic is not a pcap magic */
    PcapReader(ByteInput in, String name) throws IOException {
        super(in, name);
        ByteBuffer h = in.read(24);
        int magic = h.remaining() >= 4 ? h.getInt(0) : 0;
        switch (magic) {
            case 0xa1b2c3d4 -> { order = ByteOrder.BIG_ENDIAN; fracToNanos = 1000; }
            case 0xd4c3b2a1 -> { order = ByteOrder.LITTLE_ENDIAN; fracToNanos = 1000; }
            case 0xa1b23c4d -> { order = ByteOrder.BIG_ENDIAN; fracToNanos = 1; }
            case 0x4d3cb2a1 -> { order = ByteOrder.LITTLE_ENDIAN; fracToNanos = 1; }
            default -> throw new CaptureFormatException(name + ": not a pcap or pcapng capture (it starts with "
                    + String.format("%08x", magic) + ")");
        }
        if (h.remaining() < 24) {
            throw new CaptureFormatException(name + ": pcap file header is cut short (" + h.remaining() + " of 24 bytes)"
                    + (in.damage() == null ? "" : " (" + in.damage() + ")"));
        }
        this.little = order == ByteOrder.LITTLE_ENDIAN;
        h.order(order);
        this.linkType = h.getInt(20) & 0xffff; // upper bits carry the FCS length, not the link type
        checkLinkType("the capture", linkType);
        this.check = new LinkCheck("the capture", linkType);
    }

    @Override
    void finished() {
        checked(check);
    }

    @Override
    public Packet next() throws IOException {
        if (done) {
            return null;
        }
        ByteBuffer rh = in.readTransient(16);
        if (rh.remaining() < 16) {
            return rh.remaining() == 0 ? end()
                    : stop("capture truncated after packet " + number + ": record header cut short (" + rh.remaining() + " of 16 bytes)");
        }
        rh.order(order);
        int at = rh.position();
        // two whole-word reads, not four: each buffer read is a call under the quick JIT (docs/PERFORMANCE.md)
        long time = rh.getLong(at);
        long lengths = rh.getLong(at + 8);
        long sec = little ? time & 0xffffffffL : time >>> 32;
        long frac = little ? time >>> 32 : time & 0xffffffffL;
        long incl = little ? lengths & 0xffffffffL : lengths >>> 32;
        long orig = little ? lengths >>> 32 : lengths & 0xffffffffL;
        if (incl > MAX_RECORD) {
            return corrupt("capture corrupt after packet " + number + ": record length " + incl + " bytes; reading stopped");
        }
        ByteBuffer data = in.read((int) incl);
        if (data.remaining() < incl) {
            return stop("capture truncated in packet " + (number + 1) + ": " + data.remaining() + " of " + incl + " bytes present");
        }
        number++;
        Packet p = new Packet(number, sec * 1_000_000_000L + frac * fracToNanos, linkType, (int) Math.min(orig, Integer.MAX_VALUE),
                data, 0);
        check.see(p);
        return p;
    }
}
