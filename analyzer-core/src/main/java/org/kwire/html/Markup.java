package org.kwire.html;

/**
 * Writes HTML and inline SVG: every text and attribute value goes through {@link #escape}, so user data (topic names,
 * client ids, file names) can never become markup. Tags and attribute names are the caller's constants.
 */
final class Markup {

    private final StringBuilder out = new StringBuilder(64 * 1024);

    /** {@code s} with {@code & < > " '} replaced by character references; null becomes the empty string. */
    static String escape(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /**
     * Opens an element.
     *
     * @param attributes name, value, name, value, ... (values escaped)
     */
    Markup open(String tag, String... attributes) {
        out.append('<').append(tag);
        attributes(attributes);
        out.append('>');
        return this;
    }

    /** An element without content, {@code <tag ... />}: HTML void elements ({@code <meta>}) and SVG shapes only. */
    Markup empty(String tag, String... attributes) {
        out.append('<').append(tag);
        attributes(attributes);
        out.append("/>");
        return this;
    }

    /** Closes the element opened last with {@code tag}. */
    Markup close(String tag) {
        out.append("</").append(tag).append('>');
        return this;
    }

    /** An element holding only text: {@code <tag ...>text</tag>}. */
    Markup element(String tag, String text, String... attributes) {
        return open(tag, attributes).text(text).close(tag);
    }

    /** Escaped text. */
    Markup text(String text) {
        out.append(escape(text));
        return this;
    }

    /** Markup written by kwire itself (the stylesheet), not escaped: never pass user data here. */
    Markup trusted(String markup) {
        out.append(markup);
        return this;
    }

    private void attributes(String[] attributes) {
        if (attributes.length % 2 != 0) {
            throw new IllegalArgumentException("attributes come in name, value pairs");
        }
        for (int i = 0; i < attributes.length; i += 2) {
            out.append(' ').append(attributes[i]).append("=\"").append(escape(attributes[i + 1])).append('"');
        }
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
