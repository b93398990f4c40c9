package org.kwire.schema;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Kafka's message schemas of several releases, merged. The bundled releases are the {@code common/message/*.json}
 * files of the kafka-clients artifacts named in {@code releases.properties}, parsed and validated at build time by
 * {@code SchemaBundler} (a build tool, not in the jar) into one binary {@link SchemaBundle} (no JSON is parsed for
 * them at run time; each schema's fields are decoded only when a plan needs them). Merge rule: for each (api key,
 * direction, version) the newest release whose {@code validVersions} includes that version wins; a folder given to
 * {@link #withOverlay(Path)} counts as newer than all bundled releases. Of further releases
 * ({@code ranges} in {@code releases.properties}) only the request version ranges are bundled, for
 * {@link #requestVersions}: they do not decode.
 */
public final class SchemaRegistry {

    private static volatile SchemaRegistry bundled;

    /** Per (api key, direction): the entries of each release, newest first. */
    private final Map<Integer, List<SpecEntry>> requests;
    private final Map<Integer, List<SpecEntry>> responses;
    /** Data messages and headers by name: the entries of each release, newest first. */
    private final Map<String, List<SpecEntry>> data;
    private final List<String> releases;
    /** Releases whose request version ranges only are bundled: per release, per api key. */
    private final Map<String, Map<Integer, VersionRange>> ranges;
    /**
     * Per api key from 0: bit v set if request version v (below 64) decodes. Asked at every position of a search for
     * a frame boundary ({@link #isKnownRequest}), where walking the entries cost a tenth of a hunting slice.
     */
    private final long[] knownRequests;
    /** True if some request schema has an api key outside {@link #knownRequests}. */
    private final boolean oddKeys;
    private final RecordSchemas records;

    SchemaRegistry(List<String> releases, Map<Integer, List<SpecEntry>> requests,
                           Map<Integer, List<SpecEntry>> responses, Map<String, Map<Integer, VersionRange>> ranges,
                           Map<String, List<SpecEntry>> data, Map<Integer, SpecEntry> records) {
        this.releases = List.copyOf(releases);
        this.records = new RecordSchemas(records, data, this::dataSpec);
        this.data = data;
        this.requests = requests;
        this.responses = responses;
        this.ranges = ranges;
        int keys = requests.keySet().stream().mapToInt(Integer::intValue).filter(k -> k >= 0 && k < 4096).max().orElse(-1) + 1;
        this.knownRequests = new long[keys];
        this.oddKeys = requests.keySet().stream().anyMatch(k -> k < 0 || k >= keys);
        for (int k = 0; k < keys; k++) {
            for (int v = 0; v < 64; v++) {
                if (entry(k, Direction.REQUEST, v) != null) {
                    knownRequests[k] |= 1L << v;
                }
            }
        }
    }

    /**
     * The schemas bundled in the jar, their index read once (each schema's fields decoded on first use).
     *
     * @throws UncheckedIOException if the bundled schemas are missing or unreadable (a build defect)
     */
    public static SchemaRegistry bundled() {
        SchemaRegistry r = bundled;
        if (r == null) {
            synchronized (SchemaRegistry.class) {
                if (bundled == null) {
                    bundled = SchemaBundle.registry();
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
     * @throws IOException if the folder cannot be read, holds no request/response schema, or a file is not a valid
     *                     schema (the message starts with the file's name, then the struct and field at fault)
     */
    public SchemaRegistry withOverlay(Path dir) throws IOException {
        List<SpecEntry> entries = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                try (InputStream in = Files.newInputStream(f)) {
                    MessageSpec s = SchemaParser.parse(dir.toString(), in, f.getFileName().toString());
                    if (s.direction() != null) {
                        entries.add(SpecEntry.of(s, f.toString()));
                    }
                }
            }
        }
        if (entries.isEmpty()) {
            throw new IOException(dir + " holds no Kafka request or response schema (*.json)");
        }
        Map<Integer, List<SpecEntry>> req = copy(requests);
        Map<Integer, List<SpecEntry>> resp = copy(responses);
        for (SpecEntry e : entries) {
            (e.direction == Direction.REQUEST ? req : resp).computeIfAbsent(e.apiKey, k -> new ArrayList<>()).add(0, e);
        }
        List<String> rel = new ArrayList<>(releases);
        rel.add(0, dir.toString());
        return new SchemaRegistry(rel, req, resp, ranges, data, records.entries());
    }

    /** Release labels, newest first. */
    public List<String> releases() {
        return releases;
    }

    /**
     * Every release whose request version ranges kwire carries, newest first: the releases it decodes with and those
     * it bundles the ranges of only (from their schemas too, at build time).
     */
    public List<String> targetReleases() {
        List<String> all = new ArrayList<>(ranges.keySet());
        releases.stream().filter(r -> r.matches("\\d+\\.\\d+\\.\\d+")).forEach(all::add);
        all.sort((a, b) -> compareReleases(b, a));
        return all;
    }

    /**
     * The bundled release a user means by {@code asked}: the release itself ({@code 4.0.0}), or the newest bundled
     * release of a major.minor ({@code 4.0}); null if kwire carries no such release's schemas.
     */
    public String release(String asked) {
        String best = null;
        for (String r : targetReleases()) {
            if (r.matches("\\d+\\.\\d+\\.\\d+") && (r.equals(asked) || r.startsWith(asked + "."))
                    && (best == null || compareReleases(r, best) > 0)) {
                best = r;
            }
        }
        return best;
    }

    /**
     * The request versions one bundled release's schemas define for an API: what a broker of that release accepts
     * (its {@code ApiKeys} are generated from these schemas; a version outside them is refused); null if that release
     * does not have the API at all.
     */
    public VersionRange requestVersions(String release, int apiKey) {
        if (ranges.containsKey(release)) {
            return ranges.get(release).get(apiKey);
        }
        for (SpecEntry e : requests.getOrDefault(apiKey, List.of())) {
            if (e.release.equals(release)) {
                return e.validVersions;
            }
        }
        return null;
    }

    /** Orders release labels {@code x.y.z} numerically. */
    static int compareReleases(String a, String b) {
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        for (int i = 0; i < Math.min(x.length, y.length); i++) {
            int c = Integer.compare(Integer.parseInt(x[i]), Integer.parseInt(y[i]));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(x.length, y.length);
    }

    /** Every api key any release defines, ascending. */
    public SortedSet<Integer> apiKeys() {
        SortedSet<Integer> keys = new TreeSet<>(requests.keySet());
        keys.addAll(responses.keySet());
        return Collections.unmodifiableSortedSet(keys);
    }

    /** The entry that decodes {@code version} in a direction: the newest whose validVersions includes it, or null. */
    private SpecEntry entry(int apiKey, Direction direction, int version) {
        for (SpecEntry e : byDirection(direction).getOrDefault(apiKey, List.of())) {
            if (e.validVersions.contains(version)) {
                return e;
            }
        }
        return null;
    }

    /**
     * The schema that decodes {@code version} of an API in one direction: the newest release whose validVersions
     * includes it; empty if no release does.
     *
     * @throws UncheckedIOException if a bundled schema file cannot be parsed (a build defect)
     */
    public Optional<MessageSpec> spec(int apiKey, Direction direction, int version) {
        SpecEntry e = entry(apiKey, direction, version);
        return e == null ? Optional.empty() : Optional.of(e.spec());
    }

    /**
     * A data message's schema (a {@code "type": "data"} file, e.g. {@code ConsumerProtocolAssignment}, whose bytes
     * classic consumer groups embed in SyncGroup) that decodes {@code version}: the newest bundled release whose
     * validVersions includes it; empty if none does.
     *
     * @throws UncheckedIOException if a bundled schema file cannot be parsed (a build defect)
     */
    public Optional<MessageSpec> dataSpec(String name, int version) {
        for (SpecEntry e : data.getOrDefault(name, List.of())) {
            if (e.validVersions.contains(version)) {
                return Optional.of(e.spec());
            }
        }
        return Optional.empty();
    }

    /** The schemas of the records Kafka writes into its own logs (issue 23), by family and record type. */
    public RecordSchemas records() {
        return records;
    }

    /** All versions of an API known in a direction across releases, ascending. */
    public SortedSet<Integer> versions(int apiKey, Direction direction) {
        SortedSet<Integer> out = new TreeSet<>();
        for (SpecEntry e : byDirection(direction).getOrDefault(apiKey, List.of())) {
            for (int v = e.validVersions.lowest(); v <= e.validVersions.highest(); v++) {
                out.add(v);
            }
        }
        return out;
    }

    /**
     * True if some release defines the API in this direction: {@code !versions(apiKey, direction).isEmpty()} without
     * building the set (the stream stage asks it of every frame).
     */
    public boolean knowsApi(int apiKey, Direction direction) {
        for (SpecEntry e : byDirection(direction).getOrDefault(apiKey, List.of())) {
            if (e.validVersions.lowest() <= e.validVersions.highest()) {
                return true;
            }
        }
        return false;
    }

    /** True if some release defines this version of the API's request. */
    public boolean isKnownRequest(int apiKey, int version) {
        if (apiKey >= 0 && apiKey < knownRequests.length && version >= 0 && version < 64) {
            return (knownRequests[apiKey] >>> version & 1) != 0;
        }
        // keys past the table only if a schema folder defines one; versions past 63 not yet in any Kafka
        return (apiKey < 0 || apiKey >= knownRequests.length ? oddKeys : version >= 64)
                && entry(apiKey, Direction.REQUEST, version) != null;
    }

    /** True if the version is flexible (KIP-482 compact encodings and tagged fields) in the schema that decodes it. */
    public boolean isFlexible(int apiKey, Direction direction, int version) {
        SpecEntry e = entry(apiKey, direction, version);
        return e != null && e.flexibleVersions.contains(version);
    }

    /** The API's name from the newest release that defines it, e.g. {@code "Metadata"}; {@code "Unknown(N)"} if none. */
    public String apiName(int apiKey) {
        List<SpecEntry> entries = requests.get(apiKey);
        return entries == null || entries.isEmpty() ? "Unknown(" + apiKey + ")" : entries.get(0).apiName;
    }

    /** The api key of an API name (case-insensitive, with or without the Request/Response suffix), or -1. */
    public int apiKey(String name) {
        String n = name.trim().toLowerCase();
        for (Map.Entry<Integer, List<SpecEntry>> e : requests.entrySet()) {
            String api = e.getValue().get(0).apiName.toLowerCase();
            if (n.equals(api) || n.equals(api + "request") || n.equals(api + "response")) {
                return e.getKey();
            }
        }
        return -1;
    }

    private Map<Integer, List<SpecEntry>> byDirection(Direction direction) {
        return direction == Direction.REQUEST ? requests : responses;
    }

    private static Map<Integer, List<SpecEntry>> copy(Map<Integer, List<SpecEntry>> m) {
        Map<Integer, List<SpecEntry>> out = new TreeMap<>();
        m.forEach((k, v) -> out.put(k, new ArrayList<>(v)));
        return out;
    }
}
