package org.kwire.schema;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Schemas are validated when parsed: every bundled file of every release passes, and each broken rule is refused with
 * a message naming the file, the struct and the field.
 */
class SchemaValidationTest {

    /** A request schema with one struct array; {@code %s} is replaced by the fields of the Topics struct. */
    private static final String TEMPLATE = """
            {
              "apiKey": 99, "type": "request", "name": "FooRequest",
              "validVersions": "0-3", "flexibleVersions": "2+",
              "fields": [
                { "name": "Topics", "type": "[]FooTopic", "versions": "0+", "fields": [ %s ] }
              ]
            }""";

    @Test
    void everyBundledSchemaOfEveryReleasePasses() {
        SchemaRegistry schemas = SchemaRegistry.bundled();
        int parsed = 0;
        for (int key : schemas.apiKeys()) {
            for (Direction d : Direction.values()) {
                for (int v : schemas.versions(key, d)) {
                    schemas.spec(key, d, v).orElseThrow();
                    parsed++;
                }
            }
        }
        assertEquals(736, parsed, "(api key, direction, version) combinations of 3.9.1, 4.0.0 and 4.4.0");
    }

    @Test
    void aValidFieldParses() throws IOException {
        MessageSpec s = parse(field("\"name\": \"Name\", \"type\": \"string\", \"versions\": \"0+\""));
        assertEquals("Name", s.fields().get(0).fields().get(0).name());
    }

    @Test
    void aFieldWithoutNameIsNamedByItsStruct() {
        assertRefused("FooRequest.json: struct FooTopic: a field has no \"name\"",
                field("\"type\": \"string\", \"versions\": \"0+\""));
    }

    @Test
    void aFieldWithoutVersions() {
        assertRefused("FooRequest.json: struct FooTopic, field Name: no \"versions\"",
                field("\"name\": \"Name\", \"type\": \"string\""));
    }

    @Test
    void aFieldWithoutType() {
        assertRefused("FooRequest.json: struct FooTopic, field Name: no \"type\"", field("\"name\": \"Name\", \"versions\": \"0+\""));
    }

    @Test
    void negativeAndReversedVersions() {
        assertRefused("FooRequest.json: struct FooTopic, field Name: \"versions\": invalid version range '-1' "
                + "(versions are 0 or more, lowest first)", field("\"name\": \"Name\", \"type\": \"string\", \"versions\": \"-1\""));
        assertRefused("FooRequest.json: struct FooTopic, field Name: \"versions\": invalid version range '3-1' "
                + "(versions are 0 or more, lowest first)", field("\"name\": \"Name\", \"type\": \"string\", \"versions\": \"3-1\""));
    }

    @Test
    void aTaggedFieldWithoutATag() {
        assertRefused("FooRequest.json: struct FooTopic, field Extra: \"taggedVersions\" 2+ without a \"tag\"",
                field("\"name\": \"Extra\", \"type\": \"int32\", \"versions\": \"2+\", \"taggedVersions\": \"2+\""));
    }

    @Test
    void aTagWithoutTaggedVersions() {
        assertRefused("FooRequest.json: struct FooTopic, field Extra: \"tag\" 0 without \"taggedVersions\"",
                field("\"name\": \"Extra\", \"type\": \"int32\", \"versions\": \"2+\", \"tag\": 0"));
    }

    @Test
    void taggedVersionsMustBeOpenEndedAndFlexible() {
        assertRefused("FooRequest.json: struct FooTopic, field Extra: \"taggedVersions\" 2-3 must be open-ended (N+)",
                field("\"name\": \"Extra\", \"type\": \"int32\", \"versions\": \"2+\", \"tag\": 0, \"taggedVersions\": \"2-3\""));
        assertRefused("FooRequest.json: struct FooTopic, field Extra: \"taggedVersions\" 1+ outside the message's "
                + "flexibleVersions 2+ (tagged fields exist only in flexible versions)",
                field("\"name\": \"Extra\", \"type\": \"int32\", \"versions\": \"1+\", \"tag\": 0, \"taggedVersions\": \"1+\""));
    }

    @Test
    void duplicateTagsAndNames() {
        assertRefused("FooRequest.json: struct FooTopic, field B: tag 1 is also the tag of field A",
                field("\"name\": \"A\", \"type\": \"int32\", \"versions\": \"2+\", \"tag\": 1, \"taggedVersions\": \"2+\""),
                field("\"name\": \"B\", \"type\": \"int32\", \"versions\": \"2+\", \"tag\": 1, \"taggedVersions\": \"2+\""));
        assertRefused("FooRequest.json: struct FooTopic, field A: defined twice in the struct",
                field("\"name\": \"A\", \"type\": \"int32\", \"versions\": \"0+\""),
                field("\"name\": \"A\", \"type\": \"int64\", \"versions\": \"0+\""));
    }

    @Test
    void unknownStructTypesAndBadNullability() {
        assertRefused("FooRequest.json: struct FooTopic, field P: type []Partition is neither a primitive type nor a "
                + "struct of this file", field("\"name\": \"P\", \"type\": \"[]Partition\", \"versions\": \"0+\""));
        assertRefused("FooRequest.json: struct FooTopic, field N: \"nullableVersions\" on type int32 (only strings, "
                + "bytes, records, arrays and structs may be null)",
                field("\"name\": \"N\", \"type\": \"int32\", \"versions\": \"0+\", \"nullableVersions\": \"0+\""));
        assertRefused("FooRequest.json: struct FooTopic, field 1x: invalid name (a letter, then letters and digits)",
                field("\"name\": \"1x\", \"type\": \"int32\", \"versions\": \"0+\""));
    }

    @Test
    void messageLevelRules() {
        assertRefused("FooRequest.json: message FooRequest: no \"flexibleVersions\" (\"none\" if no version is flexible)",
                "{\"apiKey\": 99, \"type\": \"request\", \"name\": \"FooRequest\", \"validVersions\": \"0\", \"fields\": []}");
        assertRefused("FooRequest.json: message FooRequest: a request or response needs an \"apiKey\" from 0 to 32767",
                "{\"type\": \"request\", \"name\": \"FooRequest\", \"validVersions\": \"0\", \"flexibleVersions\": \"none\", \"fields\": []}");
        assertRefused("FooRequest.json: not valid JSON at line 1, column 15 (Unexpected end-of-input within/between "
                + "Object entries)", "{\"apiKey\": 99,");
    }

    @Test
    void aSchemasFolderWithABrokenFileIsRefusedWithItsPath(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("FooRequest.json");
        Files.writeString(f, String.format(TEMPLATE, field("\"name\": \"Name\", \"type\": \"string\"")));
        IOException e = assertThrows(IOException.class, () -> SchemaRegistry.bundled().withOverlay(dir));
        assertEquals("FooRequest.json: struct FooTopic, field Name: no \"versions\"", e.getMessage());
    }

    private static String field(String body) {
        return "{ " + body + " }";
    }

    private static MessageSpec parse(String... fields) throws IOException {
        String text = fields.length == 1 && fields[0].startsWith("{\"") ? fields[0] : String.format(TEMPLATE, String.join(", ", fields));
        return SchemaParser.parse("test", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "FooRequest.json");
    }

    private static void assertRefused(String message, String... fields) {
        assertEquals(message, assertThrows(IOException.class, () -> parse(fields)).getMessage());
    }
}
