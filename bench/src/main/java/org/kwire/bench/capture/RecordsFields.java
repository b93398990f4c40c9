package org.kwire.bench.capture;

import org.kwire.dissect.DissectionVisitor;
import org.kwire.dissect.Interpreter;
import org.kwire.plan.FieldPlan;
import org.kwire.plan.MessagePlan;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code records} fields of a frame, found by kwire's interpreter, and the frame rebuilt with other contents in
 * them. No Kafka struct carries its own byte length, so a field's length prefix and the frame's size prefix are all
 * that change.
 */
public final class RecordsFields {

    /**
     * One records field.
     *
     * @param offset       index of its length prefix in the frame
     * @param prefixLength bytes of that prefix
     * @param length       bytes of record data (-1 for null)
     * @param compact      true for a compact field (uvarint length + 1), false for an int32 length
     */
    public record Field(int offset, int prefixLength, int length, boolean compact) {

        /** Index of its first data byte. */
        public int dataOffset() {
            return offset + prefixLength;
        }
    }

    private RecordsFields() {
    }

    /** The records fields of a frame whose body starts at {@code bodyOffset}, in wire order. */
    public static List<Field> find(byte[] frame, int bodyOffset, MessagePlan plan) {
        List<Field> fields = new ArrayList<>();
        Interpreter.decode(ByteBuffer.wrap(frame), bodyOffset, frame.length, plan, new DissectionVisitor() {
            @Override
            public void records(FieldPlan field, int offset, int prefixLength, int length) {
                fields.add(new Field(offset, prefixLength, length, field.compact()));
            }
        });
        return fields;
    }

    /**
     * The frame with each field's data replaced by the matching entry of {@code contents} (null: kept as it is), the
     * size prefix updated.
     */
    static byte[] replace(byte[] frame, List<Field> fields, List<byte[]> contents) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(frame.length);
        out.write(frame, 0, 4);
        int pos = 4;
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            byte[] data = contents.get(i);
            if (data == null) {
                continue;
            }
            out.write(frame, pos, f.offset() - pos);
            if (f.compact()) {
                writeUvarint(out, data.length + 1L);
            } else {
                out.writeBytes(ByteBuffer.allocate(4).putInt(data.length).array());
            }
            out.writeBytes(data);
            pos = f.dataOffset() + Math.max(f.length(), 0);
        }
        out.write(frame, pos, frame.length - pos);
        byte[] rebuilt = out.toByteArray();
        ByteBuffer.wrap(rebuilt).putInt(0, rebuilt.length - 4);
        return rebuilt;
    }

    private static void writeUvarint(ByteArrayOutputStream out, long v) {
        while ((v & ~0x7fL) != 0) {
            out.write((int) ((v & 0x7f) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
    }
}
