package org.kwire.analysis;

import org.kwire.partial.BoundaryRecorder;
import org.kwire.partial.Partial;
import org.kwire.records.RecordsOptions;
import org.kwire.report.ReportBuilder;
import org.kwire.report.ReportOptions;
import org.kwire.stream.StreamOptions;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The settings of one analysis, typed and checked: broker ports, frame and decompression limits, extra schemas, the
 * exchange filter, TLS key logs, the report's options, and how a run is done (workers, boundary bytes). Each setting
 * is the value of a {@code kwire analyze} option ({@link AnalysisOption} names them); a setting not given takes the
 * option's default. Made by a builder ({@link #builder()}), by the options of a command line ({@link AnalysisOption#config}), or
 * from a partial's {@link Partial#analysis()} ({@link #fromIdentity}).
 * <p>
 * {@link #identity()} is what two partials must share to be merged: the settings that change what an analysis finds,
 * those given only. Immutable, thread-safe and serializable (a Spark job ships it to its tasks).
 */
public final class AnalysisConfig implements Serializable {

    private static final long serialVersionUID = 1L;
    /** Smallest {@code --max-frame-size}: bytes enough for a request header with a short client_id. */
    public static final int MIN_MAX_FRAME = 64;
    /** Most stream threads ({@code --stream-threads}): each takes every batch of events and skips most of them. */
    public static final int MAX_STREAM_THREADS = 16;

    // as given (null or empty: not given), in the order given; read by AnalysisOption for the identity
    final List<Integer> ports;
    final Integer maxFrameSize;
    final String schemas;
    final List<String> apis;
    final List<String> topics;
    final List<String> clientIds;
    final List<String> connections;
    final List<String> tlsKeyLogs;
    final boolean errorsOnly;
    final Long minLatencyMicros;
    final Integer maxDecompressed;
    final boolean deep;
    final boolean recordValues;
    final Integer recordValueBytes;
    final Integer top;
    final boolean includeLongPolls;
    final String targetKafka;
    final Integer workers;
    final Integer streamThreads;
    final Long boundaryBytes;

    AnalysisConfig(AnalysisConfigBuilder b) {
        ports = List.copyOf(b.ports);
        maxFrameSize = b.maxFrameSize;
        schemas = b.schemas;
        apis = List.copyOf(b.apis);
        topics = List.copyOf(b.topics);
        clientIds = List.copyOf(b.clientIds);
        connections = List.copyOf(b.connections);
        tlsKeyLogs = List.copyOf(b.tlsKeyLogs);
        errorsOnly = b.errorsOnly;
        minLatencyMicros = b.minLatencyMicros;
        maxDecompressed = b.maxDecompressed;
        deep = b.deep;
        recordValues = b.recordValues;
        recordValueBytes = b.recordValueBytes;
        top = b.top;
        includeLongPolls = b.includeLongPolls;
        targetKafka = b.targetKafka;
        workers = b.workers;
        streamThreads = b.streamThreads;
        boundaryBytes = b.boundaryBytes;
    }

    /** A builder with nothing given: every setting its default. */
    public static AnalysisConfigBuilder builder() {
        return new AnalysisConfigBuilder();
    }

    /** Every setting its default (what {@code kwire analyze} does with no option). */
    public static AnalysisConfig defaults() {
        return builder().build();
    }

    /**
     * The settings of a partial's analysis ({@link Partial#analysis()}, as {@link #identity()} wrote them).
     *
     * @throws ConfigException if a name is not an analysis option or a value is refused
     */
    public static AnalysisConfig fromIdentity(Map<String, String> identity) {
        return AnalysisOption.fromIdentity(identity);
    }

    /**
     * The settings that change what an analysis finds, those given only, by option name ({@code port},
     * {@code max-frame-size}, ...) in name order; values as option text, several joined by commas, flags as
     * {@code ""}. Partials of the same analysis have equal identities ({@link Partial#analysis()}).
     */
    public Map<String, String> identity() {
        return AnalysisOption.identity(this);
    }

    /** TCP ports of the brokers, each once in the order given; {@value StreamOptions#DEFAULT_PORT} if none was. */
    public Set<Integer> brokerPorts() {
        return ports.isEmpty() ? Set.of(StreamOptions.DEFAULT_PORT) : Collections.unmodifiableSet(new LinkedHashSet<>(ports));
    }

    /** The largest Kafka frame decoded, bytes; larger ones are skipped by their size. */
    public int maxFrameSize() {
        return maxFrameSize == null ? StreamOptions.DEFAULT_MAX_FRAME : maxFrameSize;
    }

    /** The stream stage's options: the broker ports and frame limits. */
    public StreamOptions streamOptions() {
        return new StreamOptions(brokerPorts(), maxFrameSize(), StreamOptions.DEFAULT_MAX_PENDING);
    }

    /** A directory of Kafka message schemas ({@code *.json}) used over the bundled ones, if given. */
    public Optional<Path> schemas() {
        return Optional.ofNullable(schemas).map(Path::of);
    }

    /** Only these APIs (names or api keys, resolved against the schemas when the analysis starts); empty: any. */
    public List<String> apis() {
        return apis;
    }

    /** Only exchanges naming one of these topics (names or ids); empty: any. */
    public Set<String> topics() {
        return Collections.unmodifiableSet(new LinkedHashSet<>(topics));
    }

    /** Only requests with one of these client_ids; empty: any. */
    public Set<String> clientIds() {
        return Collections.unmodifiableSet(new LinkedHashSet<>(clientIds));
    }

    /** Only connections with one of these client or broker endpoints ({@code host:port}, {@code [v6]:port}). */
    public Set<String> connections() {
        return Collections.unmodifiableSet(new LinkedHashSet<>(connections));
    }

    /** Only exchanges whose response has a non-zero error code. */
    public boolean errorsOnly() {
        return errorsOnly;
    }

    /** Only exchanges at least this slow, microseconds; -1: any. */
    public long minLatencyMicros() {
        return minLatencyMicros == null ? -1 : minLatencyMicros;
    }

    /** NSS key logs whose TLS secrets decrypt the capture, each once in the order given. */
    public List<Path> tlsKeyLogs() {
        return new LinkedHashSet<>(tlsKeyLogs).stream().map(Path::of).toList();
    }

    /** Record batch decoding: the decompression limit, and record values shown with their byte limit. */
    public RecordsOptions records() {
        return new RecordsOptions(maxDecompressed == null ? RecordsOptions.DEFAULT_MAX_DECOMPRESSED_BYTES : maxDecompressed,
                recordValues, recordValueBytes == null ? RecordsOptions.DEFAULT_MAX_VALUE_BYTES : recordValueBytes,
                RecordsOptions.DEFAULT_MAX_DEPTH);
    }

    /** True if the decompression limit was given: then a limit the heap cannot honour is refused, not worked around. */
    public boolean maxDecompressedGiven() {
        return maxDecompressed != null;
    }

    /** Record batches decompressed and their records walked; else batch headers and CRCs only. */
    public boolean deep() {
        return deep;
    }

    /** The report's options: how many slowest exchanges, long-polls counted in, the Kafka release checked against. */
    public ReportOptions reportOptions() {
        return new ReportOptions(top == null ? ReportBuilder.DEFAULT_SLOWEST : top, includeLongPolls,
                targetKafka == null ? ReportOptions.DEFAULT_TARGET : targetKafka);
    }

    /** Threads decoding frames while packets are read, if given (else the run's default). */
    public OptionalInt workers() {
        return workers == null ? OptionalInt.empty() : OptionalInt.of(workers);
    }

    /** Threads the connections are sharded over for the stream stage, if given (else the run's default). */
    public OptionalInt streamThreads() {
        return streamThreads == null ? OptionalInt.empty() : OptionalInt.of(streamThreads);
    }

    /** A slice's state kept per TCP connection at its edges at most, bytes, to join connections across files. */
    public long boundaryBytes() {
        return boundaryBytes == null ? BoundaryRecorder.DEFAULT_CAP : boundaryBytes;
    }
}
