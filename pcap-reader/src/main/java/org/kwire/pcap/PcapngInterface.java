package org.kwire.pcap;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * An interface of a pcapng section (draft-ietf-opsawg-pcapng, Interface Description Block), and the reading of block
 * options. Immutable but for its {@link LinkCheck}.
 *
 * @param linkType      LINKTYPE_ value
 * @param snaplen       largest captured length, 0 for none
 * @param binary        true if timestamps count 2^-exponent seconds, false for 10^-exponent
 * @param exponent      of the timestamp unit
 * @param offsetSeconds added to every timestamp ({@code if_tsoffset})
 * @param check         its packets watched for IP where the link type puts it
 */
record PcapngInterface(int linkType, int snaplen, boolean binary, int exponent, long offsetSeconds, LinkCheck check) {

    static final int OPT_END = 0;
    private static final int IF_TSRESOL = 9;
    private static final int IF_TSOFFSET = 14;

    /**
     * The interface of an Interface Description Block's body ({@code len} bytes: link type, reserved, snaplen,
     * options), named {@code name} in warnings.
     */
    static PcapngInterface parse(ByteBuffer b, int len, String name) {
        boolean binary = false;
        int exponent = 6;
        long offset = 0;
        for (int p = 8; p + 4 <= len; ) {
            int code = b.getShort(p) & 0xffff;
            int olen = b.getShort(p + 2) & 0xffff;
            if (code == OPT_END || p + 4 + olen > len) {
                break;
            }
            if (code == IF_TSRESOL && olen >= 1) {
                int v = b.get(p + 4) & 0xff;
                binary = (v & 0x80) != 0;
                exponent = v & 0x7f;
            } else if (code == IF_TSOFFSET && olen >= 8) {
                offset = b.getLong(p + 4);
            }
            p += 4 + ((olen + 3) & ~3);
        }
        int linkType = b.getShort(0) & 0xffff;
        return new PcapngInterface(linkType, b.getInt(4), binary, Math.min(exponent, binary ? 63 : 18), offset,
                new LinkCheck(name, linkType));
    }

    /** A 64-bit timestamp in this interface's units as epoch nanoseconds, fractions truncated (as libpcap does). */
    long toNanos(long ts) {
        long secs;
        long fracNanos;
        if (binary) {
            secs = ts >>> exponent;
            long frac = ts & ((1L << exponent) - 1);
            // frac * 10^9 / 2^exponent with a 128-bit product
            long lo = frac * 1_000_000_000L;
            long hi = Math.multiplyHigh(frac, 1_000_000_000L);
            fracNanos = exponent == 0 ? 0 : (hi << (64 - exponent)) | (lo >>> exponent);
        } else {
            long units = 1;
            for (int i = 0; i < exponent; i++) {
                units *= 10;
            }
            secs = Long.divideUnsigned(ts, units);
            long rest = Long.remainderUnsigned(ts, units);
            fracNanos = units <= 1_000_000_000L ? rest * (1_000_000_000L / units) : rest / (units / 1_000_000_000L);
        }
        return (secs + offsetSeconds) * 1_000_000_000L + fracNanos;
    }

    /**
     * The values of every option {@code code} in {@code [from, to)} as UTF-8 joined by newlines, or null if none.
     * Options are {code u16, length u16, value padded to 4 bytes}, ended by opt_endofopt or the end of the area.
     */
    static String options(ByteBuffer b, int from, int to, int code) {
        StringBuilder out = new StringBuilder();
        boolean found = false;
        for (int p = from; p + 4 <= to; ) {
            int c = b.getShort(p) & 0xffff;
            int olen = b.getShort(p + 2) & 0xffff;
            if (c == OPT_END || p + 4 + olen > to) {
                break;
            }
            if (c == code) {
                byte[] v = new byte[olen];
                b.get(p + 4, v);
                out.append(found ? "\n" : "").append(new String(v, StandardCharsets.UTF_8));
                found = true;
            }
            p += 4 + ((olen + 3) & ~3);
        }
        return found ? out.toString() : null;
    }
}
