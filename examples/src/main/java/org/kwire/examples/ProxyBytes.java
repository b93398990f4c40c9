package org.kwire.examples;

import org.kwire.api.ConnectionDecoder;
import org.kwire.api.ConnectionListener;
import org.kwire.api.DecodedFrame;
import org.kwire.api.KafkaExchange;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.Consumer;

/**
 * (e) The raw bytes of one connection as a proxy reads them, both directions, in any cuts (half a frame, three
 * frames), through kwire's stream decoder into frames and request/response exchanges matched by correlation_id.
 * Stateless, thread-safe (each call decodes on its own).
 */
public final class ProxyBytes {

    private ProxyBytes() {
    }

    /**
     * One read of the proxy.
     *
     * @param fromClient true for bytes the client sent, false for the broker's
     * @param bytes      the bytes read, {@code position()} to {@code limit()} (copied by the decoder)
     */
    public record Read(boolean fromClient, ByteBuffer bytes) {
    }

    /**
     * Decodes the connection's reads, given in the order the proxy made them, as one connection from its start.
     *
     * @param reads     the proxy's reads of both directions, in order
     * @param frames    hears every request and response frame, decoded, in stream order
     * @param exchanges hears each request with its response when the response arrives (a Produce with acks=0, which
     *                  is never answered, when it is seen; requests still waiting, at the end)
     */
    public static void decode(List<Read> reads, Consumer<DecodedFrame> frames, Consumer<KafkaExchange> exchanges) {
        // user code (9 lines, 4 kwire types: ConnectionDecoder, ConnectionListener, DecodedFrame, KafkaExchange)
        try (ConnectionDecoder connection = ConnectionDecoder.create(ConnectionListener.of(frames, exchanges))) {
            for (Read read : reads) {
                if (read.fromClient()) {
                    connection.fromClient(read.bytes());
                } else {
                    connection.fromBroker(read.bytes());
                }
            }
        }
        // end of user code
    }
}
