package org.kwire.framing;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Counts the schema ids of the records of one records field while the records stage walks them: for each record
 * {@link #startRecord}, its key and value ({@link #key}, {@link #value}), each of its headers ({@link #header}), then
 * {@link #endRecord}, which counts it (a record left unended, because it turned out malformed, is not counted). A
 * header's schema wins over a prefix of the same key or value. Rule and forms: {@code package-info}. At most
 * {@link #MAX_IDS} distinct schemas are kept; records of further ones are counted as omitted. One thread; nothing
 * allocated per record.
 */
public final class FramingTally {

    /** Distinct (key or value, header or prefix, schema) kept per records field. */
    public static final int MAX_IDS = 64;

    private long records;
    private long omitted;
    private int size;
    /** The schemas counted (allocated at the first: most records fields have none). */
    private int[] flags;
    private long[] hi;
    private long[] lo;
    private long[] counts;
    /** The record being walked: per side (0 key, 1 value) and source (0 prefix, 1 header) its kind, hi and lo. */
    private final int[] kind = new int[4];
    private final long[] pendingHi = new long[4];
    private final long[] pendingLo = new long[4];

    /** A record starts: nothing of it seen yet. */
    public void startRecord() {
        kind[0] = kind[1] = kind[2] = kind[3] = SchemaFraming.NONE;
    }

    /** The record's key {@code a[off, off + len)}, -1 for null. */
    public void key(byte[] a, int off, int len) {
        pending(0, a, off, len);
    }

    /** The record's value {@code a[off, off + len)}, -1 for null. */
    public void value(byte[] a, int off, int len) {
        pending(2, a, off, len);
    }

    /** One of the record's headers: its key's bytes {@code a[keyOff, keyOff + keyLen)}, its value's in {@code v}. */
    public void header(byte[] a, int keyOff, int keyLen, byte[] v, int valueOff, int valueLen) {
        int which = SchemaFraming.header(a, keyOff, keyLen);
        if (which != 0) {
            pending(which == 1 ? 1 : 3, v, valueOff, valueLen);
        }
    }

    /** The record was read whole: it is counted, with its key's and value's schema ids. */
    public void endRecord() {
        records++;
        for (int side = 0; side < 2; side++) {
            int header = side * 2 + 1;
            int at = kind[header] != SchemaFraming.NONE ? header : header - 1;
            if (kind[at] != SchemaFraming.NONE) {
                count((side == 0 ? 4 : 0) | (at == header ? 2 : 0) | kind[at] - 1, pendingHi[at], pendingLo[at]);
            }
        }
    }

    /** {@code n} records counted without being walked (a batch stand-in, which only stands for records without ids). */
    public void recordsWithoutIds(int n) {
        records += n;
    }

    /** What was counted. */
    public FramingFacts facts() {
        if (records == 0) {
            return FramingFacts.NONE;
        }
        List<FramingFacts.Count> out = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            boolean guid = (flags[i] & 1) != 0;
            SchemaRef ref = guid ? new SchemaRef(null, new UUID(hi[i], lo[i])) : new SchemaRef((int) hi[i], null);
            out.add(new FramingFacts.Count((flags[i] & 4) != 0, (flags[i] & 2) != 0, ref, counts[i]));
        }
        return new FramingFacts(records, out, omitted);
    }

    /** Slot 0 key prefix, 1 key header, 2 value prefix, 3 value header. */
    private void pending(int slot, byte[] a, int off, int len) {
        int k = len < 0 ? SchemaFraming.NONE : SchemaFraming.kind(a, off, len);
        kind[slot] = k;
        if (k == SchemaFraming.ID) {
            pendingHi[slot] = SchemaFraming.id(a, off);
            pendingLo[slot] = 0;
        } else if (k == SchemaFraming.GUID) {
            pendingHi[slot] = SchemaFraming.msb(a, off);
            pendingLo[slot] = SchemaFraming.lsb(a, off);
        }
    }

    /** @param flag bit 2: key; bit 1: header; bit 0: GUID */
    private void count(int flag, long h, long l) {
        for (int i = 0; i < size; i++) {
            if (flags[i] == flag && hi[i] == h && lo[i] == l) {
                counts[i]++;
                return;
            }
        }
        if (size == MAX_IDS) {
            omitted++;
            return;
        }
        if (flags == null) {
            flags = new int[MAX_IDS];
            hi = new long[MAX_IDS];
            lo = new long[MAX_IDS];
            counts = new long[MAX_IDS];
        }
        flags[size] = flag;
        hi[size] = h;
        lo[size] = l;
        counts[size++] = 1;
    }
}
