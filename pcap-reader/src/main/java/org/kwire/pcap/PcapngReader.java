package org.kwire.pcap;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * pcapng files (draft-ietf-opsawg-pcapng): blocks of {type, total length, body, total length}. Section Header Blocks
 * set the byte order and reset the interfaces; Interface Description Blocks give each interface's link type and
 * timestamp resolution ({@code if_tsresol}, default microseconds) and offset ({@code if_tsoffset}); Enhanced, Simple
 * and obsolete Packet Blocks carry packets. Other blocks are skipped.
 */
final class PcapngReader implements PacketSource {

    static final int SHB = 0x0A0D0D0A;
    private static final int IDB = 1;
    private static final int OBSOLETE_PACKET = 2;
    private static final int SPB = 3;
    private static final int EPB = 6;
    private static final int MAX_BLOCK = PcapReader.MAX_RECORD;

    /** An interface of the current section. */
    private record Interface(int linkType, int snaplen, long unitsPerSecond, boolean binary, int exponent,
                             long offsetSeconds) {
        /** Converts a timestamp in this interface's units to epoch nanoseconds. */
        long toNanos(long ts) {
            long secs;
            long fracNanos;
            if (binary) {
                secs = ts >>> exponent;
                fracNanos = (long) ((ts & (unitsPerSecond - 1)) * 1e9 / unitsPerSecond);
            } else {
                secs = ts / unitsPerSecond;
                long rest = ts % unitsPerSecond;
                fracNanos = unitsPerSecond <= 1_000_000_000L ? rest * (1_000_000_000L / unitsPerSecond)
                        : rest / (unitsPerSecond / 1_000_000_000L);
            }
            return (secs + offsetSeconds) * 1_000_000_000L + fracNanos;
        }
    }

    private final ByteInput in;
    private final String name;
    private final List<String> warnings = new ArrayList<>();
    private final List<Interface> interfaces = new ArrayList<>();
    private ByteOrder order = ByteOrder.LITTLE_ENDIAN;
    private long number;
    private boolean done;

    PcapngReader(ByteInput in, String name) throws IOException {
        this.in = in;
        this.name = name;
    }

    @Override
    public Packet next() throws IOException {
        while (!done) {
            ByteBuffer head = in.read(8);
            if (head.remaining() < 8) {
                if (head.remaining() > 0) {
                    warn("capture truncated after packet " + number + ": block header cut short");
                }
                done = true;
                return null;
            }
            int type = head.order(order).getInt(0);
            if (type == SHB) {
                ByteBuffer bom = in.read(4);
                if (bom.remaining() < 4) {
                    warn("capture truncated in a section header block");
                    done = true;
                    return null;
                }
                order = bom.getInt(0) == 0x1A2B3C4D ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
                interfaces.clear();
                long total = head.order(order).getInt(4) & 0xffffffffL;
                if (!skipRest(total, 12)) {
                    return null;
                }
                continue;
            }
            long total = head.getInt(4) & 0xffffffffL;
            if (total < 12 || total % 4 != 0 || total > MAX_BLOCK) {
                warn("capture corrupt after packet " + number + ": block of type " + type + " with length " + total + "; reading stopped");
                done = true;
                return null;
            }
            ByteBuffer body = in.read((int) total - 8);
            if (body.remaining() < total - 8) {
                warn("capture truncated in a block after packet " + number + ": " + (body.remaining() + 8) + " of " + total + " bytes present");
                done = true;
                return null;
            }
            body.order(order);
            int bodyLen = (int) total - 12;
            switch (type) {
                case IDB -> interfaces.add(parseInterface(body, bodyLen));
                case EPB -> {
                    Packet p = enhanced(body, bodyLen);
                    if (p != null) {
                        return p;
                    }
                }
                case SPB -> {
                    Packet p = simple(body, bodyLen);
                    if (p != null) {
                        return p;
                    }
                }
                case OBSOLETE_PACKET -> {
                    Packet p = obsolete(body, bodyLen);
                    if (p != null) {
                        return p;
                    }
                }
                default -> { /* statistics, name resolution, custom and unknown blocks: skipped */ }
            }
        }
        return null;
    }

