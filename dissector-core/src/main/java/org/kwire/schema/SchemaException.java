package org.kwire.schema;

/**
 * A message schema that breaks a rule of Kafka's schema format (Kafka's {@code common/message/README.md}, and the
 * checks of Kafka's own generator spec classes). Its message names the place first, e.g.
 * {@code struct Topics, field Name: no "versions"}; {@link SchemaParser} prefixes the file.
 */
final class SchemaException extends RuntimeException {

    /**
     * @param where  the place: {@code message M}, {@code struct S, field F}, ...
     * @param reason what is wrong there
     */
    SchemaException(String where, String reason) {
        super(where + ": " + reason);
    }
}
