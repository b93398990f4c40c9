package org.kwire.partial;

import org.kwire.capture.CaptureTap;
import org.kwire.tcp.ForwardingStreamHandler;
import org.kwire.tcp.TcpConnection;
import org.kwire.tcp.TcpStreamHandler;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Notes every TCP connection of a slice as the boundary section of its partial needs it: its stream, endpoints, whether
 * its SYN was captured (else it may continue a connection of the previous file), and whether it was still open when
 * the slice's input ended (then it may go on in the next file). Wraps each connection's handler; the handler's events
 * pass through unchanged. Memory: one small entry per connection.
 */
public final class ConnectionLedger {

    private final Map<Integer, BoundaryConnection> connections = new TreeMap<>();
    private boolean inputEnded;
    private final BoundaryRecorder recorder;

    /** A ledger that keeps no boundary state. */
    public ConnectionLedger() {
        this(null);
    }

    /** @param recorder also keeps each connection's boundary state (null: none) */
    public ConnectionLedger(BoundaryRecorder recorder) {
        this.recorder = recorder;
    }

    /**
     * The tap of a slice's capture pipeline: every packet's time and every connection's first packet into
     * {@code timeline}, and every connection watched by this ledger ({@link #wrap}, {@link #started}).
     */
    public CaptureTap tap(Timeline timeline) {
        return new CaptureTap() {
            @Override
            public void packet(long timestampNanos) {
                timeline.packet(timestampNanos);
            }

            @Override
            public void connectionStarted(int stream, boolean syn) {
                timeline.connectionStarted();
                started(stream, syn);
            }

            @Override
            public TcpStreamHandler connection(TcpConnection tcp, TcpStreamHandler stream) {
                return wrap(tcp, stream);
            }
        };
    }

    /** Watches one connection. */
    public TcpStreamHandler wrap(TcpConnection tcp, TcpStreamHandler inner) {
        connections.put(tcp.stream(), new BoundaryConnection(tcp.stream(), tcp.a().toString(), tcp.b().toString(),
                false, true));
        return new ForwardingStreamHandler(recorder == null ? inner : recorder.wrap(tcp, inner)) {
            @Override
            public void onShed(long packet) {
                super.onShed(packet);
                ended(tcp);
            }

            @Override
            public void onEnd(long packet) {
                super.onEnd(packet);
                ended(tcp);
            }
        };
    }

    private void ended(TcpConnection tcp) {
        BoundaryConnection c = connections.get(tcp.stream());
        connections.put(tcp.stream(), new BoundaryConnection(c.stream(), c.a(), c.b(), c.syn(), inputEnded));
    }

    /** Told by the pipeline once a packet started the connection: whether it was a SYN without ACK. */
    public void started(int stream, boolean syn) {
        if (recorder != null) {
            recorder.started(stream, syn);
        }
        BoundaryConnection c = connections.get(stream);
        if (c != null && syn) {
            connections.put(stream, new BoundaryConnection(c.stream(), c.a(), c.b(), true, c.openAtEnd()));
        }
    }

    /** Call before ending the pipeline: connections ended from now on were open at the end of the input. */
    public void inputEnded() {
        inputEnded = true;
        if (recorder != null) {
            recorder.inputEnded();
        }
    }

    /** Every connection, ascending stream. */
    public List<BoundaryConnection> connections() {
        return List.copyOf(connections.values());
    }

    /**
     * The capture point's host addresses: the IP addresses that take part in the most connections (several on a tie).
     */
    public static List<String> hostAddresses(List<BoundaryConnection> connections) {
        Map<String, Integer> counts = new HashMap<>();
        for (BoundaryConnection c : connections) {
            counts.merge(host(c.a()), 1, Integer::sum);
            if (!host(c.b()).equals(host(c.a()))) {
                counts.merge(host(c.b()), 1, Integer::sum);
            }
        }
        int max = counts.values().stream().max(Comparator.naturalOrder()).orElse(0);
        List<String> out = new ArrayList<>();
        counts.forEach((host, n) -> {
            if (n == max) {
                out.add(host);
            }
        });
        out.sort(Comparator.naturalOrder());
        return out;
    }

    /** The address of an endpoint {@code host:port} or {@code [v6]:port}. */
    static String host(String endpoint) {
        int colon = endpoint.lastIndexOf(':');
        String h = endpoint.substring(0, Math.max(0, colon));
        return h.startsWith("[") ? h.substring(1, h.length() - 1) : h;
    }

    /** The key of a connection's 4-tuple, the same whichever end is first. */
    static String fourTuple(String x, String y) {
        return x.compareTo(y) <= 0 ? x + " " + y : y + " " + x;
    }
}
