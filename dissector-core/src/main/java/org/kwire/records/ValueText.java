package org.kwire.records;

import org.kwire.tree.FieldNode;

import org.kwire.frame.FrameBytes;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * How record keys, values and header fields are shown as node values: the first {@code max} bytes as a String, which
 * is the text itself when those bytes are printable UTF-8 (valid UTF-8 without control characters other than tab, CR
 * and LF; a cut through a multi-byte character moves back to the character's start) and their base64 otherwise. The
 * node's detail says which: {@code "utf8"} or {@code "base64"}, plus {@code ", first N of M bytes"} when cut.
 */
final class ValueText {

    private ValueText() {
    }

    /** Sets value and detail of {@code node} from {@code buf[offset, offset + length)}, at most {@code max} bytes. */
    static void show(FieldNode node, FrameBytes buf, int offset, int length, int max) {
        byte[] bytes = new byte[Math.min(length, max)];
        buf.get(offset, bytes, 0, bytes.length);
        int textBytes = bytes.length < length ? characterStart(bytes) : bytes.length;
        String text = printableUtf8(bytes, textBytes);
        int shown = text != null ? textBytes : bytes.length;
        String how = text != null ? "utf8" : "base64";
        node.setValue(text != null ? text : Base64.getEncoder().encodeToString(bytes))
                .setDetail(shown < length ? how + ", first " + shown + " of " + length + " bytes" : how);
    }

    /** Length of {@code bytes} without a trailing, incomplete UTF-8 sequence. */
    private static int characterStart(byte[] bytes) {
        int lead = bytes.length - 1;
        while (lead > 0 && bytes.length - lead < 4 && (bytes[lead] & 0xc0) == 0x80) {
            lead--;
        }
        if (lead < 0) {
            return 0;
        }
        int b = bytes[lead] & 0xff;
        int needed = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
        return lead + needed > bytes.length ? lead : bytes.length;
    }

    private static String printableUtf8(byte[] bytes, int length) {
        CharBuffer chars;
        try {
            chars = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes, 0, length));
        } catch (CharacterCodingException e) {
            return null;
        }
        for (int i = 0; i < chars.length(); i++) {
            char c = chars.get(i);
            if (Character.isISOControl(c) && c != '\t' && c != '\n' && c != '\r') {
                return null;
            }
        }
        return chars.toString();
    }
}
