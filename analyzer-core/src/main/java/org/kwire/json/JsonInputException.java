package org.kwire.json;

import java.io.IOException;

/**
 * A JSON document read back that is refused: where (the field's JSON pointer, RFC 6901, {@code ""} for the whole
 * document; or the line and column of a document that is not JSON) and why, in one line that names no Java type.
 * {@link #getMessage()} is {@code "POINTER: REASON"}; the caller puts the file's name before it. Both parts may quote
 * the document (a name it holds, a token it could not parse): line breaks in them become spaces, so that the refusal
 * stays one line; other characters are left to whoever prints it.
 */
public final class JsonInputException extends IOException {

    private final String pointer;
    private final String reason;

    /**
     * @param pointer the field's JSON pointer ({@code /slices/0/packets}), {@code ""} for the document, or a place
     *                such as {@code "line 3, column 7"}
     * @param reason  what is wrong, one line
     */
    public JsonInputException(String pointer, String reason) {
        super(pointer.isEmpty() ? oneLine(reason) : oneLine(pointer) + ": " + oneLine(reason), null);
        this.pointer = oneLine(pointer);
        this.reason = oneLine(reason);
    }

    /** The field's JSON pointer or place, {@code ""} for the whole document. */
    public String pointer() {
        return pointer;
    }

    /** What is wrong. */
    public String reason() {
        return reason;
    }

    /** A name as one segment of a JSON pointer: {@code ~} and {@code /} escaped (RFC 6901). */
    public static String segment(String name) {
        return name.replace("~", "~0").replace("/", "~1");
    }

    /**
     * A refusal of a value that Jackson 2 could not bind into its record field: a field a schema let through (none of
     * kwire's should), named by its pointer.
     */
    public static JsonInputException unbound(com.fasterxml.jackson.databind.JsonMappingException e) {
        StringBuilder pointer = new StringBuilder();
        for (com.fasterxml.jackson.databind.JsonMappingException.Reference r : e.getPath()) {
            pointer.append('/').append(r.getFieldName() != null ? segment(r.getFieldName()) : Integer.toString(r.getIndex()));
        }
        return new JsonInputException(pointer.toString(), "does not fit its field (a number out of its range, or a value "
                + "of another kind)");
    }

    /** This refusal with its pointer under {@code parent} (a field checked apart, e.g. one section of a document). */
    public JsonInputException under(String parent) {
        return new JsonInputException(parent + pointer, reason);
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this; // a refusal of an input, reported in one line: its stack is of no use
    }

    private static String oneLine(String s) {
        String line = s == null ? "" : s.replaceAll("[\\r\\n\\u0085\\u2028\\u2029]", " ");
        return line.length() > 400 ? line.substring(0, 400) + "..." : line;
    }
}
