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
