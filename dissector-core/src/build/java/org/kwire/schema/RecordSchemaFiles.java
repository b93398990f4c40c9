package org.kwire.schema;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Build step of {@link SchemaBundler}: the internal records' schemas (issue 23) unpacked from the Kafka artifacts of the
 * newest release into one folder per {@link RecordFamily} ({@code metadata/common/metadata/*.json} of kafka-metadata,
 * {@code <coordinator>/common/message/*.json} of the coordinators' jars), parsed and validated by {@link SchemaParser}
 * like the API schemas. Each file must say what it is ({@code "type"}: {@code "metadata"} in the metadata folder,
 * {@code "coordinator-key"} or {@code "coordinator-value"} in a coordinator's) and carry its record type as
 * {@code apiKey} (0 to 32767), one schema per (family, key or value, record type); anything else fails the build
 * naming the file.
 */
final class RecordSchemaFiles {

    private static final ObjectMapper JSON = new ObjectMapper().enable(JsonParser.Feature.ALLOW_COMMENTS);

    private RecordSchemaFiles() {
    }

    /** Every record schema of every family but {@link RecordFamily#CONTROL}, labelled {@code release}. */
    static List<SchemaBundler.Parsed> parse(Path dir, String release) throws IOException {
        List<SchemaBundler.Parsed> out = new ArrayList<>();
        Set<Integer> seen = new HashSet<>();
        for (RecordFamily family : RecordFamily.values()) {
            if (family.folder() == null) {
                continue;
            }
            Path folder = dir.resolve(family.folder()).resolve(family == RecordFamily.METADATA ? "common/metadata" : "common/message");
            if (!Files.isDirectory(folder)) {
                throw new IOException(folder + " is missing (the " + family + " record schemas were not unpacked)");
            }
            try (Stream<Path> files = Files.list(folder)) {
                for (Path f : files.filter(x -> x.toString().endsWith(".json")).sorted().toList()) {
                    out.add(parse(f, family, release, seen));
                }
            }
        }
        return out;
    }

    private static SchemaBundler.Parsed parse(Path f, RecordFamily family, String release, Set<Integer> seen)
            throws IOException {
        MessageSpec spec;
        JsonNode root;
        try (InputStream in = Files.newInputStream(f)) {
            spec = SchemaParser.parse(release, in, f.toString());
        }
        try (InputStream in = Files.newInputStream(f)) {
            root = JSON.readTree(in);
        }
        String type = root.path("type").asText();
        boolean key = type.equals("coordinator-key");
        boolean expected = family == RecordFamily.METADATA ? type.equals("metadata")
                : key || type.equals("coordinator-value");
        if (!expected) {
            throw new IOException(f + ": \"type\" " + type + " is not a " + family + " record schema's");
        }
        if (!root.has("apiKey") || spec.apiKey() < 0 || spec.apiKey() > Short.MAX_VALUE) {
            throw new IOException(f + ": a record schema needs its record type as \"apiKey\" from 0 to 32767");
        }
        int kind = SchemaBundle.recordKind(family, key);
        if (!seen.add(kind << 16 | spec.apiKey())) {
            throw new IOException(f + ": a second " + family + (key ? " key" : " value") + " schema of record type "
                    + spec.apiKey());
        }
        return new SchemaBundler.Parsed(family.folder() + "/" + f.getFileName(), spec, kind);
    }
}
