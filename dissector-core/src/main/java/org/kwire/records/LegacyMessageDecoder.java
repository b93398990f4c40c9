package org.kwire.records;

import org.kwire.records.FieldReader.Sized;
import org.kwire.records.FieldReader.Wire;
import org.kwire.tree.FieldNode;

/**
 * One legacy message, magic 0 or 1 (Kafka docs "Message Sets"): offset, messageSize, CRC-32 over magic .. end, magic,
 * attributes, timestamp (magic 1 only), int32-sized key and value. A compressed message is a wrapper whose value is an
 * inner message set, decoded one level deeper. Offsets are shown as on the wire: inner messages of a magic 1 wrapper
 * carry offsets relative to the wrapper (KIP-31), whose own offset is that of its last inner message. Nodes:
 * {@code Message} (type {@code v0}/{@code v1}) with its fields; a wrapper's inner messages under its {@code value}
 * node (type: the codec), with offsets into the decompressed data.
 */
final class LegacyMessageDecoder {

    private static final Sized KEY = new Sized(Wire.INT32, "keyLength", "key size in bytes, -1 for a null key",
            "key", "bytes", "message key", true);
    private static final Sized VALUE = new Sized(Wire.INT32, "valueLength",
            "value size in bytes, -1 for a null value", "value", "bytes", "message value", true);
    private static final String[] TYPES = {"v0", "v1"};

    private final MessageSetWalker walker;

    LegacyMessageDecoder(MessageSetWalker walker) {
        this.walker = walker;
    }

    /**
     * Decodes the message {@code [start, end)}, which the reader holds whole, its position at {@code start}.
     *
     * @param tally null for a top-level message, which becomes a {@link BatchInfo}; else the enclosing wrapper's
     *              tally, which counts it
     */
    void decode(FieldReader r, int start, int end, FieldNode parent, LegacyTally tally) {
        byte magic = r.bytes().get(start + 16);
        FieldNode message = r.group(parent, "Message", TYPES[magic], start, end - start);
        try {
            decodeMessage(r, message, start, end, magic, tally);
        } catch (Malformed m) {
            r.malformed(message, "message v" + magic, m);
        }
    }

    private void decodeMessage(FieldReader r, FieldNode message, int start, int end, byte magic, LegacyTally tally)
            throws Malformed {
        long offset = r.read(message, Wire.INT64, "offset", tally == null
                ? "offset of the message; of its last inner message for a compressed wrapper"
                : magic == 1 ? "offset relative to the wrapper (KIP-31), as on the wire"
                : "offset of the inner message, as on the wire");
        r.read(message, Wire.INT32, "messageSize", "bytes of the message after this field");
        long crc = r.read(message, Wire.UINT32, "crc", "CRC-32 over magic .. end of message");
        FieldNode crcNode = r.last();
        r.read(message, Wire.INT8, "magic", "message format version, 0 or 1");
        int attributes = (int) r.read(message, Wire.INT8, "attributes",
                "compression codec (bits 0-2), timestamp type (bit 3, magic 1)");
        Codec codec = Codec.fromAttributes(attributes);
        if (message != null) {
            String timestampType = (attributes & 0x08) != 0 ? ", LogAppendTime" : ", CreateTime";
            r.last().setDetail(codec.label() + (magic == 0 ? "" : timestampType));
        }
        long timestamp = -1;
        if (magic == 1) {
            timestamp = r.read(message, Wire.INT64, "timestamp",
                    "ms since the epoch, CreateTime or LogAppendTime (attributes bit 3)");
            BatchV2Decoder.timestamp(r, message, timestamp);
        }
        boolean crcValid = r.verify(crcNode, EntryChecksum.LEGACY_MESSAGE, crc, start, end, offset, magic);
        r.sized(message, KEY);
        LegacyTally inner = codec == Codec.NONE ? null : new LegacyTally();
        int uncompressed = inner == null ? end - start : wrapperValue(r, message, codec, end - start, inner);
        if (inner == null) {
            r.sized(message, VALUE);
        }
        if (r.position() != end) {
            throw new Malformed(r.position(), (end - r.position()) + " bytes after the value");
        }
        int records = inner == null ? 1 : inner.messages;
        if (message != null) {
            message.setDetail(inner == null ? "offset " + offset : codec.label() + " wrapper, " + records
                    + (records == 1 ? " message" : " messages"));
        }
        if (tally != null) {
            tally.add(offset, records);
            return;
        }
        long baseOffset = inner == null || inner.messages == 0 ? offset
                : magic == 0 ? inner.firstOffset : offset - inner.lastOffset + inner.firstOffset;
        r.context().batch(new BatchInfo(start, end - start, magic, codec, baseOffset, (int) (offset - baseOffset),
                records, uncompressed, false, false, -1, (short) -1, -1, crc, crcValid, -1, timestamp, timestamp,
                magic == 1 && (attributes & 0x08) != 0, -1));
    }

    /**
     * Reads a wrapper's compressed value and decodes its inner message set into {@code inner}; returns the message's
     * size with the value decompressed, or -1 if it could not be.
     */
    private int wrapperValue(FieldReader r, FieldNode message, Codec codec, int size, LegacyTally inner)
            throws Malformed {
        int length = r.length(message, VALUE);
        if (length < 0) {
            throw new Malformed(r.position(), "compressed message with a null value");
        }
        int at = r.position();
        FieldNode value = r.group(message, "value", codec.label(), at, length);
        if (value != null) {
            value.setAbout("compressed inner message set; its messages have offsets into the decompressed data");
        }
        r.skip(length, "value");
        FieldReader contents = r.decompress(value, codec, at, length);
        if (contents == null) {
            return -1;
        }
        walker.walk(contents, value, inner);
        return size - length + contents.limit();
    }
}
