package org.kwire.records;

import org.kwire.tree.FieldNode;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

/** Test helpers over decoded trees. */
final class Nodes {

    private Nodes() {
    }

    /** A parent node like the records field node the interpreter passes. */
    static FieldNode field() {
        return new FieldNode("Records", "records", 0, 0);
    }

    /** Children whose name starts with {@code prefix} ({@code "Record["}, {@code "Message"}). */
    static List<FieldNode> children(FieldNode node, String prefix) {
        return node.children().stream().filter(c -> c.name().startsWith(prefix)).toList();
    }

    /** The bytes a key/value node shows (its value as UTF-8 text or base64, as its detail says). */
    static byte[] shownBytes(FieldNode node) {
        String text = (String) node.value();
        return node.detail().startsWith("utf8") ? text.getBytes(StandardCharsets.UTF_8)
                : Base64.getDecoder().decode(text);
    }

    /** The number value of the named child. */
    static long number(FieldNode node, String child) {
        return ((Number) node.child(child).value()).longValue();
    }
}
