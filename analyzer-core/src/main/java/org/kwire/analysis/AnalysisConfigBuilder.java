package org.kwire.analysis;

import org.kwire.records.RecordsOptions;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Collects the settings of an {@link AnalysisConfig} ({@link AnalysisConfig#builder()}): each setter checks its value
 * at once (a refused one is a {@link ConfigException}), and those of repeatable settings add to what was given. A
 * setting never set takes its option's default. Not thread-safe.
 */
public final class AnalysisConfigBuilder {

    /** An endpoint as reports write it: {@code host:port} or {@code [v6]:port}. */
    private static final Pattern ENDPOINT = Pattern.compile("(\\[[0-9A-Fa-f:.%a-z]+\\]|[^\\[\\]:]+):(\\d{1,5})");

    final List<Integer> ports = new ArrayList<>();
    Integer maxFrameSize;
    String schemas;
    final List<String> apis = new ArrayList<>();
    final List<String> topics = new ArrayList<>();
    final List<String> clientIds = new ArrayList<>();
    final List<String> connections = new ArrayList<>();
    final List<String> tlsKeyLogs = new ArrayList<>();
    boolean errorsOnly;
    Long minLatencyMicros;
    Integer maxDecompressed;
    boolean deep;
    boolean recordValues;
    Integer recordValueBytes;
    Integer top;
    boolean includeLongPolls;
    String targetKafka;
    Integer workers;
    Integer streamThreads;
    Long boundaryBytes;

    AnalysisConfigBuilder() {
    }

    /** Adds broker ports ({@code --port}); each 1 to 65535. */
    public AnalysisConfigBuilder ports(int... ports) {
        for (int p : ports) {
            check(p >= 1 && p <= 65535, "--port", p, "not a TCP port (1-65535)");
            this.ports.add(p);
        }
        return this;
    }

    /** {@code --max-frame-size}: at least {@value AnalysisConfig#MIN_MAX_FRAME} bytes. */
    public AnalysisConfigBuilder maxFrameSize(int bytes) {
        check(bytes >= AnalysisConfig.MIN_MAX_FRAME, "--max-frame-size", bytes, "at least " + AnalysisConfig.MIN_MAX_FRAME
                + " bytes (smaller frames cannot hold a Kafka request header and client_id)");
        maxFrameSize = bytes;
        return this;
    }

    /** {@code --schemas}: a directory of Kafka message schemas, read when the analysis starts. */
    public AnalysisConfigBuilder schemas(Path dir) {
        schemas = dir.toString();
        return this;
    }

    /** Adds APIs to keep ({@code --api}): names or api keys, checked against the schemas when the analysis starts. */
    public AnalysisConfigBuilder apis(String... namesOrKeys) {
        apis.addAll(List.of(namesOrKeys));
        return this;
    }

    /** Adds topics to keep ({@code --topic}): names, or topic ids (Kafka's base64 or the uuid form). */
    public AnalysisConfigBuilder topics(String... names) {
        topics.addAll(List.of(names));
        return this;
    }

    /** Adds client_ids to keep ({@code --client-id}). */
    public AnalysisConfigBuilder clientIds(String... ids) {
        clientIds.addAll(List.of(ids));
        return this;
    }

    /** Adds endpoints to keep ({@code --connection}): {@code host:port} or {@code [v6]:port}. */
    public AnalysisConfigBuilder connections(String... endpoints) {
        for (String c : endpoints) {
            java.util.regex.Matcher m = ENDPOINT.matcher(c);
            if (!m.matches()) {
                throw new ConfigException("--connection " + c + ": expected HOST:PORT ([v6]:PORT for IPv6)");
            }
            int port = Integer.parseInt(m.group(2));
            if (port < 1 || port > 65535) { // as --port: port 0 is no endpoint a connection has
                throw new ConfigException("--connection " + c + ": " + m.group(2) + " is not a TCP port (1-65535)");
            }
            connections.add(c);
        }
        return this;
    }

    /** {@code --errors-only}. */
    public AnalysisConfigBuilder errorsOnly(boolean errorsOnly) {
        this.errorsOnly = errorsOnly;
        return this;
    }

    /** {@code --min-latency-ms}, given in microseconds; not negative. */
    public AnalysisConfigBuilder minLatencyMicros(long micros) {
        check(micros >= 0, "--min-latency-ms", OptionValues.microsAsMillis(micros), "must not be negative");
        minLatencyMicros = micros;
        return this;
    }

    /** Adds a key log ({@code --tls-keylog}): a file, or a pipe read to its end when the analysis starts. */
    public AnalysisConfigBuilder tlsKeyLog(Path keyLog) {
        tlsKeyLogs.add(keyLog.toString());
        return this;
    }

    /** {@code --max-decompressed}: at least 1 byte. */
    public AnalysisConfigBuilder maxDecompressedBytes(int bytes) {
        check(bytes >= 1, "--max-decompressed", bytes, "at least 1 byte");
        try {
            new RecordsOptions(bytes, false, 0, 1);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(e.getMessage());
        }
        maxDecompressed = bytes;
        return this;
    }

    /** {@code --deep}. */
    public AnalysisConfigBuilder deep(boolean deep) {
        this.deep = deep;
        return this;
    }

    /** {@code --records} of {@code kwire dissect}: record keys, values and header values shown. */
    public AnalysisConfigBuilder recordValues(boolean show) {
        recordValues = show;
        return this;
    }

    /** {@code --records-max-bytes}: shown values cut at this many bytes. */
    public AnalysisConfigBuilder recordValueBytes(int bytes) {
        check(bytes >= 0, "--records-max-bytes", bytes, "must not be negative");
        recordValueBytes = bytes;
        return this;
    }

    /** {@code --top}: how many of the slowest exchanges the report lists. */
    public AnalysisConfigBuilder top(int n) {
        check(n >= 0, "--top", n, "must not be negative");
        top = n;
        return this;
    }

    /** {@code --include-long-polls}. */
    public AnalysisConfigBuilder includeLongPolls(boolean include) {
        includeLongPolls = include;
        return this;
    }

    /** {@code --target-kafka}: a release whose schemas kwire bundles (or its major.minor), checked at the start. */
    public AnalysisConfigBuilder targetKafka(String release) {
        targetKafka = release.trim();
        return this;
    }

    /** {@code --workers}: threads decoding frames while packets are read (0: none). */
    public AnalysisConfigBuilder workers(int n) {
        check(n >= 0, "--workers", n, "must not be negative");
        workers = n;
        return this;
    }

    /** {@code --stream-threads}: threads the connections are sharded over for framing and matching (1: one). */
    public AnalysisConfigBuilder streamThreads(int n) {
        check(n >= 1 && n <= AnalysisConfig.MAX_STREAM_THREADS, "--stream-threads", n,
                "must be 1 to " + AnalysisConfig.MAX_STREAM_THREADS);
        streamThreads = n;
        return this;
    }

    /** {@code --boundary-bytes}: state kept per connection at a slice's edges, bytes. */
    public AnalysisConfigBuilder boundaryBytes(long bytes) {
        check(bytes >= 0, "--boundary-bytes", bytes, "must not be negative");
        boundaryBytes = bytes;
        return this;
    }

    AnalysisConfigBuilder schemas(String dir) {
        schemas = dir;
        return this;
    }

    AnalysisConfigBuilder tlsKeyLog(String keyLog) {
        tlsKeyLogs.add(keyLog);
        return this;
    }

    /** The settings. */
    public AnalysisConfig build() {
        return new AnalysisConfig(this);
    }

    private static void check(boolean ok, String option, Object value, String problem) {
        if (!ok) {
            throw new ConfigException(option, String.valueOf(value), problem);
        }
    }
}
