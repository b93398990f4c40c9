package org.kwire.schema;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Kafka's message schemas of several releases, merged. The bundled releases are the {@code common/message/*.json}
 * files of the kafka-clients artifacts named in {@code releases.properties} (unpacked at build time). Merge rule: for
 * each (api key, direction, version) the newest release whose {@code validVersions} includes that version wins;
 * a folder given to {@link #withOverlay(Path)} counts as newer than all bundled releases.
 */
public final class SchemaRegistry {

    private static final String BASE = "/org/kwire/schema/";
    private static volatile SchemaRegistry bundled;

    /** Per (api key, direction): the specs of each release, newest first. */
    private final Map<Integer, List<MessageSpec>> requests;
    private final Map<Integer, List<MessageSpec>> responses;
    private final List<String> releases;

    private SchemaRegistry(List<String> releases, Map<Integer, List<MessageSpec>> requests,
                           Map<Integer, List<MessageSpec>> responses) {
        this.releases = List.copyOf(releases);
        this.requests = requests;
        this.responses = responses;
    }

    /**
     * The schemas bundled in the jar, loaded once.
     *
     * @throws UncheckedIOException if the bundled schemas are missing or unreadable (a build defect)
     */
    public static SchemaRegistry bundled() {
        SchemaRegistry r = bundled;
        if (r == null) {
            synchronized (SchemaRegistry.class) {
                if (bundled == null) {
                    bundled = loadBundled();
                }
                r = bundled;
            }
        }
        return r;
    }

    /**
     * This registry with the {@code *.json} message schemas of {@code dir} merged on top (they win for every
     * version they define).
     *
     * @throws IOException if the folder cannot be read, holds no request/response schema, or a file is not a schema
     */
    public SchemaRegistry withOverlay(Path dir) throws IOException {
        List<MessageSpec> specs = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                try (InputStream in = Files.newInputStream(f)) {
                    specs.add(SchemaParser.parse(dir.toString(), in, f.toString()));
                }
            }
        }
        if (specs.stream().noneMatch(s -> s.direction() != null)) {
            throw new IOException(dir + " holds no Kafka request or response schema (*.json)");
        }
        Map<Integer, List<MessageSpec>> req = copy(requests);
        Map<Integer, List<MessageSpec>> resp = copy(responses);
        for (MessageSpec s : specs) {
            if (s.direction() != null) {
                (s.direction() == Direction.REQUEST ? req : resp).computeIfAbsent(s.apiKey(), k -> new ArrayList<>()).add(0, s);
            }
        }
        List<String> rel = new ArrayList<>(releases);
        rel.add(0, dir.toString());
        return new SchemaRegistry(rel, req, resp);
    }

    /** Release labels, newest first. */
    public List<String> releases() {
        return releases;
    }

    /** Every api key any release defines, ascending. */
    public SortedSet<Integer> apiKeys() {
        SortedSet<Integer> keys = new TreeSet<>(requests.keySet());
        keys.addAll(responses.keySet());
        return Collections.unmodifiableSortedSet(keys);
    }

    /**
     * The schema that decodes {@code version} of an API in one direction: the newest release whose validVersions
     * includes it; empty if no release does.
     */
    public Optional<MessageSpec> spec(int apiKey, Direction direction, int version) {
        for (MessageSpec s : byDirection(direction).getOrDefault(apiKey, List.of())) {
            if (s.validVersions().contains(version)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /** All versions of an API known in a direction across releases, ascending. */
    public SortedSet<Integer> versions(int apiKey, Direction direction) {
        SortedSet<Integer> out = new TreeSet<>();
        for (MessageSpec s : byDirection(direction).getOrDefault(apiKey, List.of())) {
            for (int v = s.validVersions().lowest(); v <= s.validVersions().highest(); v++) {
                out.add(v);
            }
        }
        return out;
    }

    /** True if some release defines this version of the API's request. */
    public boolean isKnownRequest(int apiKey, int version) {
        return spec(apiKey, Direction.REQUEST, version).isPresent();
    }

    /** True if the version is flexible (KIP-482 compact encodings and tagged fields) in the schema that decodes it. */
    public boolean isFlexible(int apiKey, Direction direction, int version) {
        return spec(apiKey, direction, version).map(s -> s.flexibleVersions().contains(version)).orElse(false);
    }

    /** The API's name from the newest release that defines it, e.g. {@code "Metadata"}; {@code "Unknown(N)"} if none. */
    public String apiName(int apiKey) {
        List<MessageSpec> specs = requests.get(apiKey);
        return specs == null || specs.isEmpty() ? "Unknown(" + apiKey + ")" : specs.get(0).apiName();
    }

    /** The api key of an API name (case-insensitive, with or without the Request/Response suffix), or -1. */
    public int apiKey(String name) {
        String n = name.trim().toLowerCase();
        for (Map.Entry<Integer, List<MessageSpec>> e : requests.entrySet()) {
            String api = e.getValue().get(0).apiName().toLowerCase();
            if (n.equals(api) || n.equals(api + "request") || n.equals(api + "response")) {
                return e.getKey();
            }
        }
        return -1;
    }

    private Map<Integer, List<MessageSpec>> byDirection(Direction direction) {
        return direction == Direction.REQUEST ? requests : responses;
    }

    private static Map<Integer, List<MessageSpec>> copy(Map<Integer, List<MessageSpec>> m) {
        Map<Integer, List<MessageSpec>> out = new TreeMap<>();
        m.forEach((k, v) -> out.put(k, new ArrayList<>(v)));
        return out;
    }

    private static SchemaRegistry loadBundled() {
        try {
            Properties p = new Properties();
            try (InputStream in = resource(BASE + "releases.properties")) {
                p.load(in);
            }
            List<String> releases = List.of(p.getProperty("releases").split(","));
            Map<Integer, List<MessageSpec>> req = new TreeMap<>();
            Map<Integer, List<MessageSpec>> resp = new TreeMap<>();
            for (String release : releases) {
                String dir = BASE + "kafka/" + release + "/";
                for (String file : lines(dir + "index.txt")) {
                    MessageSpec s;
                    try (InputStream in = resource(dir + "common/message/" + file)) {
                        s = SchemaParser.parse(release, in, file);
                    }
                    if (s.direction() != null) {
                        (s.direction() == Direction.REQUEST ? req : resp).computeIfAbsent(s.apiKey(), k -> new ArrayList<>()).add(s);
                    }
                }
            }
            return new SchemaRegistry(releases, req, resp);
        } catch (IOException e) {
            throw new UncheckedIOException("bundled Kafka schemas unreadable (was dissector-core built with Maven?)", e);
        }
    }

    private static List<String> lines(String path) throws IOException {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(resource(path), StandardCharsets.UTF_8))) {
            return r.lines().map(String::trim).filter(l -> !l.isEmpty()).toList();
        }
    }

    private static InputStream resource(String path) throws IOException {
        InputStream in = SchemaRegistry.class.getResourceAsStream(path);
        if (in == null) {
            throw new IOException("missing resource " + path);
        }
        return in;
    }
}
