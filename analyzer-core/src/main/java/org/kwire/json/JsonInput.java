package org.kwire.json;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.JacksonIOException;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;

/**
 * Parses one JSON document into a tree within {@link JsonLimits}: Jackson's parser stops at the first byte, token,
 * nesting level or string character past a limit, so a hostile document never costs more than its limits; a name
 * given twice in one object, and anything after the document's one value, are refused. Thread-safe.
 */
public final class JsonInput {

    private final JsonLimits limits;
    private final String what;
    private final String option;
    private final ObjectMapper mapper;

    /**
     * @param limits the limits
     * @param what   what the document is, for the messages ({@code "partial"}, {@code "report"})
     * @param option the options that raise the limits, without their suffix ({@code "--max-partial"}: the messages
     *               name {@code --max-partial-bytes} and {@code --max-partial-tokens})
     */
    public JsonInput(JsonLimits limits, String what, String option) {
        this.limits = limits;
        this.what = what;
        this.option = option;
        JsonFactory factory = JsonFactory.builder().streamReadConstraints(limits.jackson3())
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).disable(StreamReadFeature.AUTO_CLOSE_SOURCE).build();
        this.mapper = JsonMapper.builder(factory).enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).build();
    }

    /** The limits read within. */
    public JsonLimits limits() {
        return limits;
    }

    /**
     * The document's tree.
     *
     * @throws JsonInputException if it is empty, not JSON, or past a limit: the pointer of the field being read, the
     *                            line and column
     * @throws IOException        if {@code in} cannot be read
     */
    public JsonNode read(InputStream in) throws IOException {
        JsonNode tree;
        try (JsonParser parser = mapper.createParser(in)) {
            try {
                tree = mapper.readTree(parser);
            } catch (JacksonIOException e) {
                throw e.getCause();
            } catch (StreamConstraintsException e) {
                throw new JsonInputException(pointer(parser), limit(e.getOriginalMessage()));
            } catch (JacksonException e) {
                String why = e.getOriginalMessage() == null ? "" : e.getOriginalMessage().replaceFirst(" \\(start marker at .*", "");
                if (why.startsWith("Duplicate Object property ")) { // JSON, but not what any JSON writer makes
                    throw new JsonInputException(pointer(parser), "not a kwire " + what + ": the name "
                            + why.substring("Duplicate Object property ".length()) + " given twice in one object");
                }
                throw new JsonInputException(pointer(parser), "not a kwire " + what + ": not JSON" + at(e.getLocation()) + ": "
                        + why);
            }
        }
        if (tree == null || tree.isMissingNode()) {
            throw new JsonInputException("", "empty, not a kwire " + what);
        }
        String big = tooBig(tree);
        if (big != null) {
            throw new JsonInputException(big, tree.at(big) + " does not fit in 64 bits, as every number of kwire's does");
        }
        return tree;
    }

    /**
     * The pointer of the first number past 64 bits, null if none: kwire's numbers are Java longs at most, where a
     * schema's {@code integer} takes any whole number (10^30, 1e300). The pointer is made only for the one found.
     */
    private static String tooBig(JsonNode n) {
        if (n.isBigInteger() || n.isFloatingPointNumber() && Math.abs(n.asDouble()) >= 0x1p63) {
            return "";
        }
        if (n.isObject()) {
            for (java.util.Map.Entry<String, JsonNode> e : n.properties()) {
                String below = e.getValue().isValueNode() && !e.getValue().isNumber() ? null : tooBig(e.getValue());
                if (below != null) {
                    return "/" + JsonInputException.segment(e.getKey()) + below;
                }
            }
        } else if (n.isArray()) {
            for (int i = 0; i < n.size(); i++) {
                String below = tooBig(n.get(i));
                if (below != null) {
                    return "/" + i + below;
                }
            }
        }
        return null;
    }

    /** The limit a constraint message names, in kwire's words. */
    private String limit(String jackson) {
        String m = jackson == null ? "" : jackson;
        if (m.startsWith("String value length") || m.startsWith("String length")) {
            return "a string longer than " + limits.maxStringChars() + " characters, the most a " + what + " may hold (a "
                    + "quarter of " + option + "-bytes)";
        }
        if (m.startsWith("Document length")) {
            return "longer than " + limits.maxBytes() + " bytes, the most a " + what + " may hold (" + option + "-bytes)";
        }
        if (m.startsWith("Token count")) {
            return "more than " + limits.maxTokens() + " JSON tokens, the most a " + what + " may hold (" + option
                    + "-tokens)";
        }
        if (m.startsWith("Document nesting depth") || m.contains("nesting depth")) {
            return "nested more than " + limits.maxDepth() + " deep, deeper than any kwire " + what;
        }
        if (m.startsWith("Name length")) {
            return "a name longer than any a kwire " + what + " holds";
        }
        return "a number longer than any a kwire " + what + " holds";
    }

    private static String pointer(JsonParser p) {
        return p.streamReadContext() == null ? "" : p.streamReadContext().pathAsPointer().toString();
    }

    private static String at(TokenStreamLocation l) {
        return l == null || l.getLineNr() < 1 ? "" : " at line " + l.getLineNr() + ", column " + l.getColumnNr();
    }
}
