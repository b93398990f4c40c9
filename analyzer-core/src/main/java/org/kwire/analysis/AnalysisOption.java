package org.kwire.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The options of {@code kwire analyze} (and {@code dissect}, {@code live}, the Spark job) that make an
 * {@link AnalysisConfig}, by long name: how a value given as text sets the config (checked, with kwire's one-line
 * refusals: {@link ConfigException}), and which of them make a partial's identity ({@link AnalysisConfig#identity()}:
 * those that change what an analysis finds), written back as text. The order of the constants is the order in
 * which a command line's values are checked. Immutable.
 */
public enum AnalysisOption {
    /** {@code --max-frame-size BYTES}. */
    MAX_FRAME_SIZE("max-frame-size", Kind.ONE, true, (b, v) -> b.maxFrameSize(Units.bytesInt("--max-frame-size", v, 1)),
            c -> text(c.maxFrameSize)),
    /** {@code --port N[,N]}, repeatable. */
    PORT("port", Kind.COMMA_LIST, true, AnalysisOption::ports, c -> join(c.ports)),
    /** {@code --max-decompressed BYTES}. */
    MAX_DECOMPRESSED("max-decompressed", Kind.ONE, true,
            (b, v) -> b.maxDecompressedBytes(Units.bytesInt("--max-decompressed", v, 1)), c -> text(c.maxDecompressed)),
    /** {@code --records-max-bytes BYTES} ({@code kwire dissect}). */
    RECORDS_MAX_BYTES("records-max-bytes", Kind.ONE, false,
            (b, v) -> b.recordValueBytes(Units.bytesInt("--records-max-bytes", v, 1)), c -> null),
    /** {@code --records} ({@code kwire dissect}). */
    RECORDS("records", Kind.FLAG, false, (b, v) -> b.recordValues(true), c -> null),
    /** {@code --deep}. */
    DEEP("deep", Kind.FLAG, true, (b, v) -> b.deep(true), c -> flag(c.deep)),
    /** {@code --schemas DIR}. */
    SCHEMAS("schemas", Kind.ONE, true, AnalysisConfigBuilder::schemas, c -> c.schemas),
    /** {@code --tls-keylog FILE}, repeatable. */
    TLS_KEYLOG("tls-keylog", Kind.LIST, true, AnalysisConfigBuilder::tlsKeyLog, c -> join(c.tlsKeyLogs)),
    /** {@code --api NAME[,NAME]}, repeatable. */
    API("api", Kind.COMMA_LIST, true, (b, v) -> Arrays.stream(v.split(",")).forEach(a -> b.apis(a.trim())),
            c -> join(c.apis)),
    /** {@code --connection HOST:PORT}, repeatable. */
    CONNECTION("connection", Kind.COMMA_LIST_IN_IDENTITY, true, AnalysisConfigBuilder::connections, c -> join(c.connections)),
    /** {@code --topic NAME}, repeatable. */
    TOPIC("topic", Kind.COMMA_LIST_IN_IDENTITY, true, AnalysisConfigBuilder::topics, c -> join(c.topics)),
    /** {@code --client-id ID}, repeatable. */
    CLIENT_ID("client-id", Kind.LIST, true, AnalysisConfigBuilder::clientIds, c -> join(c.clientIds)),
    /** {@code --errors-only}. */
    ERRORS_ONLY("errors-only", Kind.FLAG, true, (b, v) -> b.errorsOnly(true), c -> flag(c.errorsOnly)),
    /** {@code --min-latency-ms N}, decimals allowed. */
    MIN_LATENCY_MS("min-latency-ms", Kind.ONE, true,
            (b, v) -> b.minLatencyMicros(OptionValues.millisAsMicros("--min-latency-ms", v)),
            c -> c.minLatencyMicros == null ? null : OptionValues.microsAsMillis(c.minLatencyMicros)),
    /** {@code --top N}. */
    TOP("top", Kind.ONE, true, (b, v) -> b.top(OptionValues.nonNegative("--top", v)), c -> text(c.top)),
    /** {@code --include-long-polls}. */
    INCLUDE_LONG_POLLS("include-long-polls", Kind.FLAG, true, (b, v) -> b.includeLongPolls(true), c -> flag(c.includeLongPolls)),
    /** {@code --target-kafka RELEASE}. */
    TARGET_KAFKA("target-kafka", Kind.ONE, true, AnalysisConfigBuilder::targetKafka, c -> c.targetKafka),
    /** {@code --boundary-bytes BYTES}: how a slice is kept, not what it finds. */
    BOUNDARY_BYTES("boundary-bytes", Kind.ONE, false,
            (b, v) -> b.boundaryBytes(Units.bytes("--boundary-bytes", v, 1)), c -> null),
    /** {@code --workers N}: how a run is done, not what it finds. */
    WORKERS("workers", Kind.ONE, false, (b, v) -> b.workers(OptionValues.nonNegative("--workers", v)), c -> null),
    /** {@code --stream-threads N}: how a run is done, not what it finds. */
    STREAM_THREADS("stream-threads", Kind.ONE, false,
            (b, v) -> b.streamThreads(OptionValues.nonNegative("--stream-threads", v)), c -> null);

