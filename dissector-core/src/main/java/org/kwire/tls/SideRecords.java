package org.kwire.tls;

import org.kwire.expert.ExpertItem;

/**
 * What one direction's {@link RecordLayer} tells its {@link TlsConnection}: records, headers that cannot be right
 * (noted with their frame and stream offset; the plaintext gap they cause is named after them), the record limits of
 * the connection's state ({@link RecordLimits}), and what its end cut.
 */
final class SideRecords implements RecordLayer.Sink {

    /** The plaintext gap's reason after a header that is not valid. */
    static final String HEADER_INVALID = "a TLS record header that is not valid";
    /** The plaintext gap's reason after a record cut by the end of its connection. */
    static final String CUT_AT_END = "a TLS record cut by the end of the connection";
    /** The decryption reason when records were lost at the end of a connection. */
    static final String LOST_AT_END = "TLS records lost at the end of the connection";

    private final TlsConnection c;
    private final boolean fromA;

    SideRecords(TlsConnection c, boolean fromA) {
        this.c = c;
        this.fromA = fromA;
    }

    @Override
    public boolean record(TlsRecord record) {
        return c.onRecord(c.side(fromA), record);
    }

    @Override
    public void malformed(long streamOffset, long packet, String message) {
        Side side = c.side(fromA);
        side.gapReason = HEADER_INVALID;
        side.gapPacket = packet;
        c.note(ExpertItem.TLS_RECORD_HEADER_INVALID, packet, streamOffset, side, message);
    }

    @Override
    public String lengthProblem(int type, int length) {
        return RecordLimits.problem(c, c.side(fromA), type, length);
    }

    @Override
    public void incomplete(long streamOffset, long packet, int type, int length, int held) {
        Side side = c.side(fromA);
        side.gapReason = CUT_AT_END;
        side.gapPacket = packet;
        c.note(ExpertItem.TLS_RECORD_INCOMPLETE_AT_END, packet, streamOffset, side, "the connection ended " + held
                + " bytes into a TLS record of content type " + type + " declared " + length + " bytes long (a wrong "
                + "length, or the capture stopped inside it): the bytes after its header are searched for records");
    }

    @Override
    public void lostAtEnd(long bytes) {
        Side side = c.side(fromA);
        if (side.protectedNow) {
            c.facts.recordsUndecrypted++; // at least one record was among them
            if (side.read != null) {
                c.facts.reason(LOST_AT_END);
            }
            c.facts.changed = true;
        }
    }
}
