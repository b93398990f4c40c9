package org.kwire.records;

import org.junit.jupiter.api.Test;
import org.kwire.tree.FieldNode;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ValueTextTest {

    @Test
    void printableUtf8IsShownAsText() {
        assertEquals(List.of("caf\u00e9 \u2603\ttab", "utf8"), show(utf8("caf\u00e9 \u2603\ttab"), 256));
        assertEquals(List.of("", "utf8"), show(new byte[0], 256));
    }

    @Test
    void binaryAndControlCharactersAreShownAsBase64() {
        assertEquals(List.of("AP8B", "base64"), show(new byte[] {0, -1, 1}, 256));
        assertEquals(List.of("YQdi", "base64"), show(utf8("a\u0007b"), 256), "BEL is not printable");
        assertEquals(List.of("wyg=", "base64"), show(new byte[] {(byte) 0xc3, 0x28}, 256), "invalid UTF-8");
    }

    @Test
    void aCutMovesBackToTheStartOfACharacter() {
        byte[] snowmen = utf8("\u2603\u2603\u2603"); // 3 bytes each
        assertEquals(List.of("\u2603", "utf8, first 3 of 9 bytes"), show(snowmen, 5));
        assertEquals(List.of("\u2603\u2603", "utf8, first 6 of 9 bytes"), show(snowmen, 6));
        assertEquals(List.of("", "utf8, first 0 of 9 bytes"), show(snowmen, 2));
        assertEquals(List.of("AAE=", "base64, first 2 of 3 bytes"), show(new byte[] {0, 1, 2}, 2));
    }

    private static List<Object> show(byte[] bytes, int max) {
        FieldNode node = new FieldNode("value", "bytes", 3, bytes.length);
        ByteBuffer buf = ByteBuffer.allocate(bytes.length + 3).position(3).put(bytes).clear();
        ValueText.show(node, org.kwire.frame.FrameBytes.of(buf), 3, bytes.length, max);
        return List.of(node.value(), node.detail());
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
