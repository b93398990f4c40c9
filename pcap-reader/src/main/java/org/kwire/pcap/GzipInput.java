package org.kwire.pcap;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * The decompressed bytes of gzip data (RFC 1952: members of a header, deflate data and a trailer with CRC-32 and
 * length, read one after the other as one stream), inflated by the JDK's {@link Inflater}, that ends cleanly where
 * the data is damaged, with everything decompressed before the damage, and says where ({@link #damage()}).
 *
 * <p>The inflater gets the compressed bytes {@link #PIECE} at a time. Damage it finds (an invalid code or distance)
 * lies in the piece it was given last, and the output of that last call is lost with the exception; so for a file
 * (which can be read again, {@link Reopen}) the data is inflated a second time, the damaged piece one byte at a time:
 * the bytes before the damage are then all returned, and the damage is located to the byte. A stream (standard input)
 * cannot be read again: there the damage is located to its piece and the output of that piece is lost. A member cut
 * short and bytes after the last member that are not a gzip member end the data too; a member failing its CRC-32 or
 * length check is damage after which reading goes on (its bytes were all returned, some of them wrong). What the damage altered before the inflater noticed it cannot be told (until a CRC-32 fails).
 *
 * <p>Memory: one piece, the inflater's window, and when damage is found in a file, what one piece decompresses to
 * (at most {@link #MAX_SALVAGE} bytes). Not thread-safe.
 */
final class GzipInput extends InputStream {

    /** Compressed bytes given to the inflater at once. */
    static final int PIECE = 4096;
    /** Most bytes kept from a second pass over a damaged piece (deflate expands at most 1032 times, RFC 1951). */
    static final int MAX_SALVAGE = PIECE * 1032;
    private static final int RESERVED = 0xe0;

    /** Opens the same compressed bytes again from their start. */
    interface Reopen {
        InputStream open() throws IOException;
    }

    private final GzipPieces in;
    private final Reopen reopen;
    /** Size of the compressed data in bytes, -1 if not known. */
    private final long size;
    /** Offset from which the inflater is given one byte at a time (a second pass); Long.MAX_VALUE for none. */
    private final long fineFrom;
    /** The inflater was given {@code in.buf[inputFrom, inputEnd)}. */
    private int inputFrom;
    private int inputEnd;
    private final Inflater inflater = new Inflater(true);
    private final CRC32 crc = new CRC32();
    private boolean inMember;
    private int members;
    private long memberStart;
    private long memberOut;
    /** Decompressed bytes returned. */
    private long out;
    private byte[] salvage;
    private int salvagePos;
    private boolean ended;
    /** Why the data ended before its end, or null. */
    private String fatal;
    /**
     * Damage after which every byte before it was returned: the first member that failed its CRC-32 or length check,
     * or bytes after the last member that are not a member; null if none.
     */
    private String failedCheck;

    /**
     * @param raw    the compressed bytes, from their start (the gzip magic)
     * @param reopen opens them again (a file), or null (a stream)
     * @param size   their size in bytes, or -1 if not known
     */
    GzipInput(InputStream raw, Reopen reopen, long size) {
        this(raw, reopen, size, Long.MAX_VALUE);
    }

    private GzipInput(InputStream raw, Reopen reopen, long size, long fineFrom) {
        this.in = new GzipPieces(raw, PIECE);
        this.reopen = reopen;
        this.size = size;
        this.fineFrom = fineFrom;
    }

    /**
     * Where the data is damaged: why it ended before its end (damaged, cut short, ...), and the first member that
     * failed its CRC-32 or length check; null if none was found (yet).
     */
    String damage() {
        return fatal == null ? failedCheck : failedCheck == null ? fatal : fatal + "; before that, " + failedCheck;
    }

    /** True if the data ended before its end (not only a failed check, after which reading went on). */
    boolean endedEarly() {
        return fatal != null;
    }

    /**
     * For a file whose reading stopped early: decompresses the rest, only to find damage beyond where reading stopped
     * (which may explain it); the damage, or null. A stream is not read further: null.
     */
    String damageInTheRest() throws IOException {
        if (fatal == null && reopen != null) {
            byte[] scratch = new byte[1 << 16];
            while (read(scratch, 0, scratch.length) >= 0) {
                // only the damage is looked for
            }
        }
        return damage();
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (true) {
            if (salvage != null) {
                int n = Math.min(len, salvage.length - salvagePos);
                System.arraycopy(salvage, salvagePos, b, off, n);
                salvagePos += n;
                if (salvagePos == salvage.length) {
                    salvage = null;
                }
                return n;
            }
            if (ended) {
                return -1;
            }
            if (!inMember && !header()) {
                ended = true;
                continue;
            }
            int n = inflate(b, off, len);
            if (n > 0) {
                return n;
            }
        }
    }

    /** Inflates into {@code b}; 0 if nothing came out yet (more input, the member's end, or damage). */
    private int inflate(byte[] b, int off, int len) throws IOException {
        if (inflater.needsInput()) {
            if (in.pos == in.len && !in.refill()) {
                end("gzip data cut short at byte " + in.offset() + " (inside a member's compressed data), after " + out
                        + " bytes decompressed");
                return 0;
            }
            long at = in.offset();
            int give = in.len - in.pos;
            if (at >= fineFrom) {
                give = 1;
            } else if (fineFrom - at < give) {
                give = (int) (fineFrom - at);
            }
            inputFrom = in.pos;
            inputEnd = in.pos + give;
            inflater.setInput(in.buf, in.pos, give);
        }
        int n;
        try {
            // a second pass over the damaged piece takes the output a byte at a time too: all of it before the damage
            n = inflater.inflate(b, off, in.offset() >= fineFrom ? 1 : len);
        } catch (DataFormatException e) {
            damaged(e.getMessage() == null ? "invalid deflate data" : e.getMessage());
            return 0;
        }
        in.pos = inputEnd - inflater.getRemaining();
        if (n > 0) {
            crc.update(b, off, n);
            out += n;
            memberOut += n;
        }
        if (inflater.finished()) {
            trailer();
        } else if (n == 0 && inflater.needsDictionary()) {
            damaged("a preset dictionary is asked for, which gzip does not have");
        }
        return n;
    }

    /**
     * The inflater found damage in {@code in.buf[inputFrom, inputEnd)}: for a file, a second pass finds what came out
     * before it and where it is to the byte; otherwise it is located to that piece.
     */
    private void damaged(String why) throws IOException {
        long from = in.start + inputFrom;
        long to = in.start + inputEnd;
        if (to - from == 1) {
            end("gzip data damaged at byte " + from + of() + " (" + why + "), after " + out + " bytes decompressed");
            return;
        }
        if (reopen != null) {
            try (InputStream again = reopen.open(); GzipInput fine = new GzipInput(again, null, size, from)) {
                fine.skipNBytes(out);
                ByteArrayOutputStream kept = new ByteArrayOutputStream();
                byte[] chunk = new byte[PIECE];
                for (int n; kept.size() < MAX_SALVAGE && (n = fine.read(chunk, 0, chunk.length)) >= 0; ) {
                    kept.write(chunk, 0, n);
                }
                if (fine.fatal != null && kept.size() < MAX_SALVAGE) {
                    salvage = kept.size() == 0 ? null : kept.toByteArray();
                    out += kept.size();
                    end(fine.fatal);
                    return;
                }
            } catch (IOException | RuntimeException e) {
                // the file changed or cannot be read again: the damage is located to the piece
            }
        }
        end("gzip data damaged in bytes " + from + "-" + (to - 1) + of() + " (" + why + "), after " + out
                + " bytes decompressed (those the damaged piece gave before it are lost)");
    }

    /** A member's trailer: CRC-32 and length (mod 2^32) of its decompressed bytes, little-endian. */
    private void trailer() throws IOException {
        long at = in.offset();
        long[] v = new long[2];
        for (int i = 0; i < 8; i++) {
            int c = in.next();
            if (c < 0) {
                end("gzip data cut short at byte " + in.offset() + " (inside member " + (members + 1) + "'s trailer), after "
                        + out + " bytes decompressed");
                return;
            }
            v[i / 4] |= (long) c << (8 * (i % 4));
        }
        String failed = v[0] != crc.getValue() ? "CRC-32 check at byte " + at + ": some of its " + memberOut
                + " decompressed bytes are wrong"
                : v[1] != (memberOut & 0xffffffffL) ? "length check at byte " + at + ": it declares " + v[1]
                + " bytes (mod 2^32), " + memberOut + " were decompressed" : null;
        if (failed != null && failedCheck == null) {
            failedCheck = "gzip member " + (members + 1) + " (from byte " + memberStart + ") fails its " + failed;
        }
        members++;
        inMember = false;
        inflater.reset();
        crc.reset();
    }

    /** Reads a member header (RFC 1952 section 2.3); false at the clean end of the data or at damage. */
    private boolean header() throws IOException {
        long at = in.offset();
        int id1 = in.next();
        if (id1 < 0) {
            if (members == 0) {
                end("gzip data cut short at byte 0 (no gzip member)");
            }
            return false;
        }
        int id2 = in.next();
        int method = in.next();
        int flags = in.next();
        if (id1 != 0x1f || id2 != 0x8b) {
            if (failedCheck == null) {
                failedCheck = (size < 0 ? "the bytes" : "the " + (size - at) + " bytes") + " from byte " + at
                        + " on are not a gzip member (they start with " + String.format("%02x", id1)
                        + (id2 < 0 ? "" : String.format(" %02x", id2)) + "): not read";
            }
            return false;
        }
        if (flags < 0) {
            return cutInHeader();
        }
        if (method != 8 || (flags & RESERVED) != 0) {
            end("gzip member " + (members + 1) + " at byte " + at + " has " + (method != 8 ? "compression method " + method
                    + " (only 8, deflate, is defined)" : "reserved flags 0x" + Integer.toHexString(flags)) + ": not read");
            return false;
        }
        boolean ok = in.skipHeaderFields(flags);
        if (!ok) {
            return cutInHeader();
        }
        inMember = true;
        memberStart = at;
        memberOut = 0;
        return true;
    }

    private boolean cutInHeader() {
        end("gzip data cut short at byte " + in.offset() + " (inside member " + (members + 1) + "'s header), after " + out
                + " bytes decompressed");
        return false;
    }

    private String of() {
        return size < 0 ? " of the compressed stream" : " of " + size;
    }

    private void end(String why) {
        if (fatal == null) {
            fatal = why;
        }
        ended = true;
    }

    @Override
    public void close() throws IOException {
        inflater.end();
        in.close();
    }
}
