package org.kwire.cli;

import org.apache.kafka.common.message.RequestHeaderData;
import org.apache.kafka.common.message.ResponseHeaderData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.Message;
import org.apache.kafka.common.protocol.ObjectSerializationCache;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes classic pcaps (Ethernet, IPv4, TCP without options) of TCP connections between any endpoints, their bytes
 * given as they went over the wire, each segment a millisecond after the one before; and Kafka frames made with
 * Kafka's own generated {@code *Data} classes and header versions ({@link #request}, {@link #response}).
 */
final class CraftedPcap {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private long micros;

    CraftedPcap() {
        out.writeBytes(ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN).putInt(0xa1b2c3d4).putShort((short) 2)
                .putShort((short) 4).putInt(0).putInt(0).putInt(65535).putInt(1).array());
    }

    /** One TCP connection of this capture: client 127.0.0.{clientHost}:{clientPort}, server 127.0.0.1:{serverPort}. */
    Connection connection(int clientHost, int clientPort, int serverPort) {
        return new Connection(0x7f000000 | clientHost, clientPort, 0x7f000001, serverPort);
    }

    /** The capture so far. */
    byte[] bytes() {
        return out.toByteArray();
    }

    Path write(Path file) throws IOException {
        return Files.write(file, bytes());
    }

    /** A size-prefixed request frame: Kafka's request header for the version, then {@code body}. */
    static byte[] request(Message body, ApiKeys api, int version, String clientId, int correlationId) {
        RequestHeaderData h = new RequestHeaderData().setRequestApiKey(api.id).setRequestApiVersion((short) version)
                .setClientId(clientId).setCorrelationId(correlationId);
        return frame(h, api.requestHeaderVersion((short) version), body, version);
    }

    /** A size-prefixed response frame: Kafka's response header for the version, then {@code body}. */
    static byte[] response(Message body, ApiKeys api, int version, int correlationId) {
        ResponseHeaderData h = new ResponseHeaderData().setCorrelationId(correlationId);
        return frame(h, api.responseHeaderVersion((short) version), body, version);
    }

    private static byte[] frame(Message header, short headerVersion, Message body, int version) {
        ObjectSerializationCache cache = new ObjectSerializationCache();
        int size = header.size(cache, headerVersion) + body.size(cache, (short) version);
        ByteBuffer b = ByteBuffer.allocate(4 + size).putInt(size);
        ByteBufferAccessor w = new ByteBufferAccessor(b);
        header.write(w, cache, headerVersion);
        body.write(w, cache, (short) version);
        return b.array();
    }

    /** Concatenates byte arrays (frames into one segment). */
    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            b.writeBytes(p);
        }
        return b.toByteArray();
    }

    /** One connection's packets, with their sequence numbers kept per direction. */
    final class Connection {
        private final int clientIp;
        private final int clientPort;
        private final int serverIp;
        private final int serverPort;
        private long clientSeq = 1000;
        private long serverSeq = 5000;

        private Connection(int clientIp, int clientPort, int serverIp, int serverPort) {
            this.clientIp = clientIp;
            this.clientPort = clientPort;
            this.serverIp = serverIp;
            this.serverPort = serverPort;
        }

        /** The handshake: SYN, SYN-ACK. */
        Connection handshake() {
            packet(true, 0x02, new byte[0]);
            clientSeq++;
            packet(false, 0x12, new byte[0]);
            serverSeq++;
            return this;
        }

        /** A segment from the client (PSH, ACK). */
        Connection client(byte[] data) {
            packet(true, 0x18, data);
            clientSeq += data.length;
            return this;
        }

        /** A segment from the server (PSH, ACK). */
        Connection server(byte[] data) {
            packet(false, 0x18, data);
            serverSeq += data.length;
            return this;
        }

        /** Bytes of the client the capture lost: its sequence numbers move on, no packet is written. */
        Connection clientLost(int bytes) {
            clientSeq += bytes;
            return this;
        }

        /** Bytes of the server the capture lost. */
        Connection serverLost(int bytes) {
            serverSeq += bytes;
            return this;
        }

        /** A FIN (with ACK) from the client or the server: it takes one sequence number. */
        Connection fin(boolean fromClient) {
            packet(fromClient, 0x11, new byte[0]);
            if (fromClient) {
                clientSeq++;
            } else {
                serverSeq++;
            }
            return this;
        }

        /** A RST (with ACK) from the client or the server. */
        Connection rst(boolean fromClient) {
            packet(fromClient, 0x14, new byte[0]);
            return this;
        }

        /**
         * A segment from the server at {@code back} bytes before its next sequence number (bytes {@link #serverLost}
         * skipped, captured late): its sequence numbers do not move.
         */
        Connection serverLate(int back, byte[] data) {
            serverSeq -= back;
            packet(false, 0x18, data);
            serverSeq += back;
            return this;
        }

        /** The capture of this connection (to go on with another). */
        CraftedPcap capture() {
            return CraftedPcap.this;
        }

        private void packet(boolean fromClient, int flags, byte[] data) {
            ByteBuffer p = ByteBuffer.allocate(14 + 20 + 20 + data.length);
            p.put(new byte[12]).putShort((short) 0x0800);
            p.put((byte) 0x45).put((byte) 0).putShort((short) (40 + data.length)).putInt(0).put((byte) 64).put((byte) 6)
                    .putShort((short) 0).putInt(fromClient ? clientIp : serverIp).putInt(fromClient ? serverIp : clientIp);
            p.putShort((short) (fromClient ? clientPort : serverPort)).putShort((short) (fromClient ? serverPort : clientPort))
                    .putInt((int) (fromClient ? clientSeq : serverSeq)).putInt((int) (fromClient ? serverSeq : clientSeq))
                    .put((byte) 0x50).put((byte) flags).putShort((short) 65535).putInt(0).put(data);
            micros += 1000;
            out.writeBytes(ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putInt(1_700_000_000 + (int) (micros / 1_000_000))
                    .putInt((int) (micros % 1_000_000)).putInt(p.capacity()).putInt(p.capacity()).array());
            out.writeBytes(p.array());
        }
    }
}
