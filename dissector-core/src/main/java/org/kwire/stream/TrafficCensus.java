package org.kwire.stream;

import org.kwire.conversation.KafkaConversation;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What the TCP traffic of a capture was, per server port, so that a capture without Kafka can say what it held
 * instead: Kafka, TLS (a TLS record header first, RFC 8446 section 5.1), HTTP (a request line or status line first),
 * other, or no payload. The server of a connection is the receiver of its SYN, else the endpoint on a broker port,
 * else the lower port. An observer of the stream stage ({@link StreamStage#observe}): it learns each connection's
 * traffic when it ends ({@link ConnectionObserver#ended}). Memory: one entry per server port.
 */
public final class TrafficCensus implements ConnectionObserver {

    /** Ports named in the verdict at most. */
    static final int MAX_PORTS = 5;
    private static final String[] HTTP_STARTS = {"GET ", "POST ", "PUT ", "HEAD ", "DELETE ", "OPTIONS ", "PATCH ",
            "CONNECT ", "HTTP/1.", "PRI * HTTP/2"};

    /** What one connection carried, as far as the census can tell. */
    enum Kind {
        KAFKA("Kafka"), TLS("TLS"), HTTP("HTTP"), OTHER("unrecognised"), EMPTY("no payload"),
        /** Payload that came after its connection ended, with no place in it: not analyzed (tcp.data_after_close). */
        LATE("payload after its connection had ended, not analyzed");

        final String label;

        Kind(String label) {
            this.label = label;
        }
    }

    private final Set<Integer> brokerPorts;
    /** Per server port, then per kind: connections and payload bytes. */
    private final Map<Integer, Map<Kind, long[]>> ports = new TreeMap<>();
    private long kafkaConnections;

    /** @param brokerPorts the {@code --port} values */
    public TrafficCensus(Set<Integer> brokerPorts) {
        this.brokerPorts = Set.copyOf(brokerPorts);
    }

    @Override
    public void kafka(KafkaConversation conversation) {
        kafkaConnections++;
    }

    @Override
    public void ended(ConnectionTraffic t) {
        long[] n = ports.computeIfAbsent(serverPort(t.connection()), p -> new TreeMap<>())
                .computeIfAbsent(judge(t), k -> new long[2]);
        n[0]++;
        n[1] += t.payloadBytes();
    }

    /** Payload after a connection ended counts on its port, apart: the port did carry it, unanalyzed. */
    @Override
    public void afterClose(StreamConnection connection, boolean fromA, long bytes, boolean first) {
        long[] n = ports.computeIfAbsent(serverPort(connection), p -> new TreeMap<>()).computeIfAbsent(Kind.LATE,
                k -> new long[2]);
        n[0] += first ? 1 : 0;
        n[1] += bytes;
    }

    private int serverPort(StreamConnection tcp) {
        return tcp.synSeen() || brokerPorts.contains(tcp.bPort()) && !brokerPorts.contains(tcp.aPort())
                ? tcp.bPort() : brokerPorts.contains(tcp.aPort()) ? tcp.aPort() : Math.min(tcp.aPort(), tcp.bPort());
    }

    private static Kind judge(ConnectionTraffic t) {
        byte[] start = t.firstBytes();
        if (t.kafka()) {
            return Kind.KAFKA;
        }
        if (start.length == 0) {
            return Kind.EMPTY;
        }
        if (start.length >= 5 && StreamDecoder.isTlsRecord(ByteBuffer.wrap(start))) {
            return Kind.TLS;
        }
        String text = new String(start, StandardCharsets.ISO_8859_1);
        for (String h : HTTP_STARTS) {
            if (h.startsWith(text) || text.startsWith(h.substring(0, Math.min(h.length(), start.length)))) {
                return Kind.HTTP;
            }
        }
        return Kind.OTHER;
    }

    /**
     * What the census counted, to merge with the census of other slices: per server port, per kind
     * ({@code KAFKA}, {@code TLS}, {@code HTTP}, {@code OTHER}, {@code EMPTY}), connections and payload bytes; and the
     * connections found to carry Kafka.
     */
    public record Counts(Map<Integer, Map<String, long[]>> ports, long kafkaConnections) {

        /** The sum of two censuses. */
        public Counts merge(Counts o) {
            Map<Integer, Map<String, long[]>> out = new TreeMap<>();
            for (Counts c : List.of(this, o)) {
                c.ports.forEach((port, kinds) -> kinds.forEach((kind, n) -> {
                    long[] sum = out.computeIfAbsent(port, p -> new TreeMap<>()).computeIfAbsent(kind, k -> new long[2]);
                    sum[0] += n[0];
                    sum[1] += n[1];
                }));
            }
            return new Counts(out, kafkaConnections + o.kafkaConnections);
        }
    }

    /** What was counted so far. */
    public Counts counts() {
        Map<Integer, Map<String, long[]>> out = new TreeMap<>();
        ports.forEach((port, kinds) -> kinds.forEach((kind, n) ->
                out.computeIfAbsent(port, p -> new TreeMap<>()).put(kind.name(), n.clone())));
        return new Counts(out, kafkaConnections);
    }

    /** A census holding these counts (for the verdict of merged slices). */
    public static TrafficCensus of(Set<Integer> brokerPorts, Counts counts) {
        TrafficCensus c = new TrafficCensus(brokerPorts);
        counts.ports().forEach((port, kinds) -> kinds.forEach((kind, n) ->
                c.ports.computeIfAbsent(port, p -> new TreeMap<>()).put(Kind.valueOf(kind), n.clone())));
        c.kafkaConnections = counts.kafkaConnections();
        return c;
    }

    /**
     * After the capture ended: null if some connection carried Kafka; else one sentence saying what the capture held
     * instead, e.g. {@code no Kafka traffic found: port 9095 carried TLS (7 connections, 42,526 bytes). TLS is
     * encrypted: Kafka inside it is seen only with its key log (--tls-keylog FILE)}; or {@code ... nothing on port 9092; the TCP traffic was on port 9095:
     * TLS (7 connections, 42,526 bytes) ... Is --port right?}. Other ports are named by bytes, the busiest first.
     *
     * @param packets packets the capture held
     */
    public String verdict(long packets) {
        return verdict(packets, false);
    }

    /**
     * {@link #verdict(long)}, told whether a key log was given: then TLS is said to have stayed encrypted because the
     * key log held no secret for its connections (the report's {@code tls} section says why, per connection).
     */
    public String verdict(long packets, boolean keyLogGiven) {
        if (kafkaConnections > 0) {
            return null;
        }
        if (ports.isEmpty()) {
            return "no Kafka traffic found: " + (packets == 0 ? "the capture holds no packets"
                    : "none of its " + packets + " packets belongs to a TCP connection");
        }
        List<String> parts = new ArrayList<>();
        List<Integer> silent = new ArrayList<>();
        for (int port : new TreeSet<>(brokerPorts)) {
            Map<Kind, long[]> kinds = ports.get(port);
            if (kinds == null) {
                silent.add(port);
            } else {
                parts.add("port " + port + " carried " + describe(kinds));
            }
        }
        if (!silent.isEmpty()) {
            parts.add("nothing on port" + (silent.size() > 1 ? "s " : " ")
                    + silent.stream().map(String::valueOf).collect(Collectors.joining(", ")));
        }
        List<Map.Entry<Integer, Map<Kind, long[]>>> others = new ArrayList<>();
        ports.entrySet().stream().filter(e -> !brokerPorts.contains(e.getKey())).forEach(others::add);
        others.sort(Comparator.comparingLong((Map.Entry<Integer, Map<Kind, long[]>> e) -> -bytes(e.getValue()))
                .thenComparing(Map.Entry::getKey));
        if (!others.isEmpty()) {
            StringBuilder top = new StringBuilder(silent.size() == brokerPorts.size() ? "the TCP traffic was on "
                    : "other TCP traffic on ");
            for (int i = 0; i < Math.min(MAX_PORTS, others.size()); i++) {
                Map.Entry<Integer, Map<Kind, long[]>> e = others.get(i);
                top.append(i == 0 ? "" : ", ").append("port ").append(e.getKey()).append(": ").append(describe(e.getValue()));
            }
            if (others.size() > MAX_PORTS) {
                top.append(" and ").append(others.size() - MAX_PORTS).append(" more ports");
            }
            parts.add(top.toString());
        }
        boolean tls = ports.values().stream().anyMatch(k -> k.containsKey(Kind.TLS));
        return "no Kafka traffic found: " + String.join("; ", parts)
                + (!tls ? "" : keyLogGiven ? ". TLS stayed encrypted: the key log given decrypted none of it (the tls section "
                        + "of the report says why, per connection)" : ". TLS is encrypted: Kafka inside it is seen only with its key "
                        + "log (--tls-keylog FILE)")
                + (silent.size() == brokerPorts.size() ? ". Is --port right?" : "");
    }

    private static long bytes(Map<Kind, long[]> kinds) {
        return kinds.values().stream().mapToLong(n -> n[1]).sum();
    }

    /** {@code TLS (7 connections, 59,312 bytes)}, several kinds joined with "and". */
    private static String describe(Map<Kind, long[]> kinds) {
        boolean late = kinds.containsKey(Kind.LATE);
        return kinds.entrySet().stream().map(e -> (late && e.getKey() == Kind.EMPTY ? "no payload while open"
                        : e.getKey().label) + " (" + e.getValue()[0] + " connection"
                        + (e.getValue()[0] == 1 ? "" : "s") + ", " + String.format(Locale.ROOT, "%,d", e.getValue()[1])
                        + " bytes)")
                .collect(Collectors.joining(" and "));
    }
}
