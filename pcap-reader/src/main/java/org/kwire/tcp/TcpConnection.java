package org.kwire.tcp;

import org.kwire.net.Endpoint;

/**
 * A TCP connection: a 4-tuple from its SYN (or first packet) to its close or the end of the capture. Endpoint A is the
 * side that sent the SYN when the handshake was captured, else the source of the first packet seen.
 */
public final class TcpConnection {

    private final int stream;
    private final Endpoint a;
    private final Endpoint b;
    private final boolean synSeen;

    TcpConnection(int stream, Endpoint a, Endpoint b, boolean synSeen) {
        this.stream = stream;
        this.a = a;
        this.b = b;
        this.synSeen = synSeen;
    }

    /**
     * A connection whose analysis resumes mid-stream at a point known to be a frame boundary in both directions (a
     * partial's boundary replayed at a merge): it counts as started there, {@code a} the client.
     */
    public static TcpConnection resumed(int stream, Endpoint a, Endpoint b) {
        return new TcpConnection(stream, a, b, true);
    }

    /** A connection as the TCP stage makes it (a partial's boundary replayed at a merge, as its slice saw it). */
    public static TcpConnection of(int stream, Endpoint a, Endpoint b, boolean synSeen) {
        return new TcpConnection(stream, a, b, synSeen);
    }

    /** Stream number, 0-based in order of first packet (Wireshark's tcp.stream). */
    public int stream() {
        return stream;
    }

    /** The initiator (SYN sender) or, without a captured handshake, the first packet's source. */
    public Endpoint a() {
        return a;
    }

    /** The other endpoint. */
    public Endpoint b() {
        return b;
    }

    /** True if the connection's SYN was captured, so A is certainly the client and both streams start at byte 0. */
    public boolean synSeen() {
        return synSeen;
    }

    @Override
    public String toString() {
        return "stream " + stream + " " + a + " -> " + b;
    }
}
