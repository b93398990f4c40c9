package org.kwire.partial;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import org.kwire.expert.ExpertItem;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * Reads and writes partials as JSON: snake_case names as in the report, the latency histograms and timelines as
 * base64 strings, expert notes' items by their ids ({@code docs/PARTIAL.md}, {@code docs/partial.schema.json}).
 */
public final class PartialCodec {

    private static final ObjectMapper JSON = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .registerModule(new SimpleModule().addSerializer(ExpertItem.class, new StdSerializer<>(ExpertItem.class) {
                @Override
                public void serialize(ExpertItem item, JsonGenerator g, SerializerProvider p) throws IOException {
                    g.writeString(item.id()); // a note's item by its stable id, as the report counts it
                }
            }).addDeserializer(ExpertItem.class, new StdDeserializer<>(ExpertItem.class) {
                @Override
                public ExpertItem deserialize(JsonParser p, DeserializationContext c) throws IOException {
                    ExpertItem item = ExpertItem.byId(p.getValueAsString());
                    if (item == null) {
                        throw new IOException("unknown expert item " + p.getValueAsString());
                    }
                    return item;
                }
            }));

    private PartialCodec() {
    }

    /**
     * {@code in}, decompressed if it is gzip (RFC 1952: it starts with 0x1f 0x8b), as partials written to a file named
     * {@code *.gz} are ({@link #compressing}); else as it is. The JSON's limits apply to the bytes decompressed.
     */
    public static java.io.InputStream decompressing(java.io.InputStream in) throws IOException {
        java.io.BufferedInputStream b = new java.io.BufferedInputStream(in);
        b.mark(2);
        int first = b.read();
        int second = b.read();
        b.reset();
        return first == 0x1f && second == 0x8b ? new java.util.zip.GZIPInputStream(b, 1 << 16) : b;
    }

    /**
     * {@code out}, compressed with gzip if {@code name} ends with {@code .gz} (a partial to carry elsewhere: its
     * boundary pieces' metadata and base64 shrink several times), else as it is; closing it finishes the gzip stream.
     */
    public static OutputStream compressing(OutputStream out, String name) throws IOException {
        return name != null && name.endsWith(".gz") ? new java.util.zip.GZIPOutputStream(out, 1 << 16) : out;
    }

    /** Writes a partial (compact JSON, one document). */
    public static void write(Partial p, OutputStream out) throws IOException {
        JSON.writeValue(out, p);
    }

    /** The partial as a JSON string. */
    public static String toJson(Partial p) throws IOException {
        return JSON.writeValueAsString(p);
    }

    /** One section of a partial as the partial's JSON holds it. */
    static String toJson(Object section) throws IOException {
        return JSON.writeValueAsString(section);
    }

    /**
     * Reads a partial this process (or the Spark job's tasks) wrote, trusted: neither bounded nor validated. A partial
     * from elsewhere is read with {@link PartialReader}.
     *
     * @throws IOException if it is not JSON, not a kwire partial, of another format version, or lacks a section; the
     *                     message is one line saying which (and where, for JSON errors)
     */
    public static Partial read(InputStream in) throws IOException {
        try {
            com.fasterxml.jackson.databind.JsonNode tree = JSON.readTree(in);
            if (tree == null || !tree.isObject() || !tree.has("kwire_partial")) {
                throw new IOException("not a kwire partial (no kwire_partial field)");
            }
            int version = tree.get("kwire_partial").asInt();
            if (version != Partial.VERSION) {
                throw new IOException("kwire partial format " + version + "; this kwire reads format " + Partial.VERSION);
            }
            Partial p = JSON.treeToValue(tree, Partial.class);
            String missing = p.analysis() == null ? "analysis" : p.slices() == null || p.slices().isEmpty() ? "slices"
                    : p.census() == null ? "census" : p.report() == null ? "report" : null;
            if (missing != null) {
                throw new IOException("not a whole kwire partial (no " + missing + ")");
            }
            return p;
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            com.fasterxml.jackson.core.JsonLocation at = e.getLocation();
            throw new IOException("not a kwire partial (" + (at == null ? "" : "line " + at.getLineNr() + ", column "
                    + at.getColumnNr() + ": ") + e.getOriginalMessage().lines().findFirst().orElse("")
                    .replaceFirst(" \\(start marker at \\[Source: .*$", "") + ")", e);
        }
    }

    /**
     * Binds a partial that {@link PartialReader} has checked already (so that binding cannot fail on its content but
     * for a field the schema does not describe), within {@code limits}.
     *
     * @throws JsonInputException if a field does not fit its record field: its pointer
     */
    static Partial bind(InputStream in, org.kwire.json.JsonLimits limits) throws IOException {
        try (JsonParser parser = new com.fasterxml.jackson.core.JsonFactoryBuilder().streamReadConstraints(limits.jackson2())
                .disable(com.fasterxml.jackson.core.StreamReadFeature.AUTO_CLOSE_SOURCE).build().createParser(in)) {
            return JSON.readValue(parser, Partial.class);
        } catch (com.fasterxml.jackson.databind.JsonMappingException e) {
            throw org.kwire.json.JsonInputException.unbound(e);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new org.kwire.json.JsonInputException("", "not JSON where it was JSON a moment before: changed while "
                    + "it was read");
        }
    }

    /** A partial from a JSON string. */
    public static Partial fromJson(String json) throws IOException {
        return read(new java.io.ByteArrayInputStream(json.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }
}
