package org.kwire.analysis;

import org.kwire.conversation.KafkaConversation;
import org.kwire.tcp.TcpConnection;
import org.kwire.tcp.TcpStreamHandler;
import org.kwire.tls.TlsFacts;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
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
 * else the lower port. It watches every connection through {@link #wrap} (counting payload bytes, looking at their
 * first bytes) and learns which ones are Kafka through {@link #observer}. Memory: one entry per connection while it
 * is open, one per server port after.
 */
public final class TrafficCensus {

    /** Ports named in the verdict at most. */
    static final int MAX_PORTS = 5;
    private static final int SNIFF = 8;
    private static final String[] HTTP_STARTS = {"GET ", "POST ", "PUT ", "HEAD ", "DELETE ", "OPTIONS ", "PATCH ",
            "CONNECT ", "HTTP/1.", "PRI * HTTP/2"};

    /** What one connection carried, as far as the census can tell. */
    enum Kind {
        KAFKA("Kafka"), TLS("TLS"), HTTP("HTTP"), OTHER("unrecognised"), EMPTY("no payload");

        final String label;

        Kind(String label) {
            this.label = label;
        }
    }

    private final Set<Integer> brokerPorts;
    private final Map<Integer, Connection> open = new HashMap<>();
    /** Per server port, then per kind: connections and payload bytes. */
    private final Map<Integer, Map<Kind, long[]>> ports = new TreeMap<>();
    private long kafkaConnections;

    private final class Connection {
        final int port;
        Kind kind;
        long bytes;
        final byte[] start = new byte[SNIFF];
        int started;

        Connection(int port) {
            this.port = port;
        }

        void data(ByteBuffer data) {
            bytes += data.remaining();
            for (int i = data.position(); i < data.limit() && started < SNIFF; i++) {
                start[started++] = data.get(i);
            }
        }

        Kind judge() {
            if (kind != null) {
                return kind;
            }
            if (started == 0) {
                return Kind.EMPTY;
            }
            if (started >= 5 && KafkaStreamHandler.isTlsRecord(ByteBuffer.wrap(start, 0, started).slice())) {
                return Kind.TLS;
            }
            String text = new String(start, 0, started, StandardCharsets.ISO_8859_1);
            for (String h : HTTP_STARTS) {
                if (h.startsWith(text) || text.startsWith(h.substring(0, Math.min(h.length(), started)))) {
                    return Kind.HTTP;
                }
            }
            return Kind.OTHER;
        }
    }

    /** @param brokerPorts the {@code --port} values */
    public TrafficCensus(Set<Integer> brokerPorts) {
        this.brokerPorts = Set.copyOf(brokerPorts);
    }

    /** Watches one connection: its handler's events pass through unchanged. */
    TcpStreamHandler wrap(TcpConnection tcp, TcpStreamHandler inner) {
        int port = tcp.synSeen() || brokerPorts.contains(tcp.b().port()) && !brokerPorts.contains(tcp.a().port())
                ? tcp.b().port() : brokerPorts.contains(tcp.a().port()) ? tcp.a().port()
                : Math.min(tcp.a().port(), tcp.b().port());
        Connection c = new Connection(port);
        open.put(tcp.stream(), c);
        return new TcpStreamHandler() {
            @Override
            public void onData(boolean fromA, ByteBuffer data, long timestampNanos, long packet) {
                c.data(data);
                inner.onData(fromA, data, timestampNanos, packet);
            }

            @Override
            public void onGap(boolean fromA, long bytes, String reason, long packet) {
                inner.onGap(fromA, bytes, reason, packet);
            }

            @Override
            public void onEndGap(boolean fromA, long bytes, long packet) {
                inner.onEndGap(fromA, bytes, packet);
            }

            @Override
            public void onNote(boolean fromA, long packet, String text) {
                inner.onNote(fromA, packet, text);
            }

            @Override
            public void onShed(long packet) {
                inner.onShed(packet);
                counted();
            }

            @Override
            public void onEnd(long packet) {
                inner.onEnd(packet);
                counted();
            }

            private void counted() {
                open.remove(tcp.stream());
                long[] n = ports.computeIfAbsent(c.port, p -> new TreeMap<>()).computeIfAbsent(c.judge(), k -> new long[2]);
                n[0]++;
                n[1] += c.bytes;
            }
        };
    }

    /** An observer that marks Kafka connections, then tells {@code next}. */
    ConnectionObserver observer(ConnectionObserver next) {
        return new ConnectionObserver() {
            @Override
            public void kafka(KafkaConversation conversation) {
                Connection c = open.get(conversation.id());
                if (c != null) {
                    c.kind = Kind.KAFKA;
                }
                kafkaConnections++;
                next.kafka(conversation);
            }

            @Override
            public void other(int stream, String client, String broker, String protocol) {
                next.other(stream, client, broker, protocol);
            }

            @Override
            public void closed(int stream, String protocol) {
                next.closed(stream, protocol);
            }

            @Override
            public void tls(int stream, String client, String broker, TlsFacts facts) {
                next.tls(stream, client, broker, facts);
            }

            @Override
            public void gap(int stream, long bytes, String reason) {
                next.gap(stream, bytes, reason);
            }
        };
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
                + (tls ? ". TLS is encrypted: Kafka inside it is seen only with its key log (--tls-keylog FILE)" : "")
                + (silent.size() == brokerPorts.size() ? ". Is --port right?" : "");
    }

    private static long bytes(Map<Kind, long[]> kinds) {
        return kinds.values().stream().mapToLong(n -> n[1]).sum();
    }

    /** {@code TLS (7 connections, 59,312 bytes)}, several kinds joined with "and". */
    private static String describe(Map<Kind, long[]> kinds) {
        return kinds.entrySet().stream().map(e -> e.getKey().label + " (" + e.getValue()[0] + " connection"
                        + (e.getValue()[0] == 1 ? "" : "s") + ", " + String.format(Locale.ROOT, "%,d", e.getValue()[1])
                        + " bytes)")
                .collect(Collectors.joining(" and "));
    }
}
