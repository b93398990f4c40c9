package org.kwire.encode;

import org.kwire.plan.FieldPlan;

/**
 * Chooses the values of an instance that {@link InstanceEncoder} writes. Implementations must respect the plan: null
 * only where {@link FieldPlan#nullable()}.
 */
public interface ValueSource {

    /** Value of an integer field (int8 ... int64, uint16, uint32), within the type's range. */
    long number(FieldPlan field);

    double float64(FieldPlan field);

    boolean bool(FieldPlan field);

    /** The 16 bytes of a uuid. */
    byte[] uuid(FieldPlan field);

    /** A string (null only if nullable). */
    String string(FieldPlan field);

    /** Bytes (null only if nullable). */
    byte[] bytes(FieldPlan field);

    /** The bytes of a record set (null only if nullable). */
    byte[] records(FieldPlan field);

    /** Number of array elements, or -1 for null (only if nullable). */
    int arrayLength(FieldPlan field);

    /** False for a null nullable struct. */
    boolean structPresent(FieldPlan field);

    /** Whether to write a tagged field (tagged fields are optional on the wire). */
    boolean includeTagged(FieldPlan field);
}
