package org.kwire.api;

import org.kwire.frame.FrameInfo;
import org.kwire.protocol.KafkaRequestHeader;
import org.kwire.schema.SchemaRegistry;
import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.FrameSummary;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * A request and its response on one connection, matched by correlation_id (Kafka protocol guide: a response echoes
 * its request's correlation_id; requests on one connection are answered in order). Either side may be missing: a
 * request never answered (Produce with acks=0, a connection or capture that ended first) or a response whose request
 * was not seen (its API then inferred from its bytes when that is certain).
 * <p>
 * Immutable, thread-safe. Made by {@link ConnectionDecoder} and by pcap-reader's capture reader.
 *
 * @param client         the client's endpoint, {@code host:port} ({@code [v6]:port} for IPv6), or as named by the
 *                       caller of {@link ConnectionDecoder}
 * @param broker         the broker's endpoint, likewise
 * @param apiKey         the API's key: the request's, or the one inferred for a response seen alone; empty if unknown
 * @param apiName        the API's name in Kafka's schemas ({@code "Produce"}); empty if the key is unknown
 * @param apiVersion     the API version, as apiKey
 * @param correlationId  correlation_id (int32) of the request, or of the response when the request was not seen
 * @param clientId       the request header's client_id; empty if null, absent (header v0) or the request not seen
 * @param requestPacket  the capture frame number (1-based) of the packet that completed the request frame (for
 *                       {@link ConnectionDecoder}: the number of the call that did); empty if the request was not seen
 * @param responsePacket the same for the response; empty if no response was seen
 * @param latencyMicros  microseconds from the request's last packet to the response's last packet (the first, if the
 *                       response was cut short); empty unless both were seen
 * @param errorCodes     the response's non-zero error codes, distinct, in the order met (Kafka's {@code Errors} codes;
 *                       names by {@code org.kwire.protocol.ErrorCodes.name}); empty without errors or response
 * @param complete       false if the capture lost bytes of either frame (then only its header was read)
 */
public record KafkaExchange(String client, String broker, OptionalInt apiKey, Optional<String> apiName,
                            OptionalInt apiVersion, int correlationId, Optional<String> clientId,
                            OptionalLong requestPacket, OptionalLong responsePacket, OptionalLong latencyMicros,
                            List<Integer> errorCodes, boolean complete) {

    /** Keeps an unmodifiable copy of the error codes. */
    public KafkaExchange {
        errorCodes = List.copyOf(errorCodes);
    }

    /** True if the request was seen. */
    public boolean requestSeen() {
        return requestPacket.isPresent();
    }

    /** True if a response was seen. */
    public boolean responseSeen() {
        return responsePacket.isPresent();
    }

    /**
     * An exchange of kwire's pipeline ({@code ExchangeTracker}'s sinks) as values: for adapters of that pipeline.
     *
     * @param e       the exchange with its frames' summaries
     * @param schemas names the API
     */
    public static KafkaExchange of(ExchangeSummary e, SchemaRegistry schemas) {
        KafkaRequestHeader h = e.requestHeader();
        int key = e.apiKey();
        int version = e.exchange().apiVersion();
        int correlationId = h != null ? h.correlationId() : e.exchange().response().header().correlationId();
        FrameSummary response = e.response();
        List<Integer> codes = response == null ? List.of()
                : response.errors().stream().map(FrameSummary.ErrorRef::code).distinct().toList();
        long latency = e.latencyMicros();
        return new KafkaExchange(e.conversation().client(), e.conversation().broker(),
                key < 0 ? OptionalInt.empty() : OptionalInt.of(key),
                key < 0 ? Optional.empty() : Optional.of(schemas.apiName(key)),
                version < 0 ? OptionalInt.empty() : OptionalInt.of(version), correlationId,
                Optional.ofNullable(h == null ? null : h.clientId()),
                packet(e.exchange().request() == null ? null : e.exchange().request().frame()),
                packet(e.exchange().response() == null ? null : e.exchange().response().frame()),
                e.exchange().request() != null && e.exchange().response() != null ? OptionalLong.of(latency)
                        : OptionalLong.empty(), codes, !e.exchange().incomplete());
    }

    private static OptionalLong packet(FrameInfo frame) {
        return frame == null ? OptionalLong.empty() : OptionalLong.of(frame.lastPacket());
    }
}
