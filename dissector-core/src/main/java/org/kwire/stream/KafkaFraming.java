package org.kwire.stream;

import org.kwire.conversation.KafkaConversation;
import org.kwire.expert.ExpertItem;
import org.kwire.expert.ExpertNote;
import org.kwire.frame.FrameAssembler;
import org.kwire.frame.FrameSink;
import org.kwire.frame.KafkaFrame;
import org.kwire.protocol.HeaderDecoder;
import org.kwire.protocol.ResponseFrame;

import java.nio.ByteBuffer;

/**
 * A connection decided to carry Kafka: its two directions cut into frames ({@link FrameAssembler}: client to broker,
 * broker to client), each frame's header decoded once as it is cut ({@link HeaderDecoder#requestFrame},
 * {@link ResponseFrame#of}) and handed to the connection's {@link KafkaConversation}. Resynchronising accepts a
 * request where a plausible request header starts, a response where its correlation_id is pending (or it fills the
 * rest of a segment exactly).
 */
final class KafkaFraming {

    private final StreamStage stage;
    private final StreamConnection tcp;
    private final boolean clientIsA;
    private final KafkaConversation conversation;
    private final FrameAssembler requests;
    private final FrameAssembler responses;

    /**
     * @param inSync true if both streams start at a frame boundary (the SYN, or the TLS handshake, was captured)
     */
    KafkaFraming(StreamStage stage, StreamConnection tcp, boolean clientIsA, boolean inSync) {
        this.stage = stage;
        this.tcp = tcp;
        this.clientIsA = clientIsA;
        StreamOptions options = stage.options();
        HeaderDecoder headers = stage.headers();
        conversation = new KafkaConversation(tcp.stream(), clientIsA ? tcp.a() : tcp.b(), clientIsA ? tcp.b() : tcp.a(),
                stage.summarizer(), stage.listener(), options.maxPending());
        requests = new FrameAssembler(HeaderDecoder.MIN_REQUEST_FRAME - 4, options.maxFrameSize(), inSync,
                (b, off, lim) -> headers.looksLikeRequest(b.slice(off, lim - off), options.maxFrameSize()),
                sink(true), "stream " + tcp.stream() + " client->broker");
        // responses may be empty: a broker's empty SASL token after SaslHandshake v0 is a frame of size 0
        responses = new FrameAssembler(0, options.maxFrameSize(), inSync, this::plausibleResponse, sink(false),
                "stream " + tcp.stream() + " broker->client");
    }

    KafkaConversation conversation() {
        return conversation;
    }

    /** Both directions between frames, no request pending, no SASL token exchange under way. */
    boolean atRest() {
        return requests.atFrameBoundary() && responses.atFrameBoundary() && !conversation.hasPending()
                && !conversation.expectsSaslTokens();
    }

    private FrameAssembler side(boolean fromA) {
        return fromA == clientIsA ? requests : responses;
    }

    void data(boolean fromA, ByteBuffer data, long timestampNanos, long packet) {
        side(fromA).accept(data, timestampNanos, packet);
    }

    void gap(boolean fromA, long bytes, GapCause cause, String reason, long packet) {
        side(fromA).gap(bytes, reason, packet);
        stage.observers().gap(tcp.stream(), bytes, cause);
    }

    void endGap(boolean fromA, long bytes, long packet) {
        side(fromA).endGap(bytes, packet);
        stage.observers().gap(tcp.stream(), bytes, GapCause.END_OF_CONNECTION);
    }

    /** TCP notes (e.g. retransmissions that differ from the first copy) become notes of the conversation. */
    void note(boolean fromA, long packet, ExpertItem item, String message) {
        String direction = fromA == clientIsA ? " client->broker" : " broker->client";
        stage.listener().onNote(conversation, new ExpertNote(item, packet, -1, "stream " + tcp.stream() + direction, message));
    }

    void end(long packet) {
        requests.end(packet);
        responses.end(packet);
        conversation.end();
    }

    /** The connection's analysis is dropped: a warning says from which packet on; nothing in progress is reported. */
    void shed(long packet) {
        stage.listener().onNote(conversation, new ExpertNote(ExpertItem.CAPTURE_CONNECTION_DROPPED, packet, -1, "stream "
                + tcp.stream(), "analysis of this connection dropped from packet " + packet + " on: kwire's analysis fell "
                + "behind the capture (its queue was full); the report misses the rest of the connection"));
    }

    /** A response starts here if its correlation_id is pending, or if it fills the rest of a segment exactly. */
    private boolean plausibleResponse(ByteBuffer b, int off, int limit) {
        if (limit - off < 8) {
            return false;
        }
        int size = b.getInt(off);
        if (size < HeaderDecoder.MIN_RESPONSE_FRAME - 4 || size > stage.options().maxFrameSize()) {
            return false;
        }
        return conversation.isPending(b.getInt(off + 4)) || (off == b.position() && 4L + size == limit - off);
    }

    private FrameSink sink(boolean request) {
        HeaderDecoder headers = stage.headers();
        return new FrameSink() {
            @Override
            public void onFrame(KafkaFrame frame) {
                if (request) {
                    conversation.onRequestFrame(headers.requestFrame(frame)); // the header decoded once, here
                } else {
                    conversation.onResponseFrame(ResponseFrame.of(frame));
                }
                // an empty SASL token is a frame of size 0
                requests.minFrameSize(conversation.expectsSaslTokens() ? 0 : HeaderDecoder.MIN_REQUEST_FRAME - 4);
            }

            @Override
            public void onNote(ExpertNote note) {
                stage.listener().onNote(conversation, note);
            }
        };
    }
}
