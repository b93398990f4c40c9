package org.kwire.plan;

import org.kwire.schema.Direction;
import org.kwire.schema.RecordFamily;
import org.kwire.schema.SchemaRegistry;

import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Compiled plans of a {@link SchemaRegistry}, each compiled on first use and then cached (thread-safe), so decoding a
 * frame never walks the JSON schemas.
 */
public final class PlanCache {

    private final SchemaRegistry schemas;
    private final ConcurrentHashMap<Integer, Optional<MessagePlan>> plans = new ConcurrentHashMap<>();
    /** Api keys and versions below these are also found in {@link #fast}: no boxed key, no lambda per frame. */
    private static final int FAST_KEYS = 128;
    private static final int FAST_VERSIONS = 32;
    /** {@link #plans}' entries of the common api keys and versions by index, {@code (key * 32 + version) * 2 + dir}. */
    private final AtomicReferenceArray<Optional<MessagePlan>> fast =
            new AtomicReferenceArray<>(FAST_KEYS * FAST_VERSIONS * 2);
    private final ConcurrentHashMap<String, Optional<MessagePlan>> dataPlans = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Optional<MessagePlan>> recordPlans = new ConcurrentHashMap<>();

    /** @param schemas the merged schemas to compile from */
    public PlanCache(SchemaRegistry schemas) {
        this.schemas = schemas;
    }

    /** The schemas the plans come from. */
    public SchemaRegistry schemas() {
        return schemas;
    }

    /**
     * The plan of an API version in one direction; empty if no known release defines that version.
     *
     * @throws IllegalArgumentException if the defining schema is inconsistent (a struct type it does not define)
     */
    public Optional<MessagePlan> plan(int apiKey, Direction direction, int version) {
        if (apiKey < 0 || apiKey > 0x7fff || version < 0 || version > 0x7fff) {
            return Optional.empty();
        }
        int key = (apiKey << 16) | (version << 1) | direction.ordinal();
        if (apiKey >= FAST_KEYS || version >= FAST_VERSIONS) {
            return compiled(key, apiKey, direction, version);
        }
        int at = (apiKey * FAST_VERSIONS + version) << 1 | direction.ordinal();
        Optional<MessagePlan> plan = fast.get(at);
        if (plan == null) {
            plan = compiled(key, apiKey, direction, version);
            fast.set(at, plan);
        }
        return plan;
    }

    private Optional<MessagePlan> compiled(int key, int apiKey, Direction direction, int version) {
        return plans.computeIfAbsent(key, k -> schemas.spec(apiKey, direction, version)
                .map(spec -> PlanCompiler.compile(spec, version, direction)));
    }

    /**
     * The plan of a data message's version ({@link SchemaRegistry#dataSpec}, e.g. {@code ConsumerProtocolAssignment});
     * empty if no bundled release defines it. Its direction is null.
     */
    public Optional<MessagePlan> dataPlan(String name, int version) {
        if (version < 0 || version > 0x7fff) {
            return Optional.empty();
        }
        return dataPlans.computeIfAbsent(name + "/" + version, k -> schemas.dataSpec(name, version)
                .map(spec -> PlanCompiler.compile(spec, version, null)));
    }

    /**
     * The plan of an internal record's key or value schema in a version ({@link org.kwire.schema.RecordSchemas#spec});
     * empty if no bundled schema defines it. Its direction is null. Only plans that exist are cached (types and versions
     * come from the wire: hostile ones must not fill the cache).
     */
    public Optional<MessagePlan> recordPlan(RecordFamily family, int type, boolean key, int version) {
        if (!schemas.records().versions(family, type, key).contains(version)) {
            return Optional.empty();
        }
        return recordPlans.computeIfAbsent(family + "/" + type + (key ? "/key/" : "/value/") + version,
                k -> schemas.records().spec(family, type, key, version).map(spec -> PlanCompiler.compile(spec, version, null)));
    }
}
