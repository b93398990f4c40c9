package org.kwire.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import org.kwire.report.Report;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes a {@link Report} as the documented report JSON ({@code docs/report.schema.json}; what {@code kwire analyze
 * --format json}, {@code kwire merge} and the Spark job write): pretty-printed (Jackson's default printer), snake_case names,
 * record components in declaration order, nulls kept (a null means "not measured") unless a component says
 * {@code @JsonInclude(NON_NULL)}, UTF-8. Written through Jackson's streaming {@link JsonGenerator} and the records' own
 * accessors, without building an {@link com.fasterxml.jackson.databind.ObjectMapper} and introspecting some forty
 * record types, which on the bundled sample took longer than reading and analyzing it (docs/PERFORMANCE.md,
 * "Start-up").
 * <p>
 * It knows records, lists and other collections, maps with string or integer keys, strings, numbers and booleans.
 * {@link #supports} tells whether the report's types hold anything else (another Jackson annotation, a {@code getX()}
 * method Jackson would bind, an enum, an array, another type), which a Jackson reader (e.g. {@code kwire report}'s)
 * would not read back as written. That is checked by the build ({@code ReportJsonTest}: the report's types all
 * supported, and every test capture's report read back into the same report), not at every start: walking the
 * report's forty record types by reflection (generic types, annotations) cost a run of the bundled sample about as
 * much as writing the report (docs/PERFORMANCE.md, "Start-up against tshark"). Thread-safe.
 */
public final class ReportJson {

    private static final JsonFactory FACTORY = new JsonFactory();
    private static final PropertyNamingStrategies.NamingBase SNAKE_CASE =
            (PropertyNamingStrategies.NamingBase) PropertyNamingStrategies.SNAKE_CASE;
    /** Per record type: its components' JSON names, accessors and whether a null is left out. */
    private static final Map<Class<?>, Property[]> PROPERTIES = new HashMap<>();

    private record Property(String name, Method accessor, boolean omitNull) {
    }

    private ReportJson() {
    }

    /**
     * Writes the report to {@code out}, which is flushed, not closed; no line end after it.
     *
     * @throws IOException if {@code out} fails
     */
    public static void write(Report report, OutputStream out) throws IOException {
        try (JsonGenerator g = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.useDefaultPrettyPrinter();
            value(g, report);
        }
    }

    /** The report's JSON as a string, as {@link #write} writes it. */
    public static String toString(Report report) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try {
            write(report, out);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e); // written to memory
        }
        return out.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    private static void value(JsonGenerator g, Object v) throws IOException {
        if (v == null) {
            g.writeNull();
        } else if (v instanceof String s) {
            g.writeString(s);
        } else if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            g.writeNumber(((Number) v).longValue());
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (v instanceof Double d) {
            g.writeNumber(d);
        } else if (v instanceof Float f) {
            g.writeNumber(f);
        } else if (v instanceof BigDecimal d) {
            g.writeNumber(d);
        } else if (v instanceof BigInteger i) {
            g.writeNumber(i);
        } else if (v instanceof Collection<?> c) {
            g.writeStartArray();
            for (Object o : c) {
                value(g, o);
            }
            g.writeEndArray();
        } else if (v instanceof Map<?, ?> m) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                g.writeFieldName(String.valueOf(e.getKey()));
                value(g, e.getValue());
            }
            g.writeEndObject();
        } else if (v instanceof Record r) {
            record(g, r);
        } else {
            throw new IllegalStateException("not a report type: " + v.getClass().getName()); // supports() excludes it
        }
    }

    private static void record(JsonGenerator g, Record r) throws IOException {
        g.writeStartObject();
        for (Property p : properties(r.getClass())) {
            Object v;
            try {
                v = p.accessor.invoke(r);
            } catch (IllegalAccessException | InvocationTargetException e) {
                throw new IllegalStateException("reading " + r.getClass().getSimpleName() + "." + p.accessor.getName(), e);
            }
            if (v != null || !p.omitNull) {
                g.writeFieldName(p.name);
                value(g, v);
            }
        }
        g.writeEndObject();
    }

    private static synchronized Property[] properties(Class<?> type) {
        return PROPERTIES.computeIfAbsent(type, t -> {
            RecordComponent[] components = t.getRecordComponents();
            Property[] out = new Property[components.length];
            for (int i = 0; i < components.length; i++) {
                Method accessor = components[i].getAccessor();
                accessor.setAccessible(true); // records nested in non-public classes
                JsonInclude include = accessor.getAnnotation(JsonInclude.class);
                out[i] = new Property(SNAKE_CASE.translate(components[i].getName()), accessor,
                        include != null && include.value() == JsonInclude.Include.NON_NULL);
            }
            return out;
        });
    }

    /**
     * True if every type reachable from {@code type} (through record components, collection elements and map values)
     * is one this writer writes as a Jackson reader binds it back: records whose only Jackson annotations are
     * {@code @JsonInclude} with {@code ALWAYS} or {@code NON_NULL} and {@code @JsonSetter(contentNulls = SET)}, and
     * that have no getter-like method besides their accessors, collections, maps with string or integer keys, strings,
     * numbers and booleans.
     */
    public static boolean supports(Type type) {
        return supports(type, new HashSet<>());
    }

    private static boolean supports(Type type, Set<Type> seen) {
        if (!seen.add(type)) {
            return true;
        }
        if (type instanceof WildcardType w) {
            return w.getUpperBounds().length == 1 && supports(w.getUpperBounds()[0], seen);
        }
        if (type instanceof ParameterizedType p) {
            Class<?> raw = (Class<?>) p.getRawType();
            if (!Collection.class.isAssignableFrom(raw) && !Map.class.isAssignableFrom(raw)) {
                return false;
            }
            Type[] args = p.getActualTypeArguments();
            if (args.length == 2 && !List.of(String.class, Integer.class, Long.class, Short.class).contains(args[0])) {
                return false; // map keys other than text and integers: Jackson has its own rules for them
            }
            return supports(args[args.length - 1], seen);
        }
        if (!(type instanceof Class<?> c)) {
            return false;
        }
        if (c.isPrimitive() || c == String.class || c == Boolean.class
                || Number.class.isAssignableFrom(c) && (c.getName().startsWith("java.lang.") || c == BigDecimal.class
                || c == BigInteger.class)) {
            return c != char.class && c != void.class;
        }
        if (!c.isRecord() || hasJacksonAnnotation(c.getAnnotations())) {
            return false;
        }
        Set<String> accessors = new HashSet<>();
        for (RecordComponent rc : c.getRecordComponents()) {
            accessors.add(rc.getName());
            if (!includeOnly(rc.getAnnotations()) || !includeOnly(rc.getAccessor().getAnnotations())
                    || !supports(rc.getGenericType(), seen)) {
                return false;
            }
        }
        for (Method m : c.getMethods()) {
            String n = m.getName();
            boolean getterLike = (n.startsWith("get") && n.length() > 3 || n.startsWith("is") && n.length() > 2)
                    && m.getParameterCount() == 0 && !Modifier.isStatic(m.getModifiers())
                    && m.getDeclaringClass() != Object.class && m.getDeclaringClass() != Record.class;
            if (getterLike && !accessors.contains(n)) {
                return false;
            }
        }
        return true;
    }

    /**
     * True if the only Jackson annotations among them, if any, are {@code @JsonInclude(ALWAYS or NON_NULL)} and
     * {@code @JsonSetter(contentNulls = SET)} (a list whose null elements a reader keeps, as written: a series with
     * empty buckets).
     */
    private static boolean includeOnly(Annotation[] annotations) {
        for (Annotation a : annotations) {
            if (a instanceof JsonInclude i) {
                if (i.value() != JsonInclude.Include.ALWAYS && i.value() != JsonInclude.Include.NON_NULL
                        || i.content() != JsonInclude.Include.ALWAYS && i.content() != JsonInclude.Include.USE_DEFAULTS) {
                    return false;
                }
            } else if (a instanceof JsonSetter s) {
                if (!s.value().isEmpty() || s.nulls() != Nulls.DEFAULT || s.contentNulls() != Nulls.SET) {
                    return false;
                }
            } else if (a.annotationType().getName().startsWith("com.fasterxml.jackson.")) {
                return false;
            }
        }
        return true;
    }

    private static boolean hasJacksonAnnotation(Annotation[] annotations) {
        for (Annotation a : annotations) {
            if (a.annotationType().getName().startsWith("com.fasterxml.jackson.")) {
                return true;
            }
        }
        return false;
    }
}
