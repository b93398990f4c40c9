package org.kwire.render;

import org.junit.jupiter.api.Test;
import org.kwire.expert.ExpertItem;
import org.kwire.expert.ExpertNote;
import org.kwire.tree.FieldNode;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The text tree shows strings, details and expert note texts by the escaping rule of text for people: one line per
 * node and per note whatever they hold (the campaign found U+202E and C1 passed raw, a newline in a note forged a line).
 */
class TextTreeEscapingTest {

    @Test
    void valuesDetailsAndNoteTextsAreEscaped() {
        FieldNode root = new FieldNode("MetadataResponse", "message v12", 0, 20);
        root.add(new FieldNode("Host", "string", 4, 10).setValue("h\u001b]0;t\u0007\"q\"\u202e\\").setAbout("The host\u0085name."));
        root.add(new FieldNode("TopicId", "uuid", 14, 16).setValue("x").setDetail("(topic t\u2066\nFORGED-LINE)"));
        root.note(new ExpertNote(ExpertItem.BODY_TRAILING_BYTES, 3, 2, "", "bytes after t\u009b2J\r\nFORGED-LINE x"));
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        TextTree.print(root, new PrintStream(b, true, StandardCharsets.UTF_8));
        assertEquals("""
                MetadataResponse  message v12                                      [0x0000, 20B]
                ! warning [protocol] at 0x0002: bytes after t\\x9b2J\\r\\nFORGED-LINE x
                +-- Host          string       = "h\\x1b]0;t\\x07\\"q\\"\\u202e\\\\"      [0x0004, 10B]  The host\\x85name.
                +-- TopicId       uuid         = "x" (topic t\\u2066\\nFORGED-LINE)  [0x000e, 16B]
                """, b.toString(StandardCharsets.UTF_8));
    }
}
