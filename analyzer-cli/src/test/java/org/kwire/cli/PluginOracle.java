package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.kwire.plan.FieldKind;
import org.kwire.schema.Direction;
import org.kwire.wireshark.FieldNames;
import org.kwire.wireshark.PluginField;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * kwire's {@code dissect --format values} of a capture against tshark's dissection with the generated plugin, frame by
 * frame: every field of kwire's values (header, body, records sizes) must be the plugin's field of the same name with
 * the same values in the same order, the plugin must show no field kwire does not, and the request/response links and
 * response times must be kwire's matching. Values are compared in tshark's JSON forms: booleans 1/0, bytes as
 * colon-separated hex, records as their size in bytes, response times in microseconds.
 */
final class PluginOracle {

    /** Expert items of the plugin that mean a frame was not decoded fully (all but a fetch's partial last batch). */
    private static final String PARTIAL_BATCH = "kwire.kafka.records.partial_batch";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Map<String, PluginField> fields = new HashMap<>();
    final List<String> differences = new ArrayList<>();
    int compared;
    int linked;

    PluginOracle(List<PluginField> fields) {
        fields.forEach(f -> this.fields.put(f.filter(), f));
    }

    /** Compares one capture: kwire's values lines and tshark's frames. */
    void compare(String capture, List<String> kwireLines, List<Tshark.Pdu> tshark) throws Exception {
        List<JsonNode> lines = new ArrayList<>();
        for (String l : kwireLines) {
            lines.add(JSON.readTree(l));
        }
        Map<String, Integer> responseOf = new HashMap<>();
        Map<Integer, Integer> requestOf = new HashMap<>();
        Map<String, Integer> pending = new HashMap<>();
        for (JsonNode l : lines) {
            String exchange = l.get("stream").asInt() + "/" + l.get("correlation_id").asInt();
            if (l.get("direction").asText().equals("request")) {
                pending.put(exchange, l.get("frame").asInt());
            } else if (l.has("latency_us") && pending.containsKey(exchange) && !l.has("captured_length")) {
                int request = pending.remove(exchange);
                responseOf.put(request + "/" + l.get("correlation_id").asInt(), l.get("frame").asInt());
                requestOf.put(l.get("frame").asInt() * 31 + l.get("correlation_id").asInt(), request);
            }
        }
        Map<Integer, List<Tshark.Pdu>> byFrame = new LinkedHashMap<>();
        tshark.forEach(p -> byFrame.computeIfAbsent(p.frame(), k -> new ArrayList<>()).add(p));
        Map<Integer, Integer> used = new HashMap<>();
        for (JsonNode l : lines) {
            int frame = l.get("frame").asInt();
            List<Tshark.Pdu> ours = byFrame.getOrDefault(frame, List.of());
            int at = used.merge(frame, 1, Integer::sum) - 1;
            if (at >= ours.size()) {
                if (!l.has("captured_length")) {
                    differences.add(capture + " frame " + frame + ": tshark shows " + ours.size() + " Kafka frames, kwire more");
                }
                continue;
            }
            if (l.get("api_key").asInt() < 0 || l.path("body").has("_problems") || l.path("body").isNull()) {
                continue; // not decoded fully by kwire: nothing to compare
            }
            if (l.has("captured_length")) {
                continue; // cut short by the capture: kwire shows what came, Wireshark's reassembly waits for the rest
            }
            Tshark.Pdu pdu = ours.get(at);
            boolean request = l.get("direction").asText().equals("request");
            Map<String, List<String>> expected = new TreeMap<>();
            header(l, request, expected);
            int corr = l.get("correlation_id").asInt();
            if (request && responseOf.containsKey(frame + "/" + corr)) {
                add(expected, "kwire.response_in", String.valueOf(responseOf.get(frame + "/" + corr)));
            } else if (!request && requestOf.containsKey(frame * 31 + corr)) {
                add(expected, "kwire.request_in", String.valueOf(requestOf.get(frame * 31 + corr)));
                add(expected, "kwire.response_time", l.get("latency_us").asText());
                linked++;
            }
            String prefix = FieldNames.body(l.get("api_name").asText(), request ? Direction.REQUEST : Direction.RESPONSE);
            body(l.get("body"), prefix, expected);
            Map<String, List<String>> actual = actual(pdu);
            compared++;
            if (pdu.malformed()) {
                differences.add(capture + " frame " + frame + ": marked malformed by tshark");
            }
            if (!expected.equals(actual)) {
                differences.add(capture + " frame " + frame + " " + l.get("api_name").asText() + " v" + l.get("api_version")
                        + (request ? " request" : " response") + ":\n  kwire  " + expected + "\n  plugin " + actual);
            }
        }
    }

