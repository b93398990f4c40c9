package org.kwire.schema;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The bundled schemas as kwire reads them at run time: one binary resource, {@code bundled.schemas}, written at build
 * time by {@code SchemaBundler} (a build tool in dissector-core's {@code src/build/java}, not in the jar) from the
 * {@code common/message/*.json} files of the kafka-clients artifacts and the internal records' schemas of
 * kafka-metadata and the coordinators' artifacts (parsed and validated there with
 * {@link SchemaParser}). Reading it needs no JSON parser: the index is read at start, and
 * each schema's fields are decoded on first use into the same {@link MessageSpec} that parsing its file gives
 * ({@code SchemaBundleTest} compares every one).
 *
 * <p>Format (big-endian; {@code str} is an unsigned 16-bit index into the string table, 0 meaning {@code null};
 * {@code range} is two int16, lowest and highest, as in {@link VersionRange}):
 * <pre>
 * magic "KWSB", int16 format version ({@link #FORMAT})
 * strings:  int32 count, then count × (int32 length, UTF-8 bytes); index 0 is null and not written
 * releases: uint8 count, then count × str           — the releases that decode, newest first
 * ranges:   uint8 count, then per release: str, int16 n, n × (int16 apiKey, range)   — request ranges only
 * entries:  int16 count, then per schema: uint8 release index, str file, uint8 kind (0 request, 1 response,
 *           2 data message or header, by name; 3 + 2 × {@link RecordFamily} ordinal + 0 for a record key, + 1 for a
 *           record value: the internal records' schemas, by family and record type, file {@code <family folder>/<name>.json}),
 *           int16 apiKey (the record type for records), str name, range validVersions, range flexibleVersions,
 *           int32 offset of its body
 * bodies:   per schema: fields, then its commonStructs as fields
 * fields:   int16 count, then per field: str name, str type, range versions, range nullableVersions,
 *           range taggedVersions, int32 tag, uint8 has flexibleVersions (+ range), str about, str default,
 *           str entityType, fields (its inline struct's)
 * </pre>
 *
 * <p>Errors: an {@link IOException} if the resource is missing, truncated or of another format (a build defect).
 */
final class SchemaBundle {

    /** Where the bundle is, on the class path. */
    static final String RESOURCE = "/org/kwire/schema/bundled.schemas";
    /** The format's magic number, "KWSB". */
    static final int MAGIC = 0x4B575342;
    /** The format version this class reads. */
    static final short FORMAT = 3;

    /**
     * One schema in the index: what the registry knows before decoding its fields.
     *
     * @param family    the family of an internal record's key or value schema, else null
     * @param recordKey true for a record key's schema
     */
    record Entry(String release, String file, int apiKey, Direction direction, String name, VersionRange validVersions,
                 VersionRange flexibleVersions, RecordFamily family, boolean recordKey, int offset) {
    }

    /** The kind byte of an internal record's key or value schema. */
    static int recordKind(RecordFamily family, boolean key) {
        return 3 + 2 * family.ordinal() + (key ? 0 : 1);
    }

    private final byte[] bytes;
    /** Where each string's UTF-8 bytes start, and their length; decoded on first use (most are descriptions). */
    private final int[] stringAt;
    private final int[] stringLength;
    /** Strings decoded so far (a race decodes one twice, harmlessly: strings are immutable). */
    private final String[] strings;
    private final List<String> releases;
    private final Map<String, Map<Integer, VersionRange>> ranges;
    private final List<Entry> entries;

    private SchemaBundle(byte[] bytes) throws IOException {
        this.bytes = bytes;
        ByteBuffer in = ByteBuffer.wrap(bytes);
        try {
            if (in.getInt() != MAGIC || in.getShort() != FORMAT) {
                throw new IOException("not a kwire schema bundle of format " + FORMAT);
            }
            int count = in.getInt() + 1;
            stringAt = new int[count];
            stringLength = new int[count];
            strings = new String[count];
            for (int i = 1; i < count; i++) {
                stringLength[i] = in.getInt();
                stringAt[i] = in.position();
                in.position(in.position() + stringLength[i]);
            }
            List<String> rel = new ArrayList<>();
            for (int n = Byte.toUnsignedInt(in.get()); n > 0; n--) {
                rel.add(string(in));
            }
            releases = List.copyOf(rel);
            Map<String, Map<Integer, VersionRange>> byRelease = new TreeMap<>();
            for (int n = Byte.toUnsignedInt(in.get()); n > 0; n--) {
                String release = string(in);
                Map<Integer, VersionRange> byKey = new TreeMap<>();
                for (int m = in.getShort(); m > 0; m--) {
                    byKey.put((int) in.getShort(), range(in));
                }
                byRelease.put(release, Collections.unmodifiableMap(byKey));
            }
            ranges = Collections.unmodifiableMap(byRelease);
            List<Entry> list = new ArrayList<>();
            for (int n = in.getShort(); n > 0; n--) {
                String release = releases.get(Byte.toUnsignedInt(in.get()));
                String file = string(in);
                int d = Byte.toUnsignedInt(in.get());
                Direction direction = d == 0 ? Direction.REQUEST : d == 1 ? Direction.RESPONSE : null;
                RecordFamily family = d < 3 ? null : RecordFamily.values()[(d - 3) / 2];
                list.add(new Entry(release, file, in.getShort(), direction, string(in), range(in), range(in), family,
                        family != null && (d - 3) % 2 == 0, in.getInt()));
            }
            entries = List.copyOf(list);
        } catch (BufferUnderflowException | IndexOutOfBoundsException | IllegalArgumentException e) {
            throw new IOException("schema bundle truncated or corrupt", e);
        }
    }

    /**
     * Reads the bundle from the class path.
     *
     * @throws IOException if it is missing or not a bundle of this format
     */
    static SchemaBundle load() throws IOException {
        try (InputStream in = SchemaBundle.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IOException("missing resource " + RESOURCE);
            }
            return new SchemaBundle(in.readAllBytes());
        }
    }

    /** Reads a bundle from its bytes (tests, and the bundler's check of what it wrote). */
    static SchemaBundle of(byte[] bytes) throws IOException {
        return new SchemaBundle(bytes);
    }

    /** The releases whose schemas decode, newest first. */
    List<String> releases() {
        return releases;
    }

    /** Per release whose request ranges only are bundled: the request versions of each api key. */
    Map<String, Map<Integer, VersionRange>> ranges() {
        return ranges;
    }

    /** Every request, response, data and record schema of the decoding releases, in the order the bundler wrote them. */
    List<Entry> entries() {
        return entries;
    }

    /**
     * Decodes one schema's fields; safe from any thread.
     *
     * @throws IOException if its body is truncated or corrupt
     */
    MessageSpec spec(Entry e) throws IOException {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        try {
            in.position(e.offset());
            List<FieldSpec> fields = fields(in);
            Map<String, FieldSpec> common = new LinkedHashMap<>();
            for (FieldSpec s : fields(in)) {
                common.put(s.name(), s);
            }
            return new MessageSpec(e.release(), e.apiKey(), e.direction(), e.name(), e.validVersions(),
                    e.flexibleVersions(), fields, Map.copyOf(common));
        } catch (BufferUnderflowException | IndexOutOfBoundsException | IllegalArgumentException x) {
            throw new IOException("schema bundle: " + e.file() + " of " + e.release() + " truncated or corrupt", x);
        }
    }

    private List<FieldSpec> fields(ByteBuffer in) {
        int n = in.getShort();
        if (n == 0) {
            return List.of();
        }
        FieldSpec[] out = new FieldSpec[n];
        for (int i = 0; i < n; i++) {
            String name = string(in);
            String type = string(in);
            VersionRange versions = range(in);
            VersionRange nullable = range(in);
            VersionRange tagged = range(in);
            int tag = in.getInt();
            VersionRange flexible = in.get() != 0 ? range(in) : null;
            String about = string(in);
            String defaultValue = string(in);
            String entityType = string(in);
            out[i] = new FieldSpec(name, type, versions, nullable, tagged, tag, flexible, about, defaultValue, entityType,
                    fields(in));
        }
        return List.of(out);
    }

    private String string(ByteBuffer in) {
        int i = Short.toUnsignedInt(in.getShort());
        String s = strings[i];
        if (s == null && i != 0) {
            s = new String(bytes, stringAt[i], stringLength[i], StandardCharsets.UTF_8);
            strings[i] = s;
        }
        return s;
    }

    private static VersionRange range(ByteBuffer in) {
        short lowest = in.getShort();
        short highest = in.getShort();
        if (lowest == VersionRange.NONE.lowest() && highest == VersionRange.NONE.highest()) {
            return VersionRange.NONE;
        }
        return lowest == 0 && highest == Short.MAX_VALUE ? VersionRange.ALL : new VersionRange(lowest, highest);
    }

    /**
     * The registry of the bundled schemas: the index read once, each schema's fields decoded on first use.
     *
     * @throws UncheckedIOException if the bundle is missing or unreadable (a build defect)
     */
    static SchemaRegistry registry() {
        try {
            SchemaBundle bundle = load();
            Map<Integer, List<SpecEntry>> req = new TreeMap<>();
            Map<Integer, List<SpecEntry>> resp = new TreeMap<>();
            Map<String, List<SpecEntry>> data = new TreeMap<>();
            Map<Integer, SpecEntry> records = new TreeMap<>();
            for (SchemaBundle.Entry b : bundle.entries()) {
                SpecEntry e = new SpecEntry(b.release(), b.file(), b.apiKey(), b.direction(), b.name(), b.validVersions(),
                        b.flexibleVersions(), () -> bundle.spec(b));
                if (b.family() != null) {
                    records.put(RecordSchemas.id(b.family(), b.apiKey(), b.recordKey()), e);
                } else if (e.direction == null) {
                    data.computeIfAbsent(e.name, k -> new ArrayList<>()).add(e);
                } else {
                    (e.direction == Direction.REQUEST ? req : resp).computeIfAbsent(e.apiKey, k -> new ArrayList<>()).add(e);
                }
            }
            return new SchemaRegistry(bundle.releases(), req, resp, bundle.ranges(), data, records);
        } catch (IOException e) {
            throw new UncheckedIOException("bundled Kafka schemas unreadable (was dissector-core built with Maven?)", e);
        }
    }
}
