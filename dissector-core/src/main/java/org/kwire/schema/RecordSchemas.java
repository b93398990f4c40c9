package org.kwire.schema;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiFunction;

/**
 * The schemas of the records Kafka writes into its own logs ({@link RecordFamily}), looked up by family, record type
 * and key or value: the metadata log's and the coordinators' from the bundle (kafka-metadata and the coordinators'
 * artifacts of the newest bundled release, parsed and validated at build time), the control records' from kafka-clients'
 * data messages by Kafka's {@code ControlRecordType} ids (0 ABORT and 1 COMMIT: {@code EndTxnMarker}; 2
 * {@code LeaderChangeMessage}, 3 {@code SnapshotHeaderRecord}, 4 {@code SnapshotFooterRecord}, 5
 * {@code KRaftVersionRecord}, 6 {@code VotersRecord}; their key is {@code ControlRecordTypeSchema}). A record type's
 * name is Kafka's: the schema's name without {@code Key}/{@code Value} for the coordinators' ({@code "OffsetCommit"}),
 * the schema's name otherwise ({@code "TopicRecord"}, {@code "EndTxnMarker"}). Immutable and thread-safe.
 */
public final class RecordSchemas {

    /** Control record types by id (Kafka's {@code ControlRecordType}): their value schemas' names. */
    private static final List<String> CONTROL = List.of("EndTxnMarker", "EndTxnMarker", "LeaderChangeMessage",
            "SnapshotHeaderRecord", "SnapshotFooterRecord", "KRaftVersionRecord", "VotersRecord");
    /** The schema of a control record's key (after its int16 version). */
    private static final String CONTROL_KEY = "ControlRecordTypeSchema";

    /** Per (kind byte, record type): the bundled entry. */
    private final Map<Integer, SpecEntry> entries;
    /** Data messages by name and version (the control records' schemas). */
    private final BiFunction<String, Integer, Optional<MessageSpec>> data;
    private final Map<String, List<SpecEntry>> dataEntries;

    RecordSchemas(Map<Integer, SpecEntry> entries, Map<String, List<SpecEntry>> dataEntries,
                  BiFunction<String, Integer, Optional<MessageSpec>> data) {
        this.entries = Collections.unmodifiableMap(new TreeMap<>(entries));
        this.dataEntries = dataEntries;
        this.data = data;
    }

    /** The key of an entry: kind byte and record type. */
    static int id(RecordFamily family, int type, boolean key) {
        return SchemaBundle.recordKind(family, key) << 16 | type;
    }

    /**
     * The schema of a record type's key or value in {@code version}; empty if no bundled schema defines that type or
     * version. {@link RecordFamily#METADATA} records have no key schema.
     */
    public Optional<MessageSpec> spec(RecordFamily family, int type, boolean key, int version) {
        if (family == RecordFamily.CONTROL) {
            String name = key ? CONTROL_KEY : controlName(type);
            return type < 0 || type >= CONTROL.size() ? Optional.empty() : data.apply(name, version);
        }
        SpecEntry e = type < 0 || type > Short.MAX_VALUE ? null : entries.get(id(family, type, key));
        return e == null || !e.validVersions.contains(version) ? Optional.empty() : Optional.of(e.spec());
    }

    /** The versions a record type's key or value schema defines; {@link VersionRange#NONE} if there is no schema. */
    public VersionRange versions(RecordFamily family, int type, boolean key) {
        if (family == RecordFamily.CONTROL) {
            List<SpecEntry> e = type < 0 || type >= CONTROL.size() ? List.of()
                    : dataEntries.getOrDefault(key ? CONTROL_KEY : controlName(type), List.of());
            return e.isEmpty() ? VersionRange.NONE : e.get(0).validVersions;
        }
        SpecEntry e = type < 0 || type > Short.MAX_VALUE ? null : entries.get(id(family, type, key));
        return e == null ? VersionRange.NONE : e.validVersions;
    }

    /** Kafka's name of a record type, e.g. {@code "OffsetCommit"}, {@code "TopicRecord"}; empty if none is known. */
    public Optional<String> typeName(RecordFamily family, int type) {
        if (family == RecordFamily.CONTROL) {
            return type < 0 || type >= CONTROL.size() ? Optional.empty() : Optional.of(controlName(type));
        }
        SpecEntry e = type < 0 || type > Short.MAX_VALUE ? null : entries.get(id(family, type, false));
        if (e == null) {
            return Optional.empty();
        }
        boolean suffixed = family != RecordFamily.METADATA && e.name.endsWith("Value");
        return Optional.of(suffixed ? e.name.substring(0, e.name.length() - "Value".length()) : e.name);
    }

    /** The record types the family's schemas define, ascending. */
    public SortedSet<Integer> types(RecordFamily family) {
        SortedSet<Integer> out = new TreeSet<>();
        if (family == RecordFamily.CONTROL) {
            for (int t = 0; t < CONTROL.size(); t++) {
                out.add(t);
            }
            return out;
        }
        int valueKind = SchemaBundle.recordKind(family, false);
        entries.keySet().stream().filter(k -> k >>> 16 == valueKind).forEach(k -> out.add(k & 0xffff));
        return out;
    }

    /** The bundled entries, for a registry with an overlay. */
    Map<Integer, SpecEntry> entries() {
        return entries;
    }

    private static String controlName(int type) {
        return CONTROL.get(type);
    }
}
