package org.kwire.wireshark;

import org.kwire.schema.Direction;

/**
 * The plugin's display-filter names, derived from the schemas so they stay stable across kwire releases: an API's
 * name and a field's name in snake_case ({@code ShareFetch} → {@code share_fetch}, {@code TopicId} →
 * {@code topic_id}), a body field as {@code kwire.<api>.<request|response>.<path>} with one part per enclosing struct
 * or array ({@code kwire.produce.request.topic_data.partition_data.index}). Wireshark allows lower-case letters,
 * digits, {@code _}, {@code -} and {@code .} in a field's abbreviation: the snake_case of a schema name has nothing
 * else. Stateless.
 */
public final class FieldNames {

    private FieldNames() {
    }

    /**
     * A schema name in snake_case: an underscore before an upper-case letter that follows a lower-case letter or
     * digit, or that starts a word after an acronym ({@code SASLHandshake} → {@code sasl_handshake}).
     */
    public static String snake(String name) {
        StringBuilder b = new StringBuilder(name.length() + 8);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isUpperCase(c) && i > 0) {
                char prev = name.charAt(i - 1);
                boolean nextLower = i + 1 < name.length() && Character.isLowerCase(name.charAt(i + 1));
                if (Character.isLowerCase(prev) || Character.isDigit(prev) || (Character.isUpperCase(prev) && nextLower)) {
                    b.append('_');
                }
            }
            b.append(Character.toLowerCase(c));
        }
        return b.toString();
    }

    /** The prefix of an API's body fields in one direction: {@code kwire.share_fetch.response}. */
    public static String body(String apiName, Direction direction) {
        return "kwire." + snake(apiName) + "." + direction.schemaType();
    }

}
