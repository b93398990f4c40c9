package org.kwire.schema;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The binary bundle the build writes decodes to exactly what parsing Kafka's JSON files gives: every request and
 * response schema of every bundled release (unpacked by the build into {@code target/kafka-schemas}) compared field by
 * field, and the request ranges of the range-only releases (unpacked into {@code target/kafka-release-schemas}).
 */
class SchemaBundleTest {

    private static final Path SCHEMAS = Path.of("target/kafka-schemas");
    private static final Path RANGE_SCHEMAS = Path.of("target/kafka-release-schemas");
    private static final Path RECORD_SCHEMAS = Path.of("target/kafka-record-schemas");

    @Test
    void everyBundledSchemaDecodesToWhatItsFileParsesTo() throws IOException {
        SchemaBundle bundle = SchemaBundle.load();
        assertEquals(List.of("4.4.0", "4.0.0", "3.9.1"), bundle.releases());
        int compared = 0;
        for (String release : bundle.releases()) {
            List<Path> files = files(SCHEMAS.resolve(release));
            int inRelease = 0;
            for (Path f : files) {
                MessageSpec parsed = parse(release, f);
                SchemaBundle.Entry e = bundle.entries().stream()
                        .filter(x -> x.release().equals(release) && x.family() == null
                                && x.file().equals(f.getFileName().toString()))
                        .findFirst().orElseThrow(() -> new AssertionError(release + " " + f + " not bundled"));
                assertEquals(parsed, bundle.spec(e), release + " " + f.getFileName());
                inRelease++;
            }
            assertEquals(inRelease, bundle.entries().stream().filter(x -> x.release().equals(release) && x.family() == null)
                    .count(), release);
            compared += inRelease;
        }
        assertTrue(compared > 500, "request, response and data schemas of three releases: " + compared);
    }

    @Test
    void everyInternalRecordSchemaIsBundledAsItsFileParses() throws IOException {
        SchemaBundle bundle = SchemaBundle.load();
        int compared = 0;
        for (RecordFamily family : RecordFamily.values()) {
            if (family.folder() == null) {
                continue;
            }
            Path dir = RECORD_SCHEMAS.resolve(family.folder());
            try (Stream<Path> s = Files.list(dir.resolve(family == RecordFamily.METADATA ? "common/metadata" : "common/message"))) {
                for (Path f : s.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                    MessageSpec parsed = parse("4.4.0", f);
                    String file = family.folder() + "/" + f.getFileName();
                    SchemaBundle.Entry e = bundle.entries().stream().filter(x -> x.file().equals(file)).findFirst()
                            .orElseThrow(() -> new AssertionError(file + " not bundled"));
                    assertEquals(family, e.family(), file);
                    assertEquals(f.getFileName().toString().endsWith("Key.json"), e.recordKey(), file);
                    assertEquals(parsed, bundle.spec(e), file);
                    compared++;
                }
            }
        }
        // 27 metadata records, 22 + 22 group coordinator keys and values, 1 + 1 transaction log, 2 + 2 share coordinator
        assertEquals(27 + 44 + 2 + 4, compared);
        assertEquals(compared, bundle.entries().stream().filter(x -> x.family() != null).count());
    }

    @Test
    void rangeOnlyReleasesCarryEveryRequestsValidVersions() throws IOException {
        SchemaBundle bundle = SchemaBundle.load();
        assertEquals(List.of("4.1.2", "4.2.2", "4.3.1"), List.copyOf(bundle.ranges().keySet()));
        for (String release : bundle.ranges().keySet()) {
            int requests = 0;
            for (Path f : files(RANGE_SCHEMAS.resolve(release))) {
                MessageSpec parsed = parse(release, f);
                if (parsed.direction() == Direction.REQUEST) {
                    assertEquals(parsed.validVersions(), bundle.ranges().get(release).get(parsed.apiKey()), release + " " + f);
                    requests++;
                }
            }
            assertEquals(requests, bundle.ranges().get(release).size(), release);
        }
    }

    @Test
    void aTruncatedOrForeignBundleIsRefusedWithAnIoException() throws IOException {
        byte[] bytes;
        try (InputStream in = SchemaBundle.class.getResourceAsStream(SchemaBundle.RESOURCE)) {
            bytes = in.readAllBytes();
        }
        assertThrows(IOException.class, () -> SchemaBundle.of(Arrays.copyOf(bytes, 1000)));
        byte[] foreign = bytes.clone();
        foreign[0] = '{';
        assertEquals("not a kwire schema bundle of format 3",
                assertThrows(IOException.class, () -> SchemaBundle.of(foreign)).getMessage());
        SchemaBundle whole = SchemaBundle.of(bytes);
        SchemaBundle.Entry last = whole.entries().get(whole.entries().size() - 1);
        SchemaBundle cut = SchemaBundle.of(Arrays.copyOf(bytes, last.offset() + 3));
        IOException e = assertThrows(IOException.class, () -> cut.spec(last));
        assertEquals("schema bundle: " + last.file() + " of " + last.release() + " truncated or corrupt", e.getMessage());
    }

    private static List<Path> files(Path release) throws IOException {
        try (Stream<Path> s = Files.list(release.resolve("common/message"))) {
            return s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
    }

    private static MessageSpec parse(String release, Path f) throws IOException {
        try (InputStream in = Files.newInputStream(f)) {
            return SchemaParser.parse(release, in, f.getFileName().toString());
        }
    }
}
