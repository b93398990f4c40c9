package org.kwire.cli;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Writes a classic pcap (little-endian, microseconds, Ethernet) of TCP connections 127.0.0.1 -> 127.0.0.1 to one
 * broker port: IPv4 without options or checksums, TCP without options, data in segments of at most 16,000 bytes.
 */
final class LoopbackPcap {

    private static final int MSS = 16_000;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final int brokerPort;
    private long micros;

    LoopbackPcap(int brokerPort) {
        this.brokerPort = brokerPort;
        out.writeBytes(ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN).putInt(0xa1b2c3d4).putShort((short) 2)
                .putShort((short) 4).putInt(0).putInt(0).putInt(262_144).putInt(1).array());
    }

    /** The pcap so far. */
    ByteArrayOutputStream out() {
        return out;
    }

    /** A new connection from {@code clientPort}: its three-way handshake. */
    Flow flow(int clientPort) {
        Flow f = new Flow(clientPort);
        f.packet(true, 0x02, new byte[0], 0, 0, 100);
        f.clientSeq++;
        f.packet(false, 0x12, new byte[0], 0, 0, 100);
        f.brokerSeq++;
        f.packet(true, 0x10, new byte[0], 0, 0, 100);
        return f;
    }

    /** One TCP connection: its sequence numbers each way. */
    final class Flow {
        private final int clientPort;
        private long clientSeq = 1000;
        private long brokerSeq = 5000;

        Flow(int clientPort) {
            this.clientPort = clientPort;
        }

        /** The bytes from one side in segments of at most 16,000 bytes, the first {@code after} µs later. */
        void send(boolean fromClient, byte[] data, long after) {
            for (int off = 0; off < data.length; off += MSS) {
                int len = Math.min(MSS, data.length - off);
                packet(fromClient, 0x18, data, off, len, off == 0 ? after : 10);
                if (fromClient) {
                    clientSeq += len;
                } else {
                    brokerSeq += len;
                }
            }
        }

        /** FIN each way, the last ACK. */
        void close() {
            packet(true, 0x11, new byte[0], 0, 0, 100);
            clientSeq++;
            packet(false, 0x11, new byte[0], 0, 0, 100);
            brokerSeq++;
            packet(true, 0x10, new byte[0], 0, 0, 100);
        }

        private void packet(boolean fromClient, int flags, byte[] data, int off, int len, long after) {
            micros += after;
            ByteBuffer p = ByteBuffer.allocate(14 + 20 + 20 + len);
            p.put(new byte[12]).putShort((short) 0x0800);
            p.put((byte) 0x45).put((byte) 0).putShort((short) (40 + len)).putInt(0).put((byte) 64).put((byte) 6)
                    .putShort((short) 0).putInt(0x7f000001).putInt(0x7f000001);
            p.putShort((short) (fromClient ? clientPort : brokerPort)).putShort((short) (fromClient ? brokerPort : clientPort))
                    .putInt((int) (fromClient ? clientSeq : brokerSeq)).putInt((int) (fromClient ? brokerSeq : clientSeq))
                    .put((byte) 0x50).put((byte) flags).putShort((short) 65535).putInt(0).put(data, off, len);
            out.writeBytes(ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putInt(1_700_000_000 + (int) (micros / 1_000_000))
                    .putInt((int) (micros % 1_000_000)).putInt(p.capacity()).putInt(p.capacity()).array());
            out.writeBytes(p.array());
        }
    }
}
