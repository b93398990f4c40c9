package org.kwire.records;

import org.kwire.dissect.Interpreter;
import org.kwire.dissect.RecordsHandler;
import org.kwire.dissect.TreeBuilder;
import org.kwire.expert.ExpertItem;
import org.kwire.dissect.BodyProblem;
import org.kwire.records.RecordFraming.Framed;
import org.kwire.records.RecordFraming.Part;
import org.kwire.records.RecordFraming.Prefix;
import org.kwire.schema.RecordFamily;
import org.kwire.tree.FieldNode;

import java.nio.ByteBuffer;

/**
 * An internal record's key and value as tree nodes in a record batch's tree ({@code kwire dissect --records}): the
 * framing's numbers, then the fields as the schema interpreter's {@link TreeBuilder} builds them, with offsets into the
 * bytes the record lies in (the frame, or the decompressed payload: then every node is marked
 * {@link FieldNode#inDecompressed()}); a type or version without schema as raw bytes. Problems are notes on the key or
 * value node ({@code kafka.records.schema_unknown}, {@code kafka.records.schema_malformed}) and in the records summary.
 * Stateless.
 */
final class InternalRecordTree {

    private InternalRecordTree() {
    }

    /**
     * Fills the key and value nodes (each null when that part is null) of one record of {@code family}.
     *
     * @param buf the bytes the reader reads, absolute indexes
     */
    static void fill(InternalRecords internal, RecordFamily family, FieldReader r, ByteBuffer buf, int keyAt,
                     int keyLength, FieldNode key, int valueAt, int valueLength, FieldNode value, long packet) {
        Framed f = RecordFraming.frame(family, internal.plans(), buf, keyAt, keyLength, buf, valueAt, valueLength);
        part(f.key(), key, packet, r);
        part(f.value(), value, packet, r);
        for (BodyProblem p : f.problems()) {
            boolean inKey = key != null && p.offset() >= keyAt && p.offset() < keyAt + Math.max(keyLength, 1);
            FieldNode at = inKey || value == null ? key : value;
            r.note(at, p.item(), p.offset(), p.message());
        }
        boolean decompressed = r.depth() > 0;
        for (FieldNode n : new FieldNode[]{key, value}) {
            if (n != null) {
                n.setDetail(n == key ? describe(f, true) : describe(f, false));
                if (decompressed) {
                    markDecompressed(n);
                }
            }
        }
    }

    private static String describe(Framed f, boolean key) {
        int version = key ? f.keyVersion() : f.valueVersion();
        return f.family().name().toLowerCase(java.util.Locale.ROOT) + " " + f.type() + (key ? " key" : " value")
                + (version >= 0 ? " v" + version : "");
    }

    /** The prefixes and fields of one part under its node. */
    private static void part(Part p, FieldNode node, long packet, FieldReader r) {
        if (p == null || node == null) {
            return;
        }
        for (Prefix x : p.prefixes()) {
            node.add(new FieldNode(x.name(), x.type(), x.offset(), x.length()).setValue(x.value()).setAbout(x.about()));
        }
        if (p.plan() == null) {
            if (p.end() > p.fieldsAt()) {
                FieldNode raw = node.add(new FieldNode("bytes", "bytes", p.fieldsAt(), p.end() - p.fieldsAt())
                        .setAbout("undecoded: no bundled schema for this record type or version"));
                ValueText.show(raw, org.kwire.frame.FrameBytes.of(p.buf()), p.fieldsAt(), p.end() - p.fieldsAt(), 256);
            }
            return;
        }
        FieldNode fields = node.add(new FieldNode(p.plan().spec().name(), "struct", p.fieldsAt(), p.end() - p.fieldsAt())
                .setAbout(p.label()));
        TreeBuilder tree = new TreeBuilder(p.buf(), fields, RecordsHandler.SIZE_ONLY, packet, false);
        int end = Interpreter.decode(p.buf(), p.fieldsAt(), p.end(), p.plan(), tree);
        fields.setLength(end - p.fieldsAt());
        if (tree.problems() > 0) {
            r.note(node, ExpertItem.RECORDS_SCHEMA_MALFORMED, p.fieldsAt(), p.label()
                    + ": its schema does not decode it (the notes below say where)");
        }
    }

    private static void markDecompressed(FieldNode n) {
        n.setInDecompressed(true);
        n.children().forEach(InternalRecordTree::markDecompressed);
    }
}
