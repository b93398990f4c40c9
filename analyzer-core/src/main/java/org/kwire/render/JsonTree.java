package org.kwire.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.kwire.expert.ExpertNote;
import org.kwire.protocol.ErrorCodes;
import org.kwire.tree.FieldNode;

import java.util.HexFormat;
import java.util.UUID;

/**
 * Renders a {@link FieldNode} tree as JSON: every node with {@code name}, {@code type}, {@code offset} and
 * {@code length} (bytes), and where present {@code value} (numbers, booleans, strings; bytes as lower-case hex; uuids
 * in Kafka's base64 form, as reports and Kafka's own JSON write them), {@code error_name} beside an error code's value,
 * {@code detail}, {@code about}, {@code decompressed: true}, {@code notes} and {@code children}.
 */
public final class JsonTree {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JsonTree() {
    }

    /** The node and its subtree. */
    public static ObjectNode of(FieldNode n) {
        ObjectNode o = NODES.objectNode();
        o.put("name", n.name());
        o.put("type", n.type());
        o.put("offset", n.offset());
        o.put("length", n.length());
        Object v = n.value();
        if (v instanceof Long l) {
            o.put("value", l);
            if (n.type().equals("int16") && n.name().endsWith("ErrorCode")) {
                o.put("error_name", ErrorCodes.name(l.intValue()));
            }
        } else if (v instanceof Double d) {
            o.put("value", d);
        } else if (v instanceof Boolean b) {
            o.put("value", b);
        } else if (v instanceof String s) {
            o.put("value", s);
        } else if (v instanceof byte[] b) {
            o.put("value", HexFormat.of().formatHex(b));
        } else if (v instanceof UUID u) {
            o.put("value", NodeText.kafkaUuid(u));
        } else if (v != null) {
            o.put("value", v.toString());
        }
        if (n.detail() != null) {
            o.put("detail", n.detail());
        }
        if (n.about() != null) {
            o.put("about", n.about());
        }
        if (n.inDecompressed()) {
            o.put("decompressed", true);
        }
        if (!n.notes().isEmpty()) {
            ArrayNode notes = o.putArray("notes");
            for (ExpertNote e : n.notes()) {
                notes.addObject().put("id", e.item().id()).put("severity", e.severity().label()).put("group", e.group().label()).put("offset", e.offset())
                        .put("message", e.message());
            }
        }
        if (!n.children().isEmpty()) {
            ArrayNode children = o.putArray("children");
            for (FieldNode c : n.children()) {
                children.add(of(c));
            }
        }
        return o;
    }
}
