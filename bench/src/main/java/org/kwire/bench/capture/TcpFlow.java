package org.kwire.bench.capture;

import java.util.ArrayDeque;

/**
 * One synthetic TCP connection between a client and a broker: the packets of its handshake, its data (cut at the
 * maximum segment size, each Kafka frame starting a new segment, the receiver acknowledging every second segment and
 * the last one of each frame) and its close, with consistent sequence and acknowledgment numbers. Packets wait in a
 * queue until the capture writes them, so that connections interleave.
 */
final class TcpFlow {

    static final int FIN = 0x01;
    static final int SYN = 0x02;
    static final int PSH = 0x08;
    static final int ACK = 0x10;

    /**
     * One packet of the flow.
     *
     * @param fromClient sent by the client
     * @param flags      TCP flags
     * @param seq        sequence number (32-bit)
     * @param ack        acknowledgment number (32-bit), 0 without ACK
     * @param data       bytes holding the payload
     * @param offset     first payload byte in {@code data}
     * @param length     payload bytes
     */
    record Segment(boolean fromClient, int flags, long seq, long ack, byte[] data, int offset, int length) {
    }

    private static final byte[] NONE = new byte[0];

    final int clientIp;
    final int serverIp;
    final int clientPort;
    final int serverPort;
    private final int mss;
    private final ArrayDeque<Segment> queue = new ArrayDeque<>();
    private long clientNext;
    private long serverNext;
    private int clientIpId;
    private int serverIpId;

    /**
     * @param clientIsn initial sequence number of the client, the server's is derived from it
     * @param mss       most payload bytes per segment
     */
    TcpFlow(int clientIp, int clientPort, int serverIp, int serverPort, long clientIsn, int mss) {
        this.clientIp = clientIp;
        this.clientPort = clientPort;
        this.serverIp = serverIp;
        this.serverPort = serverPort;
        this.mss = mss;
        this.clientNext = clientIsn & 0xffffffffL;
        this.serverNext = (clientIsn * 0x9E3779B9L) & 0xffffffffL;
    }

    /** The next packet to write, or null if none waits. */
    Segment poll() {
        return queue.poll();
    }

    /** True if no packet waits. */
    boolean idle() {
        return queue.isEmpty();
    }

    /** The IPv4 identification of the next packet from one side. */
    int nextIpId(boolean fromClient) {
        return fromClient ? clientIpId++ & 0xffff : serverIpId++ & 0xffff;
    }

    /** Queues the three-way handshake. */
    void open() {
        queue.add(new Segment(true, SYN, clientNext, 0, NONE, 0, 0));
        clientNext = advance(clientNext, 1);
        queue.add(new Segment(false, SYN | ACK, serverNext, clientNext, NONE, 0, 0));
        serverNext = advance(serverNext, 1);
        control(true, ACK);
    }

    /** Queues one Kafka frame from one side and the other side's acknowledgments. */
    void send(boolean fromClient, byte[] frame) {
        int segments = 0;
        for (int off = 0; off < frame.length; off += mss) {
            int len = Math.min(mss, frame.length - off);
            boolean last = off + len == frame.length;
            long seq = fromClient ? clientNext : serverNext;
            queue.add(new Segment(fromClient, ACK | (last ? PSH : 0), seq, fromClient ? serverNext : clientNext, frame, off, len));
            if (fromClient) {
                clientNext = advance(clientNext, len);
            } else {
                serverNext = advance(serverNext, len);
            }
            if (++segments % 2 == 0 || last) {
                control(!fromClient, ACK);
            }
        }
    }

    /** Queues the close: the client's FIN, the broker's FIN, the client's last ACK. */
    void close() {
        control(true, FIN | ACK);
        clientNext = advance(clientNext, 1);
        control(false, FIN | ACK);
        serverNext = advance(serverNext, 1);
        control(true, ACK);
    }

    private void control(boolean fromClient, int flags) {
        queue.add(new Segment(fromClient, flags, fromClient ? clientNext : serverNext, fromClient ? serverNext : clientNext,
                NONE, 0, 0));
    }

    private static long advance(long seq, long n) {
        return (seq + n) & 0xffffffffL;
    }
}
