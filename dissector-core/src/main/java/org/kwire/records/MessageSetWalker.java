package org.kwire.records;

import org.kwire.expert.ExpertItem;
import org.kwire.tree.FieldNode;

import org.kwire.frame.FrameBytes;

/**
 * Walks the entries of a records field or of a legacy wrapper's inner message set. Every entry starts with an int64
 * offset and an int32 size, and keeps its magic byte at +16 (Kafka docs "Record Batch" and "Message Sets"), which
 * chooses its decoder: RecordBatch v2 (top level only) or a legacy message.
 */
final class MessageSetWalker {

    /** Bytes before an entry's size counts: the offset (int64) and the size (int32). */
    private static final int LOG_OVERHEAD = 12;
    /** Smallest size per magic: a v0 message with null key and value, the same with a v1 timestamp, a v2 header. */
    private static final int[] MIN_SIZE = {14, 22, 49};

    private final DecodeContext ctx;
    private final BatchV2Decoder batches = new BatchV2Decoder();
    private final LegacyMessageDecoder messages = new LegacyMessageDecoder(this);

    MessageSetWalker(DecodeContext ctx) {
        this.ctx = ctx;
    }

    /**
     * Decodes the entries from the reader's position to its limit, as children of {@code parent} (may be null).
     *
     * @param tally null for the records field itself, where every entry is a batch and the last may be partial; the
     *              wrapper's tally for an inner message set, which holds legacy messages only
     */
    void walk(FieldReader r, FieldNode parent, LegacyTally tally) {
        FrameBytes buf = r.bytes();
        int end = r.limit();
        int pos = r.position();
        while (pos < end) {
            int left = end - pos;
            if (left < LOG_OVERHEAD) {
                cutShort(r, parent, tally, pos, left, -1);
                return;
            }
            int size = buf.getInt(pos + 8);
            if (size < MIN_SIZE[0]) {
                undecoded(r, parent, pos, end, ExpertItem.RECORDS_ENTRY_SIZE_INVALID, "entry size " + size
                        + " is below the 14-byte minimum of any batch or message; the rest of the records not decoded");
                return;
            }
            if (size > left - LOG_OVERHEAD) {
                cutShort(r, parent, tally, pos, left, LOG_OVERHEAD + (long) size);
                return;
            }
            int entryEnd = pos + LOG_OVERHEAD + size;
            entry(r, parent, tally, pos, entryEnd, buf.get(pos + 16));
            pos = entryEnd;
        }
    }

    private void entry(FieldReader r, FieldNode parent, LegacyTally tally, int start, int end, byte magic) {
        if (magic < 0 || magic > 2) {
            undecoded(r, parent, start, end, ExpertItem.RECORDS_MAGIC_UNKNOWN, "entry with unknown magic " + magic
                    + " (" + (end - start) + " bytes) not decoded");
        } else if (magic == 2 && tally != null) {
            undecoded(r, parent, start, end, ExpertItem.RECORDS_BATCH_IN_WRAPPER,
                    "RecordBatch v2 inside a legacy wrapper's message set");
        } else if (end - start - LOG_OVERHEAD < MIN_SIZE[magic]) {
            undecoded(r, parent, start, end, ExpertItem.RECORDS_ENTRY_TOO_SHORT, "magic " + magic + " entry of "
                    + (end - start) + " bytes is shorter than its header");
        } else {
            if (tally == null) {
                ctx.startEntry();
            }
            r.seek(start);
            int outer = r.bound(end);
            if (magic == 2) {
                batches.decode(r, start, end, parent);
            } else {
                messages.decode(r, start, end, parent, tally);
            }
            r.bound(outer);
        }
    }

    /**
     * An entry that runs past the end: a partial trailing batch at the top level, malformed inside a wrapper. At the
     * top level, bytes whose magic byte (at +16, when present) no Kafka release defines are no batch at all: they are
     * noted {@code kafka.records.entry_overrun} with what is wrong, and their size field is not presented as a
     * batch's size.
     */
    private void cutShort(FieldReader r, FieldNode parent, LegacyTally tally, int pos, int present, long declared) {
        String size = declared < 0 ? present + " bytes, size field incomplete" : present + " of " + declared + " bytes";
        String notABatch = tally == null ? notABatch(r.bytes(), pos, present, declared) : null;
        if (notABatch != null) {
            undecoded(r, parent, pos, pos + present, ExpertItem.RECORDS_ENTRY_OVERRUN, "the last " + present
                    + " bytes of the records are not a partial batch: " + notABatch + "; not decoded");
        } else if (tally == null) {
            ctx.partialBatch(new PartialBatch(pos, present, declared));
            FieldNode node = r.group(parent, "PartialBatch", "bytes", pos, present);
            if (node != null) {
                node.setDetail(size).setAbout("batch cut short at the end of the records, as a fetch size limit does");
            }
            r.note(node, ExpertItem.RECORDS_PARTIAL_BATCH, pos, "partial trailing batch (" + size + ")");
        } else {
            undecoded(r, parent, pos, pos + present, ExpertItem.RECORDS_INNER_SET_CUT,
                    "inner message set ends inside a message (" + size + ")");
        }
    }

    /** Why the top-level bytes {@code [pos, pos + present)} cannot start a batch, or null if they can. */
    private static String notABatch(FrameBytes buf, int pos, int present, long declared) {
        if (present <= 16) {
            return null;
        }
        byte magic = buf.get(pos + 16);
        if (magic < 0 || magic > 2) {
            return "their magic byte is " + magic + ", which no Kafka release defines (0, 1 or 2), and their size "
                    + "field claims " + (declared - LOG_OVERHEAD) + " bytes where " + (present - LOG_OVERHEAD) + " follow";
        }
        return null;
    }

    private void undecoded(FieldReader r, FieldNode parent, int from, int to, ExpertItem item, String message) {
        FieldNode node = r.group(parent, "undecoded", "bytes", from, to - from);
        r.note(node, item, from, message);
    }
}
