package org.kwire.schema;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Build step (run by Maven after compiling dissector-core): writes {@code index.tsv} next to each release's unpacked
 * {@code common/message/*.json}: one line per schema file with what {@link SchemaRegistry} needs before it parses a
 * file — {@code file, type, apiKey, name, validVersions, flexibleVersions}, tab-separated — so that at run time only the
 * schemas of the API versions a capture uses are parsed.
 */
public final class SchemaIndexer {

    /** Name of the index file in each release folder. */
    static final String INDEX = "index.tsv";

    private SchemaIndexer() {
    }

    /**
     * @param args the folder holding one sub-folder per release ({@code <release>/common/message/*.json})
     * @throws IOException if a schema cannot be read or parsed (the build fails)
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: SchemaIndexer SCHEMA_DIR");
        }
        try (Stream<Path> releases = Files.list(Path.of(args[0]))) {
            for (Path release : releases.filter(Files::isDirectory).sorted().toList()) {
                index(release);
            }
        }
    }

    private static void index(Path release) throws IOException {
        List<String> lines = new ArrayList<>();
        try (Stream<Path> files = Files.list(release.resolve("common/message"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                MessageSpec s;
                try (InputStream in = Files.newInputStream(f)) {
                    s = SchemaParser.parse(release.getFileName().toString(), in, f.toString());
                }
                String type = s.direction() == null ? "other" : s.direction().schemaType();
                lines.add(String.join("\t", f.getFileName().toString(), type, Integer.toString(s.apiKey()), s.name(),
                        s.validVersions().toString(), s.flexibleVersions().toString()));
            }
        }
        Files.writeString(release.resolve(INDEX), String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    }
}
