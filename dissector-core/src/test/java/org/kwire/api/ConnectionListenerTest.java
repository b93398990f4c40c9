package org.kwire.api;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@link ConnectionListener#of}: frames and exchanges to their consumers, in the decoder's order. */
class ConnectionListenerTest {

    @Test
    void framesAndExchangesReachTheirConsumersInStreamOrder() throws Exception {
        byte[] request = KafkaBytes.prefixed(KafkaBytes.metadataRequest());
        List<String> heard = new ArrayList<>();
        List<DecodedFrame> frames = new ArrayList<>();
        ConnectionListener listener = ConnectionListener.of(f -> {
            frames.add(f);
            heard.add("frame " + f);
        }, e -> heard.add("exchange " + e.apiName().orElse("?") + " #" + e.correlationId()));
        try (ConnectionDecoder connection = ConnectionDecoder.create(listener)) {
            connection.fromClient(ByteBuffer.wrap(request, 0, 10));
            connection.fromClient(ByteBuffer.wrap(request, 10, request.length - 10));
            connection.fromBroker(ByteBuffer.wrap(KafkaBytes.apiVersionsResponse(99))); // answers no request
        }
        assertEquals(List.of("frame request Metadata v12 #42",
                "frame response Unknown(-1) v-1 #99 [kafka.body.undecoded at 8: the request of this response was not "
                        + "seen: its API is unknown; body not decoded]",
                "exchange ? #99", "exchange Metadata #42"), heard);
        assertEquals(KafkaBytes.metadataJson(), KafkaBytes.JSON.readTree(frames.get(0).values().orElseThrow().toString()));
        assertEquals(List.of(), frames.get(0).problems());
    }

    @Test
    void refusesNull() {
        assertThrows(NullPointerException.class, () -> ConnectionListener.of(null, e -> { }));
        assertThrows(NullPointerException.class, () -> ConnectionListener.of(f -> { }, null));
    }
}
