package org.kwire.schema;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * Build step (run by Maven after compiling dissector-core; a source of the build only, {@code src/build/java},
 * compiled into {@code target/build-classes} and never into the jar, see dissector-core's pom): parses and validates ({@link SchemaParser}) the
 * {@code common/message/*.json} files unpacked from the kafka-clients artifacts and the internal records' schemas
 * ({@link RecordSchemaFiles}), and writes them as one
 * {@link SchemaBundle} ({@code bundled.schemas}) into the classes folder, so that kwire never parses JSON for its own
 * schemas at run time. The releases and their order come from {@code releases.properties} in that folder: the
 * {@code releases} (newest first) with every request and response schema; the {@code ranges} releases with their
 * request version ranges only ({@link SchemaRegistry#requestVersions}). A schema that does not parse or breaks a rule
 * fails the build with the file, struct and field in the message.
 */
public final class SchemaBundler {

    private final Map<String, Integer> index = new HashMap<>();
    private final List<String> strings = new ArrayList<>();

    private SchemaBundler() {
    }

    /**
     * @param args the folder of the decoding releases' schemas ({@code <release>/common/message/*.json}), the folder
     *             of the range-only releases' request schemas (same layout), and the folder holding
     *             {@code releases.properties} where the bundle is written
     * @throws IOException if a schema cannot be read or parsed, or a release named in the properties is missing
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 4) {
            throw new IllegalArgumentException("usage: SchemaBundler SCHEMA_DIR RANGES_SRC RECORD_SCHEMA_DIR OUT_DIR");
        }
        Path out = Path.of(args[3]);
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(out.resolve("releases.properties"))) {
            p.load(in);
        }
        List<String> releases = List.of(p.getProperty("releases").split(","));
        SchemaBundler bundler = new SchemaBundler();
        bundler.records.addAll(RecordSchemaFiles.parse(Path.of(args[2]), releases.get(0)));
        byte[] bundle = bundler.bundle(Path.of(args[0]), releases, Path.of(args[1]),
                List.of(p.getProperty("ranges", "").split(",")).stream().filter(r -> !r.isBlank()).toList());
        SchemaBundle.of(bundle); // what was written must read back
        Files.write(out.resolve(Path.of(SchemaBundle.RESOURCE).getFileName()), bundle);
    }

    /**
     * A schema as parsed, with the name of its file.
     *
     * @param kind the index entry's kind byte ({@link SchemaBundle}'s format): 0 request, 1 response, 2 data, 3 and up
     *             an internal record's key or value ({@link SchemaBundle#recordKind})
     */
    record Parsed(String file, MessageSpec spec, int kind) {
    }

    /** The internal records' schemas, bundled after the releases' (newest release only). */
    private final List<Parsed> records = new ArrayList<>();

    /** The size of one entry of the index, in bytes (see {@link SchemaBundle}'s format). */
    private static final int ENTRY_SIZE = 1 + 2 + 1 + 2 + 2 + 4 + 4 + 4;

    /** The bundle's bytes: the releases that decode from {@code dir}, the range-only ones from {@code rangesDir}. */
    byte[] bundle(Path dir, List<String> releases, Path rangesDir, List<String> rangeReleases) throws IOException {
        List<Parsed> decoding = new ArrayList<>();
        for (String release : releases) {
            decoding.addAll(parse(dir, release));
        }
        decoding.addAll(records);
        List<List<MessageSpec>> rangesOnly = new ArrayList<>();
        for (String release : rangeReleases) {
            rangesOnly.add(parse(rangesDir, release).stream().map(Parsed::spec)
                    .filter(s -> s.direction() == Direction.REQUEST).toList());
        }
        releases.forEach(this::ref);
        rangeReleases.forEach(this::ref);
        // the bodies first: they fill the string table, which comes before them
        ByteArrayOutputStream bodies = new ByteArrayOutputStream();
        DataOutputStream b = new DataOutputStream(bodies);
        int[] offsets = new int[decoding.size()];
        for (int i = 0; i < decoding.size(); i++) {
            MessageSpec s = decoding.get(i).spec();
            ref(decoding.get(i).file());
            ref(s.name());
            offsets[i] = b.size();
            fields(b, s.fields());
            // by name: the map's own order (Map.copyOf) changes from one JVM to the next, the bundle must not
            fields(b, s.commonStructs().values().stream().sorted(Comparator.comparing(FieldSpec::name)).toList());
        }
        if (decoding.size() > Short.MAX_VALUE || strings.size() >= 0xFFFF) {
            throw new IOException("too many schemas or strings for the bundle format");
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream h = new DataOutputStream(bytes);
        h.writeInt(SchemaBundle.MAGIC);
        h.writeShort(SchemaBundle.FORMAT);
        h.writeInt(strings.size());
        for (String s : strings) {
            byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
            h.writeInt(utf8.length);
            h.write(utf8);
        }
        h.writeByte(releases.size());
        for (String release : releases) {
            h.writeShort(ref(release));
        }
        h.writeByte(rangeReleases.size());
        for (int r = 0; r < rangeReleases.size(); r++) {
            h.writeShort(ref(rangeReleases.get(r)));
            h.writeShort(rangesOnly.get(r).size());
            for (MessageSpec s : rangesOnly.get(r)) {
                h.writeShort(s.apiKey());
                range(h, s.validVersions());
            }
        }
        h.writeShort(decoding.size());
        int bodiesAt = h.size() + decoding.size() * ENTRY_SIZE;
        for (int i = 0; i < decoding.size(); i++) {
            MessageSpec s = decoding.get(i).spec();
            h.writeByte(releases.indexOf(s.release()));
            h.writeShort(ref(decoding.get(i).file()));
            h.writeByte(decoding.get(i).kind());
            h.writeShort(s.apiKey());
            h.writeShort(ref(s.name()));
            range(h, s.validVersions());
            range(h, s.flexibleVersions());
            h.writeInt(bodiesAt + offsets[i]);
        }
        if (h.size() != bodiesAt) {
            throw new IllegalStateException("entry size " + ENTRY_SIZE + " does not match the format");
        }
        bodies.writeTo(h);
        return bytes.toByteArray();
    }

    /** Every request and response schema of one release folder, by file name. */
    private static List<Parsed> parse(Path dir, String release) throws IOException {
        Path messages = dir.resolve(release).resolve("common/message");
        if (!Files.isDirectory(messages)) {
            throw new IOException(messages + " is missing (release " + release + " of releases.properties not unpacked)");
        }
        List<Parsed> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(messages)) {
            for (Path f : files.filter(x -> x.toString().endsWith(".json")).sorted().toList()) {
                try (InputStream in = Files.newInputStream(f)) {
                    MessageSpec s = SchemaParser.parse(release, in, f.toString());
                    // data messages too (direction null)
                    out.add(new Parsed(f.getFileName().toString(), s, s.direction() == null ? 2 : s.direction().ordinal()));
                }
            }
        }
        return out;
    }

    private void fields(DataOutputStream out, List<FieldSpec> fields) throws IOException {
        out.writeShort(fields.size());
        for (FieldSpec f : fields) {
            out.writeShort(ref(f.name()));
            out.writeShort(ref(f.type()));
            range(out, f.versions());
            range(out, f.nullableVersions());
            range(out, f.taggedVersions());
            out.writeInt(f.tag());
            out.writeByte(f.flexibleVersions() == null ? 0 : 1);
            if (f.flexibleVersions() != null) {
                range(out, f.flexibleVersions());
            }
            out.writeShort(ref(f.about()));
            out.writeShort(ref(f.defaultValue()));
            out.writeShort(ref(f.entityType()));
            fields(out, f.fields());
        }
    }

    /** The string's index in the table (from 1; 0 for null), adding it if new. */
    private int ref(String s) {
        if (s == null) {
            return 0;
        }
        return index.computeIfAbsent(s, k -> {
            strings.add(k);
            return strings.size();
        });
    }

    private static void range(DataOutputStream out, VersionRange r) throws IOException {
        out.writeShort(r.lowest());
        out.writeShort(r.highest());
    }
}
