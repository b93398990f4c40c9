package org.kwire.text;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/** The escaping rule of text for people, class by class, and cutting escaped text. */
class VisibleTextTest {

    @Test
    void controlCharactersReadAsEscapes() {
        assertEquals("a\\x00b\\x07\\x08\\x0b\\x0c\\x1b[2J\\x1f", VisibleText.of("a\u0000b\u0007\b\u000b\f\u001b[2J\u001f"));
        assertEquals("\\n\\r\\t", VisibleText.of("\n\r\t"));
        assertEquals("\\x7f\\x80\\x85\\x9b31m\\x9f", VisibleText.of("\u007f\u0080\u0085\u009b31m\u009f"), "DEL and C1");
        assertEquals("ops\\x1b]0;pwned\\x07\\nFORGED-LINE kwire: everything is fine",
                VisibleText.of("ops\u001b]0;pwned\u0007\nFORGED-LINE kwire: everything is fine"));
    }

    @Test
    void invisibleFormatCharactersReadAsEscapes() {
        assertEquals("\\u202a\\u202b\\u202c\\u202d\\u202e\\u2066\\u2067\\u2068\\u2069\\u200e\\u200f\\u061c",
                VisibleText.of("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"), "bidi");
        assertEquals("\\u200b\\u200d\\u2060\\ufeff\\u00ad\\u2028\\u2029", VisibleText.of("\u200b\u200d\u2060\ufeff\u00ad\u2028\u2029"));
        assertEquals("tag\\U000e0041\\U0001d173", VisibleText.of("tag" + new String(Character.toChars(0xe0041))
                + new String(Character.toChars(0x1d173))), "format characters outside the BMP");
        assertEquals("\\ud800x\\udc00", VisibleText.of("\ud800x\udc00"), "lone surrogates");
    }

    /** Issue 20: bytes that are not UTF-8 read as the bytes they are, told from a real U+FFFD (which stays). */
    @Test
    void bytesThatAreNotUtf8ReadAsTheirValues() {
        byte[] b = {'a', 'b', (byte) 0xff, 'c', (byte) 0xef, (byte) 0xbf, (byte) 0xbd, (byte) 0xc3, (byte) 0xa9};
        assertEquals("ab\\xffc\ufffd\u00e9", VisibleText.ofUtf8(b));
        assertEquals("\\xc3", VisibleText.ofUtf8(new byte[] {(byte) 0xc3}), "a sequence cut short");
        assertEquals("\\xc0\\xaf", VisibleText.ofUtf8(new byte[] {(byte) 0xc0, (byte) 0xaf}), "overlong");
        assertEquals("\\xed\\xa0\\x80", VisibleText.ofUtf8(new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80}),
                "a surrogate");
        byte[] escapes = {0x1b, '[', '2', 'J', '\\', (byte) 0xf0, (byte) 0x9f, (byte) 0x98, (byte) 0x80};
        assertEquals("\\x1b[2J\\\\" + new String(Character.toChars(0x1f600)), VisibleText.ofUtf8(escapes),
                "the rule still applies to what decodes");
        assertEquals(null, VisibleText.ofUtf8(null));
    }

    @Test
    void theBackslashIsDoubledSoThatEveryEscapeIsUnambiguous() {
        assertEquals("\\\\x1b", VisibleText.of("\\x1b"));
        assertEquals("\\\\\\x1b", VisibleText.of("\\\u001b"));
    }

    @Test
    void printableTextIsKept() {
        String s = "topic-é 日本 Ωmega \ud83d\ude42 <b> \"q\" a&b \u00a0";
        assertSame(s, VisibleText.of(s));
        assertNull(VisibleText.of(null));
    }

    @Test
    void cuttingNeverSplitsAnEscapeOrASurrogatePair() {
        String v = VisibleText.of("ab\u001bcd");
        assertEquals("ab\\x1bcd", v);
        assertEquals("ab", VisibleText.cut(v, 3));
        assertEquals("ab", VisibleText.cut(v, 5));
        assertEquals("ab\\x1b", VisibleText.cut(v, 6));
        assertEquals("a", VisibleText.cut(VisibleText.of("a\u202e"), 6));
        assertEquals("a\\U000e0041", VisibleText.cut(VisibleText.of("a" + new String(Character.toChars(0xe0041)) + "b"), 11));
        assertEquals("a", VisibleText.cut("a\\\\b", 2));
        assertEquals("a", VisibleText.cut("a\ud83d\ude42", 2));
        assertEquals("short", VisibleText.cut("short", 10));
    }
}
