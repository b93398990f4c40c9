package org.kwire.plan;

import java.util.List;

/**
 * A struct of one message version, compiled: its fields present in that version in declaration order.
 *
 * @param name     struct name ({@code "TopicData"}), or the message name for a message body
 * @param fields   every field present in this version, declaration order (tagged ones included)
 * @param untagged the fields written in order on the wire
 * @param flexible true if the struct ends with a tagged-field section (flexible versions, KIP-482)
 */
public record StructPlan(String name, List<FieldPlan> fields, List<FieldPlan> untagged, boolean flexible) {

    /** The tagged field with this tag, or null if this version defines none. */
    public FieldPlan tagged(int tag) {
        for (FieldPlan f : fields) {
            if (f.tag() == tag) {
                return f;
            }
        }
        return null;
    }
}
