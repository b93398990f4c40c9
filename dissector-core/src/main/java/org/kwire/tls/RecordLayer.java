package org.kwire.tls;

import java.nio.ByteBuffer;

/**
 * Cuts one direction of a TCP byte stream into TLS records (RFC 8446 section 5.1): 5-byte header {type, version,
 * length} and at most 2^14 + 2048 bytes of fragment (the TLS 1.2 ciphertext limit, RFC 5246 section 6.2.3, which also
 * covers TLS 1.3's 2^14 + 256). Records may span any number of chunks; at most one record is held.
 *
 * <p>A gap inside a record whose header was seen loses that record and keeps the layer in sync (the header gave its
 * length). Any other gap, or a header that is not a plausible record (or declares a length its content type and
 * connection cannot have: {@link Sink#lengthProblem}), puts it out of sync: it scans for a plausible header and offers
 * the record found to the sink, which confirms it (e.g. by authenticating it) or refuses it; then scanning resumes one
 * byte after the refused header.
 *
 * <p>A record still incomplete when the direction ends ({@link #end}) ran past what the connection carried: its length
 * was wrong (or the capture stopped inside it). Its header is given up and the bytes after it are scanned again, each
 * with the frame number and time of the packet that brought it, as if they had just arrived out of sync: records whose
 * header a damaged length hid are found (and confirmed by the sink) rather than lost.
 */
final class RecordLayer {

    /** Largest fragment accepted, bytes. */
    static final int MAX_FRAGMENT = (1 << 14) + 2048;
    private static final int HEADER = 5;

    /** Receives records and problems. */
    interface Sink {
        /**
         * A record. While resynchronising ({@link TlsRecord#resynchronised()}), return false if it is not one (scanning
         * goes on after its first byte); otherwise the return value is ignored.
         */
        boolean record(TlsRecord record);

        /** A header that cannot start a record while in sync (the layer starts scanning). */
        void malformed(long streamOffset, long packet, String message);

        /**
         * Why a plausible header declaring a record of {@code type} and {@code length} bytes cannot be right at this
         * point of the connection ({@link RecordLimits}), or null if it can be.
         */
        String lengthProblem(int type, int length);

        /**
         * The direction ended {@code held} bytes into a record declared {@code length} bytes long, whose header is
         * at {@code streamOffset} in frame {@code packet}; its bytes are scanned again after this call.
         */
        void incomplete(long streamOffset, long packet, int type, int length, int held);

        /** The direction ended out of sync: {@code bytes} since the last record did not lead to another. */
        void lostAtEnd(long bytes);
    }

    private final Sink sink;
    private final byte[] header = new byte[HEADER];
    private int headerFill;
    private byte[] fragment;
    private int fragmentFill;
    /** Where each packet's bytes of the record in progress end, for scanning them again ({@link #end}). */
    private Arrivals arrivals;
    private long recordOffset;
    private long streamOffset;
    private long firstPacket;
    private boolean inSync = true;
    /** Bytes lost or skipped since the last record, and records known among them. */
    private long lost;
    private int lostRecords;
    private long skipRest;
    /** Bytes given back by a refused candidate, scanned before new data. */
    private ByteBuffer pushback;
    private long pushbackOffset;

    RecordLayer(Sink sink) {
        this.sink = sink;
    }

    /** Offset in the stream of the next byte expected. */
    long streamOffset() {
        return streamOffset;
    }

    /** Feeds the next in-order bytes of the direction. */
    void accept(ByteBuffer data, long timestampNanos, long packet) {
        ByteBuffer d = data.duplicate();
        while (d.hasRemaining()) {
            if (skipRest > 0) {
                int n = (int) Math.min(skipRest, d.remaining());
                d.position(d.position() + n);
                skipRest -= n;
                streamOffset += n;
                lost += n;
                continue;
            }
            if (!inSync) {
                scan(d, timestampNanos, packet);
                continue;
            }
            if (headerFill < HEADER) {
                if (headerFill == 0) {
                    recordOffset = streamOffset;
                    firstPacket = packet;
                }
                while (headerFill < HEADER && d.hasRemaining()) {
                    header[headerFill++] = d.get();
                    streamOffset++;
                }
                if (headerFill < HEADER) {
                    return;
                }
                String problem = plausible(header, 0) ? sink.lengthProblem(header[0] & 0xff, length(header, 0))
                        : "not a TLS record header (type " + (header[0] & 0xff) + ", version 0x"
                        + String.format("%02x%02x", header[1], header[2]) + ", length " + length(header, 0) + ")";
                if (problem != null) {
                    sink.malformed(recordOffset, packet, problem + "; looking for the next record");
                    headerFill = 0;
                    lost += HEADER;
                    lostRecords = -1;
                    inSync = false;
                    continue;
                }
                fragment = new byte[length(header, 0)];
                fragmentFill = 0;
                arrivals = new Arrivals();
            }
            int n = Math.min(d.remaining(), fragment.length - fragmentFill);
            d.get(fragment, fragmentFill, n);
            fragmentFill += n;
            streamOffset += n;
            arrivals.add(fragmentFill, packet, timestampNanos);
            if (fragmentFill == fragment.length) {
                emit(timestampNanos, packet);
            }
        }
    }

    private void emit(long timestampNanos, long packet) {
        TlsRecord r = new TlsRecord(header[0] & 0xff, ((header[1] & 0xff) << 8) | (header[2] & 0xff), fragment, recordOffset,
                firstPacket, packet, timestampNanos, lost, lostRecords);
        headerFill = 0;
        fragment = null;
        arrivals = null;
        lost = 0;
        lostRecords = 0;
        sink.record(r);
    }

