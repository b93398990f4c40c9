package org.kwire.tls;

/**
 * Tells TLS record streams from other bytes without decrypting anything, for code outside the TLS stage that must
 * know early whether a connection carries TLS (a partial's boundary, {@code org.kwire.partial}, keeps a TLS
 * connection's bytes whole across a file boundary, since a later file alone cannot decrypt them).
 */
public final class TlsSniff {

    /** Bytes of a TLS record header. */
    public static final int HEADER = 5;
    /** Records in a row that make bytes from the middle of a connection TLS (one header alone may be chance). */
    private static final int CHAIN = 2;

    private TlsSniff() {
    }

    /**
     * True if {@code length} bytes of {@code b} from {@code offset} start with a TLS record header: content type 20-23,
     * legacy version 3.x (x at most 4), a length from 1 to 2^14 + 2048 (the stream stage's own test: a Kafka frame
     * cannot start so, its size prefix would be over 300 MiB).
     */
    public static boolean startsWithRecord(byte[] b, int offset, int length) {
        if (length < HEADER) {
            return false;
        }
        int type = b[offset] & 0xff;
        int recordLength = (b[offset + 3] & 0xff) << 8 | b[offset + 4] & 0xff;
        return type >= TlsRecord.CHANGE_CIPHER_SPEC && type <= TlsRecord.APPLICATION_DATA && b[offset + 1] == 3
                && (b[offset + 2] & 0xff) <= 4 && recordLength > 0 && recordLength <= RecordLayer.MAX_FRAGMENT;
    }

    /**
     * True if the bytes hold, from some offset, {@value #CHAIN} TLS record headers in a row, each where the one before
     * ends (or, from the first byte, records that end exactly at the end of the bytes): bytes of a TLS connection's direction seen from its
     * middle, where the first bytes may be the rest of a record cut by a file boundary. Looks at most at the first
     * {@code 2^14 + 2048 + 5} offsets (a record's most).
     */
    public static boolean chainOfRecords(byte[] b, int offset, int length) {
        int end = offset + length;
        int most = Math.min(end - HEADER, offset + RecordLayer.MAX_FRAGMENT + HEADER);
        for (int start = offset; start <= most; start++) {
            int at = start;
            int found = 0;
            while (at + HEADER <= end && startsWithRecord(b, at, end - at)) {
                at += HEADER + ((b[at + 3] & 0xff) << 8 | b[at + 4] & 0xff);
                found++;
                if (found >= CHAIN || at == end && start == offset) {
                    return true;
                }
            }
        }
        return false;
    }
}