    /** How an option takes values. */
    private enum Kind {
        /** No value. */
        FLAG,
        /** One value; given twice, the first counts. */
        ONE,
        /** Repeatable; each value is one item (it may hold a comma). */
        LIST,
        /** Repeatable; each value a comma-separated list of items. */
        COMMA_LIST,
        /** Repeatable, one item per value; items cannot hold a comma, so an identity's value is read as a list. */
        COMMA_LIST_IN_IDENTITY
    }

    private final String option;
    private final Kind kind;
    private final boolean identity;
    private final BiConsumer<AnalysisConfigBuilder, String> apply;
    private final Function<AnalysisConfig, String> text;

    AnalysisOption(String option, Kind kind, boolean identity, BiConsumer<AnalysisConfigBuilder, String> apply,
                   Function<AnalysisConfig, String> text) {
        this.option = option;
        this.kind = kind;
        this.identity = identity;
        this.apply = apply;
        this.text = text;
    }

    /** The long option name, e.g. {@code max-frame-size}. */
    public String option() {
        return option;
    }

    /** True if the option takes a value ({@code --top 20}), false for a flag ({@code --deep}). */
    public boolean takesValue() {
        return kind != Kind.FLAG;
    }

    /** True if the option may be given more than once, its values adding up. */
    public boolean repeatable() {
        return kind != Kind.FLAG && kind != Kind.ONE;
    }

    /** True if the option changes what an analysis finds: a partial's identity holds it when given. */
    public boolean identity() {
        return identity;
    }

    /** The option of this long name, if it is one. */
    public static Optional<AnalysisOption> named(String option) {
        return Arrays.stream(values()).filter(o -> o.option.equals(option)).findFirst();
    }

    /**
     * The config of a command line's options.
     *
     * @param given the values given for an option, by long name, in order: none if it was not given, one empty
     *              string for a flag
     * @throws ConfigException for the first value refused, in this enum's order
     */
    public static AnalysisConfig config(Function<String, List<String>> given) {
        AnalysisConfigBuilder b = AnalysisConfig.builder();
        for (AnalysisOption o : values()) {
            List<String> values = given.apply(o.option);
            if (values.isEmpty()) {
                continue;
            }
            if (o.kind == Kind.FLAG || o.kind == Kind.ONE) {
                o.apply.accept(b, values.get(0));
            } else {
                values.forEach(v -> o.apply.accept(b, v));
            }
        }
        return b.build();
    }

    /** {@link AnalysisConfig#identity()}. */
    static Map<String, String> identity(AnalysisConfig c) {
        Map<String, String> out = new TreeMap<>();
        for (AnalysisOption o : values()) {
            String v = o.identity ? o.text.apply(c) : null;
            if (v != null) {
                out.put(o.option, v);
            }
        }
        return out;
    }

    /** {@link AnalysisConfig#fromIdentity}. */
    static AnalysisConfig fromIdentity(Map<String, String> identity) {
        for (Map.Entry<String, String> e : identity.entrySet()) {
            AnalysisOption o = named(e.getKey()).filter(AnalysisOption::identity)
                    .orElseThrow(() -> new ConfigException("analyze: Unrecognized option: --" + e.getKey()));
            if (o.kind == Kind.FLAG && !e.getValue().isEmpty()) {
                throw new ConfigException("--" + o.option + " " + e.getValue() + ": takes no value");
            }
        }
        return config(name -> {
            String v = identity.get(name);
            if (v == null) {
                return List.of();
            }
            return named(name).orElseThrow().kind == Kind.COMMA_LIST_IN_IDENTITY ? List.of(v.split(",")) : List.of(v);
        });
    }

    /** {@code --port} values: each a comma-separated list of ports, refused as given. */
    private static void ports(AnalysisConfigBuilder b, String value) {
        for (String p : value.split(",")) {
            int n = OptionValues.integer("--port", p);
            if (n < 1 || n > 65535) {
                throw new ConfigException("--port", p, "not a TCP port (1-65535)");
            }
            b.ports(n);
        }
    }

    private static String text(Integer n) {
        return n == null ? null : n.toString();
    }

    private static String flag(boolean given) {
        return given ? "" : null;
    }

    private static String join(List<?> values) {
        List<String> out = new ArrayList<>();
        values.forEach(v -> out.add(String.valueOf(v)));
        return values.isEmpty() ? null : String.join(",", out);
    }
}
