package org.kwire.tree;

import org.kwire.expert.ExpertNote;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One node of a dissection tree, like a line of Wireshark's packet details: a field (or a group of fields) with its
 * absolute offset and length in the frame, its type, its typed value and its children. Offsets of nodes inside
 * decompressed record data are offsets into the decompressed buffer and say so ({@link #inDecompressed()}).
 */
public final class FieldNode {

    private final String name;
    private final String type;
    private final int offset;
    private int length;
    private Object value;
    private byte[] invalidUtf8;
    private String detail;
    private String about;
    private boolean inDecompressed;
    private List<FieldNode> children;
    private Budget budget;
    private List<ExpertNote> notes;

    /**
     * @param name   field name as the schema writes it ({@code "TopicName"}), or a structural name ({@code "length"},
     *               {@code "tagged_fields"}, {@code "Topics[0]"}-style element names)
     * @param type   type as displayed: {@code int32}, {@code string}, {@code []TopicData}, {@code records}, a struct
     *               name, {@code uvarint}, ...
     * @param offset absolute offset of the first byte, in the frame (size prefix at 0) or the decompressed buffer
     * @param length length in bytes (may be set later with {@link #setLength})
     */
    public FieldNode(String name, String type, int offset, int length) {
        this.name = name;
        this.type = type;
        this.offset = offset;
        this.length = length;
    }

    /** Field name as the schema writes it, or a structural name. */
    public String name() {
        return name;
    }

    /** Type as displayed ({@code int32}, {@code []TopicData}, {@code records}, ...). */
    public String type() {
        return type;
    }

    /** Absolute offset of the first byte (frame, or decompressed buffer if {@link #inDecompressed()}). */
    public int offset() {
        return offset;
    }

    /** Length in bytes. */
    public int length() {
        return length;
    }

    /** End offset (exclusive). */
    public int end() {
        return offset + length;
    }

    /** Sets the length in bytes (known when a group ends); returns this node. */
    public FieldNode setLength(int length) {
        this.length = length;
        return this;
    }

    /**
     * The typed value: Byte/Short/Integer/Long/Double/Boolean for numbers and bools, String for strings, byte[] for
     * bytes, {@link java.util.UUID} for uuids, null for null values and for groups (structs, arrays) whose content is
     * in the children; see also {@link #detail()}.
     */
    public Object value() {
        return value;
    }

    /** Sets the typed value (see {@link #value()}); returns this node. */
    public FieldNode setValue(Object value) {
        this.value = value;
        return this;
    }

    /**
     * For a string whose bytes are not valid UTF-8: those bytes (its {@link #value()} shows each invalid sequence as
     * U+FFFD, which text for people must tell from a real U+FFFD); else null.
     */
    public byte[] invalidUtf8() {
        return invalidUtf8;
    }

    /** Sets the bytes of a string value that is not valid UTF-8 (see {@link #invalidUtf8()}); returns this node. */
    public FieldNode setInvalidUtf8(byte[] bytes) {
        this.invalidUtf8 = bytes;
        return this;
    }

    /**
     * How the value was encoded or what a group holds, for display: {@code "(compact, len+1=1)"},
     * {@code "1 element"}, {@code "struct"}, {@code "null"}; may be null.
     */
    public String detail() {
        return detail;
    }

    /** Sets the display detail (see {@link #detail()}); returns this node. */
    public FieldNode setDetail(String detail) {
        this.detail = detail;
        return this;
    }

    /** The schema's description of the field (its {@code about}), or a fixed text for structural nodes; may be null. */
    public String about() {
        return about;
    }

    /** Sets the description (see {@link #about()}); returns this node. */
    public FieldNode setAbout(String about) {
        this.about = about;
        return this;
    }

    /** True if {@link #offset()} is an offset into a decompressed buffer rather than the frame. */
    public boolean inDecompressed() {
        return inDecompressed;
    }

    /** Marks the offset as one into decompressed data; returns this node. */
    public FieldNode setInDecompressed(boolean inDecompressed) {
        this.inDecompressed = inDecompressed;
        return this;
    }

    /** Child nodes in wire order (unmodifiable view). */
    public List<FieldNode> children() {
        return children == null ? List.of() : Collections.unmodifiableList(children);
    }

    /** Appends a child and returns it. */
    public FieldNode add(FieldNode child) {
        if (budget != null) {
            child.budget = budget;
            if (budget.left <= 0) {
                budget.leftOut++; // not attached: the caller may fill it, but nothing keeps it
                return child;
            }
            budget.left--;
        }
        if (children == null) {
            children = new ArrayList<>(4);
        }
        children.add(child);
        return child;
    }

    /**
     * Caps the nodes of this tree: once {@code max} nodes were added below this one, further nodes (and theirs) are
     * left out and counted, so a frame's tree costs memory bounded by configuration, not by its content.
     *
     * @return this node
     */
    public FieldNode limitNodes(int max) {
        budget = new Budget(max);
        return this;
    }

    /** Nodes left out of this tree by {@link #limitNodes}; 0 without a limit. */
    public long nodesLeftOut() {
        return budget == null ? 0 : budget.leftOut;
    }

    /** The nodes a tree may still take, and how many it refused; shared by all nodes of one tree. */
    private static final class Budget {
        int left;
        long leftOut;

        Budget(int left) {
            this.left = left;
        }
    }

    /** Expert notes attached to this node (unmodifiable view). */
    public List<ExpertNote> notes() {
        return notes == null ? List.of() : Collections.unmodifiableList(notes);
    }

    /** Attaches an expert note. */
    public FieldNode note(ExpertNote note) {
        if (notes == null) {
            notes = new ArrayList<>(1);
        }
        notes.add(note);
        return this;
    }

    /** The first child with this name, or null. */
    public FieldNode child(String childName) {
        for (FieldNode c : children()) {
            if (c.name.equals(childName)) {
                return c;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return name + " " + type + " [" + offset + ", " + length + "B]" + (value != null ? " = " + value : "");
    }
}