    private boolean skipRest(long total, int consumed) throws IOException {
        if (total < 28 || total % 4 != 0 || total > MAX_BLOCK) {
            warn("capture corrupt: section header block length " + total + "; reading stopped");
            done = true;
            return false;
        }
        if (in.skip(total - consumed) < total - consumed) {
            warn("capture truncated in a section header block");
            done = true;
            return false;
        }
        return true;
    }

    private Interface parseInterface(ByteBuffer b, int len) {
        int linkType = b.getShort(0) & 0xffff;
        int snaplen = b.getInt(4);
        long units = 1_000_000L;
        boolean binary = false;
        int exponent = 6;
        long offset = 0;
        int p = 8;
        while (p + 4 <= len) {
            int code = b.getShort(p) & 0xffff;
            int olen = b.getShort(p + 2) & 0xffff;
            if (code == 0 || p + 4 + olen > len) {
                break;
            }
            if (code == 9 && olen >= 1) {
                int v = b.get(p + 4) & 0xff;
                binary = (v & 0x80) != 0;
                exponent = v & 0x7f;
                units = binary ? 1L << Math.min(exponent, 62) : pow10(exponent);
            } else if (code == 14 && olen >= 8) {
                offset = b.getLong(p + 4);
            }
            p += 4 + ((olen + 3) & ~3);
        }
        return new Interface(linkType, snaplen, units, binary, exponent, offset);
    }

    private static long pow10(int n) {
        long v = 1;
        for (int i = 0; i < Math.min(n, 18); i++) {
            v *= 10;
        }
        return v;
    }

    private Interface iface(int id) {
        if (id < 0 || id >= interfaces.size()) {
            warn("packet " + (number + 1) + " refers to undefined interface " + id + "; skipped");
            return null;
        }
        return interfaces.get(id);
    }

    private Packet enhanced(ByteBuffer b, int len) {
        int id = b.getInt(0);
        long ts = ((b.getInt(4) & 0xffffffffL) << 32) | (b.getInt(8) & 0xffffffffL);
        int captured = b.getInt(12);
        int original = b.getInt(16);
        Interface i = iface(id);
        if (i == null || captured < 0 || 20 + captured > len) {
            if (i != null) {
                warn("enhanced packet block after packet " + number + " has captured length " + captured + " beyond its block; skipped");
            }
            return null;
        }
        number++;
        return new Packet(number, i.toNanos(ts), i.linkType(), original, b.slice(20, captured).order(ByteOrder.BIG_ENDIAN), id);
    }

    private Packet obsolete(ByteBuffer b, int len) {
        int id = b.getShort(0) & 0xffff;
        long ts = ((b.getInt(4) & 0xffffffffL) << 32) | (b.getInt(8) & 0xffffffffL);
        int captured = b.getInt(12);
        int original = b.getInt(16);
        Interface i = iface(id);
        if (i == null || captured < 0 || 20 + captured > len) {
            return null;
        }
        number++;
        return new Packet(number, i.toNanos(ts), i.linkType(), original, b.slice(20, captured).order(ByteOrder.BIG_ENDIAN), id);
    }

    private Packet simple(ByteBuffer b, int len) {
        Interface i = iface(0);
        if (i == null) {
            return null;
        }
        int original = b.getInt(0);
        int captured = Math.min(len - 4, original);
        if (i.snaplen() > 0) {
            captured = Math.min(captured, i.snaplen());
        }
        number++;
        // a simple packet block has no timestamp
        return new Packet(number, 0, i.linkType(), original, b.slice(4, Math.max(captured, 0)).order(ByteOrder.BIG_ENDIAN), 0);
    }

    private void warn(String w) {
        warnings.add(name + ": " + w);
    }

    @Override
    public List<String> warnings() {
        return warnings;
    }

    @Override
    public long position() {
        return in.position();
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
