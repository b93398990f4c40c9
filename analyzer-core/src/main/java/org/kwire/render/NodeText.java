package org.kwire.render;

import org.kwire.dissect.WireValues;
import org.kwire.text.VisibleText;
import org.kwire.tree.FieldNode;

import java.util.HexFormat;
import java.util.UUID;

/**
 * How a node's value and place read in text: {@code = "" (compact, len+1=1)}, {@code [0x000f, 1B]}; strings and
 * details shown by {@link VisibleText}'s rule.
 */
final class NodeText {

    /** Bytes values longer than this are shown by their first bytes and their length. */
    private static final int MAX_HEX_BYTES = 32;

    private NodeText() {
    }

    /** {@code = value detail}, {@code = detail} for groups, or empty for nodes with neither. */
    static String value(FieldNode n) {
        Object v = n.value();
        String d = n.detail();
        if (v == null) {
            if (d == null) {
                return "";
            }
            boolean nullString = d.startsWith("(");
            return "= " + VisibleText.of(nullString ? "null " + d : d);
        }
        String text;
        if (v instanceof String s) {
            text = n.invalidUtf8() != null ? '"' + VisibleText.ofUtf8(n.invalidUtf8()).replace("\"", "\\\"") + '"' : quote(s);
        } else if (v instanceof byte[] b) {
            text = b.length <= MAX_HEX_BYTES ? "0x" + HexFormat.of().formatHex(b)
                    : "0x" + HexFormat.of().formatHex(b, 0, MAX_HEX_BYTES) + "...";
        } else if (v instanceof UUID u) {
            text = kafkaUuid(u);
        } else {
            text = String.valueOf(v);
        }
        return "= " + text + (d == null ? "" : " " + VisibleText.of(d));
    }

    /** A uuid in Kafka's one spelling ({@code Uuid.toString()}: URL-safe base64, 22 characters), as reports write it. */
    static String kafkaUuid(UUID u) {
        return WireValues.kafkaUuid(u.getMostSignificantBits(), u.getLeastSignificantBits());
    }

    /** {@code [0x000f, 1B]}; offsets into decompressed data read {@code [0x000f, 1B, decompressed]}. */
    static String range(FieldNode n) {
        return "[0x" + String.format("%04x", n.offset()) + ", " + n.length() + "B" + (n.inDecompressed() ? ", decompressed" : "") + "]";
    }

    /** A string in double quotes, shown by {@link VisibleText}'s rule, its double quotes written {@code \"}. */
    static String quote(String s) {
        return '"' + VisibleText.of(s).replace("\"", "\\\"") + '"';
    }
}
