package org.kwire.dissect;

import org.kwire.expert.ExpertItem;
import org.kwire.plan.FieldPlan;
import org.kwire.plan.StructPlan;

/**
 * Two visitors fed by one interpreter pass, each callback to the first, then to the second: how {@code kwire dissect}
 * builds a frame's tree in the same pass that summarizes it. It overrides every method of {@link DissectionVisitor}
 * (a test checks that), so a callback added to the interface later cannot be dropped on its way to the second.
 */
public final class VisitorPair implements DissectionVisitor {

    private final DissectionVisitor first;
    private final DissectionVisitor second;

    /** @param first gets each callback first; @param second then */
    public VisitorPair(DissectionVisitor first, DissectionVisitor second) {
        this.first = first;
        this.second = second;
    }

    /** {@code first} alone when {@code second} is null, else both. */
    public static DissectionVisitor of(DissectionVisitor first, DissectionVisitor second) {
        return second == null ? first : new VisitorPair(first, second);
    }

    @Override
    public void beginStruct(FieldPlan field, StructPlan struct, int offset, int markerLength) {
        first.beginStruct(field, struct, offset, markerLength);
        second.beginStruct(field, struct, offset, markerLength);
    }

    @Override
    public void endStruct(StructPlan struct, int end) {
        first.endStruct(struct, end);
        second.endStruct(struct, end);
    }

    @Override
    public void nullStruct(FieldPlan field, int offset, int markerLength) {
        first.nullStruct(field, offset, markerLength);
        second.nullStruct(field, offset, markerLength);
    }

    @Override
    public void beginArray(FieldPlan field, int offset, int prefixLength, int count) {
        first.beginArray(field, offset, prefixLength, count);
        second.beginArray(field, offset, prefixLength, count);
    }

    @Override
    public void endArray(FieldPlan field, int end) {
        first.endArray(field, end);
        second.endArray(field, end);
    }

    @Override
    public void number(FieldPlan field, int offset, long value) {
        first.number(field, offset, value);
        second.number(field, offset, value);
    }

    @Override
    public void float64(FieldPlan field, int offset, double value) {
        first.float64(field, offset, value);
        second.float64(field, offset, value);
    }

    @Override
    public void bool(FieldPlan field, int offset, boolean value) {
        first.bool(field, offset, value);
        second.bool(field, offset, value);
    }

    @Override
    public void uuid(FieldPlan field, int offset, long mostSignificant, long leastSignificant) {
        first.uuid(field, offset, mostSignificant, leastSignificant);
        second.uuid(field, offset, mostSignificant, leastSignificant);
    }

    @Override
    public void string(FieldPlan field, int offset, int prefixLength, int length) {
        first.string(field, offset, prefixLength, length);
        second.string(field, offset, prefixLength, length);
    }

    @Override
    public void bytes(FieldPlan field, int offset, int prefixLength, int length) {
        first.bytes(field, offset, prefixLength, length);
        second.bytes(field, offset, prefixLength, length);
    }

    @Override
    public void records(FieldPlan field, int offset, int prefixLength, int length) {
        first.records(field, offset, prefixLength, length);
        second.records(field, offset, prefixLength, length);
    }

    @Override
    public void beginTaggedFields(int offset, int prefixLength, int count) {
        first.beginTaggedFields(offset, prefixLength, count);
        second.beginTaggedFields(offset, prefixLength, count);
    }

    @Override
    public void beginTaggedField(FieldPlan field, int tag, int offset, int headerLength, int size) {
        first.beginTaggedField(field, tag, offset, headerLength, size);
        second.beginTaggedField(field, tag, offset, headerLength, size);
    }

    @Override
    public void endTaggedField(int end) {
        first.endTaggedField(end);
        second.endTaggedField(end);
    }

    @Override
    public void endTaggedFields(int end) {
        first.endTaggedFields(end);
        second.endTaggedFields(end);
    }

    @Override
    public void problem(int offset, ExpertItem item, String message) {
        first.problem(offset, item, message);
        second.problem(offset, item, message);
    }

    @Override
    public void end(int position) {
        first.end(position);
        second.end(position);
    }
}
