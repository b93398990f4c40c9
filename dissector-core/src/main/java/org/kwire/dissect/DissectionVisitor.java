package org.kwire.dissect;

import org.kwire.expert.ExpertItem;
import org.kwire.plan.FieldPlan;
import org.kwire.plan.StructPlan;

/**
 * Receives the fields of a message body in wire order from {@link Interpreter}. Offsets are absolute indexes into the
 * frame (the size prefix is at 0). String, bytes and records callbacks give the position of the data, not a decoded
 * copy, so a visitor that does not need a value pays nothing for it; the frame is the visitor's own to read.
 * Array elements are reported with the array's {@link FieldPlan#element()} plan. Every callback does nothing by
 * default, so a visitor implements only what it needs.
 */
public interface DissectionVisitor {

    /**
     * A struct begins: the message body ({@code field} null), a struct field, an array element or a tagged struct.
     *
     * @param markerLength bytes of the presence marker of a nullable struct before its fields (0 if none)
     */
    default void beginStruct(FieldPlan field, StructPlan struct, int offset, int markerLength) {
    }

    /** The struct that began last ends at {@code end} (exclusive). */
    default void endStruct(StructPlan struct, int end) {
    }

    /** A nullable struct that is null: only its presence marker is on the wire. */
    default void nullStruct(FieldPlan field, int offset, int markerLength) {
    }

    /**
     * An array begins.
     *
     * @param prefixLength bytes of the length prefix (uvarint for compact arrays, 4 for legacy)
     * @param count        number of elements, or -1 for a null array (then {@link #endArray} follows at once)
     */
    default void beginArray(FieldPlan field, int offset, int prefixLength, int count) {
    }

    /** The array that began last ends at {@code end}. */
    default void endArray(FieldPlan field, int end) {
    }

    /** An integer field (int8, int16, uint16, int32, uint32, int64); its length is the kind's fixed size. */
    default void number(FieldPlan field, int offset, long value) {
    }

    /** A float64 field (8 bytes). */
    default void float64(FieldPlan field, int offset, double value) {
    }

    /** A bool field (1 byte). */
    default void bool(FieldPlan field, int offset, boolean value) {
    }

    /** A uuid field (16 bytes, most significant half first). */
    default void uuid(FieldPlan field, int offset, long mostSignificant, long leastSignificant) {
    }

    /**
     * A string field: UTF-8 data at {@code offset + prefixLength}, {@code length} bytes, or null if {@code length} is -1.
     */
    default void string(FieldPlan field, int offset, int prefixLength, int length) {
    }

    /** A bytes field, laid out like {@link #string}. */
    default void bytes(FieldPlan field, int offset, int prefixLength, int length) {
    }

    /** A records field: the record set's bytes at {@code offset + prefixLength}, or null if {@code length} is -1. */
    default void records(FieldPlan field, int offset, int prefixLength, int length) {
    }

    /** A struct's tagged-field section begins (flexible versions): a uvarint count, then the fields. */
    default void beginTaggedFields(int offset, int prefixLength, int count) {
    }

    /**
     * One tagged field begins: its tag and size uvarints take {@code headerLength} bytes, then {@code size} bytes of
     * value. For a known tag the field's callback follows; an unknown tag ({@code field} null) is only raw bytes.
     */
    default void beginTaggedField(FieldPlan field, int tag, int offset, int headerLength, int size) {
    }

    /** The tagged field that began last ends at {@code end}. */
    default void endTaggedField(int end) {
    }

    /** The tagged-field section ends at {@code end}. */
    default void endTaggedFields(int end) {
    }

    /**
     * Decoding met a problem at {@code offset}. For items of the groups {@code truncated} and {@code malformed}
     * decoding stops after this call (no further begin/end callbacks); {@code protocol} items (e.g. a null in a
     * non-nullable field, trailing bytes after the body) are reported and decoding goes on.
     *
     * @param item    which problem ({@code kafka.body.*} items of {@link ExpertItem})
     * @param message this occurrence's details
     */
    default void problem(int offset, ExpertItem item, String message) {
    }

    /** Decoding ended at {@code position} (exclusive; the body's end for a well-formed body): the last callback. */
    default void end(int position) {
    }
}