    private static void header(JsonNode l, boolean request, Map<String, List<String>> out) {
        if (request) {
            add(out, "kwire.api_key", l.get("api_key").asText());
            add(out, "kwire.api_version", l.get("api_version").asText());
            JsonNode clientId = l.path("header").path("clientId");
            if (clientId.isTextual()) {
                add(out, "kwire.client_id", clientId.asText());
            }
        }
        add(out, "kwire.correlation_id", l.get("correlation_id").asText());
    }

    /** kwire's values of a body as (filter name, value) lists. */
    private void body(JsonNode object, String path, Map<String, List<String>> out) {
        object.fields().forEachRemaining(e -> {
            String key = e.getKey();
            JsonNode v = e.getValue();
            if (key.endsWith("error_name") || v.isNull()) {
                return;
            }
            String name = path + "." + FieldNames.snake(key);
            if (key.endsWith("SizeInBytes") && !fields.containsKey(name)) {
                String records = path + "." + FieldNames.snake(key.substring(0, key.length() - "SizeInBytes".length()));
                add(out, records, v.asText());
            } else if (v.isObject()) {
                body(v, name, out);
            } else if (v.isArray()) {
                v.forEach(el -> {
                    if (el.isObject()) {
                        body(el, name, out);
                    } else {
                        add(out, name, expected(name, el));
                    }
                });
            } else {
                add(out, name, expected(name, v));
            }
        });
    }

    private String expected(String name, JsonNode v) {
        PluginField f = fields.get(name);
        if (f == null || f.kind() == null) {
            return "(no plugin field " + name + ") " + v;
        }
        return switch (f.kind()) {
            case BOOL -> v.asBoolean() ? "1" : "0";
            case BYTES -> HexFormat.ofDelimiter(":").formatHex(Base64.getDecoder().decode(v.asText()));
            case FLOAT64 -> Double.toString(v.asDouble());
            default -> v.asText();
        };
    }

    /** The plugin's header, link, records-size and body values of one frame, normalized as {@link #expected}. */
    private Map<String, List<String>> actual(Tshark.Pdu pdu) {
        Map<String, List<String>> out = new TreeMap<>();
        for (String[] p : pdu.pairs()) {
            String key = p[0];
            String v = p[1];
            if (key.startsWith("kwire.kafka.") && !key.equals(PARTIAL_BATCH)) {
                add(out, "expert", key);
            }
            PluginField f = fields.get(key);
            switch (key) {
                case "kwire.api_key", "kwire.api_version", "kwire.correlation_id", "kwire.client_id", "kwire.request_in",
                        "kwire.response_in" -> add(out, key, v);
                case "kwire.response_time" -> add(out, key, new BigDecimal(v).movePointRight(6).stripTrailingZeros().toPlainString());
                default -> {
                    if (f != null && f.kind() != null) {
                        add(out, key, f.kind() == FieldKind.RECORDS ? String.valueOf(v.isEmpty() ? 0 : (v.length() + 1) / 3)
                                : f.kind() == FieldKind.FLOAT64 ? Double.toString(Double.parseDouble(v)) : v);
                    }
                }
            }
        }
        return out;
    }

    private static void add(Map<String, List<String>> m, String key, String value) {
        m.computeIfAbsent(key, k -> new ArrayList<>()).add(value);
    }
}