    /** Out of sync: looks for a plausible header in the pushback and then in {@code d}; offers what it finds. */
    private void scan(ByteBuffer d, long timestampNanos, long packet) {
        // join what was given back with the new bytes, so a header may straddle both
        ByteBuffer work;
        long workOffset;
        if (pushback != null && pushback.hasRemaining()) {
            work = ByteBuffer.allocate(pushback.remaining() + d.remaining()).put(pushback).put(d.duplicate()).flip();
            workOffset = pushbackOffset;
            streamOffset += d.remaining(); // d is consumed into work
            d.position(d.limit());
            pushback = null;
        } else {
            work = d.slice();
            workOffset = streamOffset;
            streamOffset += d.remaining();
            d.position(d.limit());
        }
        int p = 0;
        int end = work.limit();
        while (p < end) {
            if (end - p < HEADER) {
                keep(work, p, workOffset);
                return;
            }
            byte[] h = new byte[HEADER];
            work.get(p, h);
            if (!plausible(h, 0) || h[0] == TlsRecord.CHANGE_CIPHER_SPEC || sink.lengthProblem(h[0] & 0xff, length(h, 0)) != null) {
                p++;
                lost++;
                continue;
            }
            int len = length(h, 0);
            if (end - p - HEADER < len) {
                keep(work, p, workOffset);
                return; // wait for the whole candidate
            }
            byte[] frag = new byte[len];
            work.get(p + HEADER, frag);
            TlsRecord r = new TlsRecord(h[0] & 0xff, ((h[1] & 0xff) << 8) | (h[2] & 0xff), frag, workOffset + p, packet,
                    packet, timestampNanos, lost, -1);
            if (sink.record(r)) {
                inSync = true;
                lost = 0;
                lostRecords = 0;
                p += HEADER + len;
                if (p < end) {
                    // the rest is in sync again: feed it through the normal path
                    long restOffset = workOffset + p;
                    long saved = streamOffset;
                    streamOffset = restOffset;
                    accept(work.slice(p, end - p), timestampNanos, packet);
                    streamOffset = saved;
                }
                return;
            }
            p++;
            lost++;
        }
    }

    /** Keeps the unscanned tail of {@code work} (less than a record) to be joined with the next bytes. */
    private void keep(ByteBuffer work, int from, long workOffset) {
        pushback = work.slice(from, work.limit() - from);
        pushbackOffset = workOffset + from;
        if (pushback.remaining() > MAX_FRAGMENT + HEADER) {
            throw new IllegalStateException("record layer kept more than one record"); // cannot happen: checked above
        }
    }

    /**
     * Bytes of the direction that were not captured.
     *
     * @param bytes how many
     */
    void gap(long bytes) {
        streamOffset += bytes;
        if (!inSync) {
            if (pushback != null) {
                lost += pushback.remaining();
                pushback = null;
            }
            lost += bytes;
            return;
        }
        if (skipRest > 0) {
            long n = Math.min(skipRest, bytes);
            skipRest -= n;
            lost += n;
            bytes -= n;
            if (bytes == 0) {
                return;
            }
        }
        if (fragment != null) {
            long rest = fragment.length - fragmentFill;
            lost += HEADER + fragmentFill;
            lostRecords = lostRecords < 0 ? -1 : lostRecords + 1;
            headerFill = 0;
            fragment = null;
            arrivals = null;
            long n = Math.min(rest, bytes);
            lost += n;
            bytes -= n;
            if (bytes == 0) {
                skipRest = rest - n;
                return; // the record's length says where the next one starts
            }
        } else if (headerFill > 0) {
            lost += headerFill;
            headerFill = 0;
        }
        lost += bytes;
        lostRecords = -1;
        inSync = false;
    }

    /**
     * The direction ended. A record still incomplete is given up (told to the sink) and the bytes after its header are
     * scanned again with the packets that brought them; if that too ends in a record still incomplete, so is it, until
     * none is left. Bytes that then lead to no record are told to the sink ({@link Sink#lostAtEnd}).
     */
    void end() {
        while (fragment != null) {
            byte[] held = fragment;
            int fill = fragmentFill;
            Arrivals from = arrivals;
            long offset = recordOffset;
            sink.incomplete(offset, firstPacket, header[0] & 0xff, length(header, 0), fill);
            fragment = null;
            arrivals = null;
            headerFill = 0;
            lost += HEADER;
            lostRecords = -1;
            inSync = false;
            long endOffset = streamOffset;
            streamOffset = offset + HEADER;
            int start = 0;
            for (int i = 0; i < from.count; i++) {
                accept(ByteBuffer.wrap(held, start, from.ends[i] - start), from.times[i], from.packets[i]);
                start = from.ends[i];
            }
            streamOffset = endOffset; // the same bytes again: where they ended before
        }
        if (!inSync && lost > 0) {
            pushback = null;
            sink.lostAtEnd(lost);
        }
    }

    /** True if the header could start a record: type 20-23, version 3.1-3.4 (or 3.0), length 1..MAX_FRAGMENT. */
    static boolean plausible(byte[] h, int at) {
        int type = h[at] & 0xff;
        int length = length(h, at);
        return type >= 20 && type <= 23 && h[at + 1] == 3 && (h[at + 2] & 0xff) <= 4 && length > 0 && length <= MAX_FRAGMENT;
    }

    private static int length(byte[] h, int at) {
        return ((h[at + 3] & 0xff) << 8) | (h[at + 4] & 0xff);
    }
}
