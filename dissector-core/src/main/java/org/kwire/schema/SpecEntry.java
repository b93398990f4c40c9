package org.kwire.schema;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * One schema file as the registry knows it before decoding it: its direction, api key, name and version ranges (from
 * the index of the build-time {@link SchemaBundle}). The whole {@link MessageSpec} is decoded on first use and kept.
 */
final class SpecEntry {

    /** Decodes the schema's fields. */
    @FunctionalInterface
    interface Source {
        MessageSpec load() throws IOException;
    }

    final String release;
    final String file;
    final int apiKey;
    final Direction direction;
    final String name;
    /** The API name without the Request/Response suffix. */
    final String apiName;
    final VersionRange validVersions;
    final VersionRange flexibleVersions;
    private final Source source;
    private volatile MessageSpec spec;

    SpecEntry(String release, String file, int apiKey, Direction direction, String name, VersionRange validVersions,
              VersionRange flexibleVersions, Source source) {
        this.release = release;
        this.file = file;
        this.apiKey = apiKey;
        this.direction = direction;
        this.name = name;
        this.apiName = name.endsWith("Request") ? withoutLast(name, 7) : name.endsWith("Response") ? withoutLast(name, 8) : name;
        this.validVersions = validVersions;
        this.flexibleVersions = flexibleVersions;
        this.source = source;
    }

    /** {@code name} without its last {@code n} characters (no regex: the registry makes some 1,200 entries at start). */
    private static String withoutLast(String name, int n) {
        return name.substring(0, name.length() - n);
    }

    /** An entry for a schema parsed already (a {@code --schemas} folder's). */
    static SpecEntry of(MessageSpec s, String file) {
        SpecEntry e = new SpecEntry(s.release(), file, s.apiKey(), s.direction(), s.name(), s.validVersions(),
                s.flexibleVersions(), null);
        e.spec = s;
        return e;
    }

    /**
     * The parsed schema.
     *
     * @throws UncheckedIOException if the bundled file cannot be read or parsed (a build defect)
     */
    MessageSpec spec() {
        MessageSpec s = spec;
        if (s == null) {
            synchronized (this) {
                if (spec == null) {
                    try {
                        spec = source.load();
                    } catch (IOException e) {
                        throw new UncheckedIOException("bundled Kafka schema " + file + " unreadable", e);
                    }
                }
                s = spec;
            }
        }
        return s;
    }
}
