package org.kwire.text;

import org.kwire.dissect.WireValues;

/**
 * The one escaping rule for text meant for people (a terminal, a text file, a log line): whatever a capture, a file
 * name or an option value holds is shown, and nothing in it can act on the terminal or forge a line.
 * <ul>
 *   <li>the backslash is doubled, {@code \\}, so that every other backslash below starts an escape;</li>
 *   <li>newline, carriage return and tab read {@code \n}, {@code \r}, {@code \t};</li>
 *   <li>the other control characters, C0 (U+0000-U+001F, ESC {@code \x1b} included), DEL (U+007F) and C1
 *       (U+0080-U+009F, the one-character CSI {@code \x9b} included), read {@code \xHH};</li>
 *   <li>invisible format characters (Unicode category Cf: bidi overrides and isolates U+202A-U+202E, U+2066-U+2069,
 *       the marks U+200E/U+200F, zero-width characters, U+FEFF, tag characters ...), the line and paragraph
 *       separators U+2028/U+2029 and lone surrogates read <code>&#92;uHHHH</code>, or {@code \UHHHHHHHH} outside the BMP;</li>
 *   <li>everything else, printable Unicode ({@code é}, {@code 日本}) included, is kept as it is;</li>
 *   <li>text given as the bytes that should have been UTF-8 ({@link #ofUtf8}): each byte that is no part of a valid
 *       UTF-8 sequence reads {@code \xHH}, so that it is told from a real U+FFFD (which a decoder would have made
 *       of it).</li>
 * </ul>
 * Hex digits are lower case. The result is one line of printable characters; {@link #cut} shortens such a line without
 * splitting an escape. JSON, HTML and the Prometheus exposition use their own formats' escaping instead. Stateless and
 * thread-safe.
 */
public final class VisibleText {

    private VisibleText() {
    }

    /** {@code s} with the rule applied; null stays null. */
    public static String of(String s) {
        if (s == null) {
            return null;
        }
        int i = 0;
        while (i < s.length() && !escaped(s.codePointAt(i))) {
            i += Character.charCount(s.codePointAt(i));
        }
        if (i == s.length()) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length() + 16).append(s, 0, i);
        while (i < s.length()) {
            int c = s.codePointAt(i);
            i += Character.charCount(c);
            append(b, c);
        }
        return b.toString();
    }

    /**
     * The text of bytes meant to be UTF-8 (a Kafka string that may not be valid), with the rule applied to what
     * decodes and every byte that is no part of a valid sequence (a stray continuation byte, a sequence cut short,
     * overlong, a surrogate or beyond U+10FFFF) written {@code \xHH}; null stays null.
     */
    public static String ofUtf8(byte[] bytes) {
        if (bytes == null) {
            return null;
        }
        StringBuilder b = new StringBuilder(bytes.length + 16);
        int i = 0;
        while (i < bytes.length) {
            int n = WireValues.utf8SequenceLength(bytes, i);
            if (n == 0) {
                b.append("\\x").append(hex(bytes[i] & 0xff, 2));
                i++;
            } else {
                int c = n == 1 ? bytes[i] : bytes[i] & (0xff >> (n + 1));
                for (int k = 1; k < n; k++) {
                    c = c << 6 | bytes[i + k] & 0x3f;
                }
                append(b, c);
                i += n;
            }
        }
        return b.toString();
    }

    /** Appends one code point, escaped if the rule says so. */
    private static void append(StringBuilder b, int c) {
        if (!escaped(c)) {
            b.appendCodePoint(c);
            return;
        }
        switch (c) {
            case '\\' -> b.append("\\\\");
            case '\n' -> b.append("\\n");
            case '\r' -> b.append("\\r");
            case '\t' -> b.append("\\t");
            default -> {
                if (c <= 0x9f) {
                    b.append("\\x").append(hex(c, 2));
                } else if (c <= 0xffff) {
                    b.append("\\u").append(hex(c, 4));
                } else {
                    b.append("\\U").append(hex(c, 8));
                }
            }
        }
    }

    /** Whether {@code c} is written as an escape. */
    static boolean escaped(int c) {
        if (c == '\\' || c < 0x20 || (c >= 0x7f && c <= 0x9f)) {
            return true;
        }
        int type = Character.getType(c);
        return type == Character.FORMAT || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR
                || type == Character.SURROGATE;
    }

    /**
     * The longest start of {@code visible} (a text {@link #of} made, possibly inside fixed words) at most {@code max}
     * characters long that ends neither inside an escape nor between the two halves of a surrogate pair.
     */
    public static String cut(String visible, int max) {
        if (visible.length() <= max) {
            return visible;
        }
        int i = 0;
        while (i < max) {
            char c = visible.charAt(i);
            int n = c == '\\' && i + 1 < visible.length() ? switch (visible.charAt(i + 1)) {
                case 'x' -> 4;
                case 'u' -> 6;
                case 'U' -> 10;
                default -> 2;
            } : Character.isHighSurrogate(c) ? 2 : 1;
            if (i + n > max) {
                break;
            }
            i += n;
        }
        return visible.substring(0, i);
    }

    private static String hex(int c, int digits) {
        String h = Integer.toHexString(c);
        return "0".repeat(digits - h.length()) + h;
    }
}
