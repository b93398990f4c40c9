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
 * schemas of the API versions a capture uses are parsed. Given two more folders, it also writes {@code <release>.tsv}
 * into the second for each release folder of the first, with the request schemas' lines only: the version ranges of
 * releases kwire does not decode with but checks clients against ({@link SchemaRegistry#requestVersions}).
 */
public final class SchemaIndexer {

    /** Lines of the request schemas: {@code file, request, apiKey, name, validVersions, flexibleVersions}. */
    private static final String REQUEST = "\trequest\t";

    /** Name of the index file in each release folder. */
    static final String INDEX = "index.tsv";

    private SchemaIndexer() {
    }

    /**
     * @param args the folder holding one sub-folder per release ({@code <release>/common/message/*.json}); optionally
     *             a folder of releases whose request ranges only are kept, and the folder their tables go to
     * @throws IOException if a schema cannot be read or parsed (the build fails)
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 1 && args.length != 3) {
            throw new IllegalArgumentException("usage: SchemaIndexer SCHEMA_DIR [RANGES_SRC RANGES_OUT]");
        }
        for (Path release : releases(Path.of(args[0]))) {
            Files.writeString(release.resolve(INDEX), String.join("\n", index(release)) + "\n", StandardCharsets.UTF_8);
        }
        if (args.length == 3) {
            Path out = Files.createDirectories(Path.of(args[2]));
            for (Path release : releases(Path.of(args[1]))) {
                List<String> requests = index(release).stream().filter(l -> l.contains(REQUEST)).toList();
                Files.writeString(out.resolve(release.getFileName() + ".tsv"), String.join("\n", requests) + "\n",
                        StandardCharsets.UTF_8);
            }
        }
    }

    private static List<Path> releases(Path dir) throws IOException {
        try (Stream<Path> releases = Files.list(dir)) {
            return releases.filter(Files::isDirectory).sorted().toList();
        }
    }

    /** The index lines of one release folder. */
    private static List<String> index(Path release) throws IOException {
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
        return lines;
    }
}
