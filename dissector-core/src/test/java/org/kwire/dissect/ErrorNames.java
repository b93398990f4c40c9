package org.kwire.dissect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.kwire.protocol.ErrorCodes;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** The error names kwire's values add beside Kafka's error codes, checked and removed (for comparisons with Kafka). */
public final class ErrorNames {

    private ErrorNames() {
    }

    /**
     * Removes every {@code <snake>_error_name} / {@code error_name} key from the tree, in place.
     *
     * @return null if each error code ({@code ...ErrorCode} key with a number) had its name and each name was its
     *         code's; else what was wrong
     */
    public static String strip(JsonNode n) {
        if (n instanceof ObjectNode o) {
            List<String> names = new ArrayList<>();
            for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
                String key = it.next();
                if (key.endsWith("error_name")) {
                    names.add(key);
                }
            }
            for (String key : names) {
                String code = codeKey(key);
                JsonNode value = o.get(code);
                if (value == null || !value.isIntegralNumber()) {
                    return key + " without its code " + code + " in " + o;
                }
                if (!ErrorCodes.name(value.asInt()).equals(o.get(key).asText())) {
                    return key + " " + o.get(key) + " is not the name of " + code + " " + value;
                }
                o.remove(key);
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (e.getKey().endsWith("ErrorCode") || e.getKey().equals("errorCode")) {
                    if (e.getValue().isIntegralNumber() && !names.contains(nameKey(e.getKey()))) {
                        return "error code " + e.getKey() + " without its name in " + o;
                    }
                }
                String inner = strip(e.getValue());
                if (inner != null) {
                    return inner;
                }
            }
        } else if (n != null && n.isArray()) {
            for (JsonNode element : n) {
                String inner = strip(element);
                if (inner != null) {
                    return inner;
                }
            }
        }
        return null;
    }

    /** {@code top_level_error_name} → {@code topLevelErrorCode}. */
    private static String codeKey(String nameKey) {
        String[] parts = nameKey.substring(0, nameKey.length() - "_name".length()).split("_");
        StringBuilder b = new StringBuilder(parts[0]);
        for (int i = 1; i < parts.length; i++) {
            b.append(Character.toUpperCase(parts[i].charAt(0))).append(parts[i].substring(1));
        }
        return b.append("Code").toString();
    }

    /** {@code topLevelErrorCode} → {@code top_level_error_name}. */
    private static String nameKey(String codeKey) {
        String base = codeKey.substring(0, codeKey.length() - "Code".length());
        return base.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT) + "_name";
    }
}
