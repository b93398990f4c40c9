package org.kwire.tls;

/**
 * One TLS record as it crossed the wire (RFC 8446 section 5.1, RFC 5246 section 6.2).
 *
 * @param type           content type: 20 change_cipher_spec, 21 alert, 22 handshake, 23 application_data
 * @param version        legacy record version, e.g. 0x0303
 * @param fragment       the record's payload (protected or not), at most {@link RecordLayer#MAX_FRAGMENT} bytes
 * @param streamOffset   offset of its header in the direction's TCP stream
 * @param firstPacket    capture frame number of the packet carrying its first byte
 * @param lastPacket     capture frame number of the packet carrying its last byte
 * @param timestampNanos capture time of that last packet, epoch ns
 * @param lostBefore     stream bytes lost to a gap (or skipped to find this record) since the previous record, 0 if none
 * @param lostRecords    records known to be among those bytes (the one the gap cut), or -1 if the gap also hid
 *                       whole records whose count is unknown (then this record was found by scanning)
 */
record TlsRecord(int type, int version, byte[] fragment, long streamOffset, long firstPacket, long lastPacket,
                 long timestampNanos, long lostBefore, int lostRecords) {

    static final int CHANGE_CIPHER_SPEC = 20;
    static final int ALERT = 21;
    static final int HANDSHAKE = 22;
    static final int APPLICATION_DATA = 23;

    /** True if this record follows a gap whose records could not all be counted (sequence number to be recovered). */
    boolean resynchronised() {
        return lostRecords < 0;
    }
}
