package org.kwire.render;

import org.kwire.dissect.WireValues;
import org.kwire.tree.FieldNode;

import java.util.HexFormat;
import java.util.UUID;

/** How a node's value and place read in text: {@code = "" (compact, len+1=1)}, {@code [0x000f, 1B]}. */
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
            return "= " + (nullString ? "null " + d : d);
        }
        String text;
        if (v instanceof String s) {
            text = quote(s);
        } else if (v instanceof byte[] b) {
            text = b.length <= MAX_HEX_BYTES ? "0x" + HexFormat.of().formatHex(b)
                    : "0x" + HexFormat.of().formatHex(b, 0, MAX_HEX_BYTES) + "...";
        } else if (v instanceof UUID u) {
            text = kafkaUuid(u);
        } else {
            text = String.valueOf(v);
        }
        return "= " + text + (d == null ? "" : " " + d);
    }

    /** A uuid in Kafka's one spelling ({@code Uuid.toString()}: URL-safe base64, 22 characters), as reports write it. */
    static String kafkaUuid(UUID u) {
        return WireValues.kafkaUuid(u.getMostSignificantBits(), u.getLeastSignificantBits());
    }

    /** {@code [0x000f, 1B]}; offsets into decompressed data read {@code [0x000f, 1B, decompressed]}. */
    static String range(FieldNode n) {
        return "[0x" + String.format("%04x", n.offset()) + ", " + n.length() + "B" + (n.inDecompressed() ? ", decompressed" : "") + "]";
    }

    /** A string in double quotes with JSON escapes for quotes, backslashes and control characters. */
    static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}
