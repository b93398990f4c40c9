package org.kwire.stream;

import org.kwire.conversation.KafkaConversation;
import org.kwire.expert.ExpertItem;
import org.kwire.expert.ExpertNote;
import org.kwire.frame.FrameAssembler;
import org.kwire.frame.FrameSink;
import org.kwire.frame.FrameStartValidator;
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
                new RequestStart(), sink(true), "stream " + tcp.stream() + " client->broker");
        // responses may be empty: a broker's empty SASL token after SaslHandshake v0 is a frame of size 0
        responses = new FrameAssembler(0, options.maxFrameSize(), inSync, new ResponseStart(), sink(false),
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

    /**
     * Where a new stage would go on as this one ({@link ResumePoint}), or null: a direction out of sync or searching
     * since the point, a SASL token exchange, requests answered out of order, or a response in progress with nothing
     * pending.
     */
    ResumePoint resumePoint() {
        long oldest = conversation.oldestPendingStart();
        long request = requests.resumeOffset(oldest);
        long response = responses.resumeOffset(-1);
        if (request < 0 || response < 0 || !conversation.inOrder()
                || oldest < 0 && !responses.atFrameBoundary()) {
            return null;
        }
        Integer answering = responses.idInProgress();
        boolean answers = answering != null && conversation.isPending(answering);
        return clientIsA ? new ResumePoint(request, response, answers) : new ResumePoint(response, request, answers);
    }

    private FrameAssembler side(boolean fromA) {
        return fromA == clientIsA ? requests : responses;
    }

    /** Bytes of one direction: what the other direction holds complete while out of sync is handed on first. */
    void data(boolean fromA, ByteBuffer data, long timestampNanos, long packet) {
        side(!fromA).settle(packet);
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

    /**
     * Notes that the client was guessed: both ends are broker ports, the SYN was not captured, and the bytes did not
     * tell ({@link ClientSide}).
     *
     * @param packet the client's first packet
     * @param why    what the bytes showed, in words
     */
    void clientGuessed(long packet, String why) {
        stage.listener().onNote(conversation, new ExpertNote(ExpertItem.CLIENT_GUESSED, packet, 0, "stream " + tcp.stream()
                + " client->broker", "both ends (" + tcp.a() + ", " + tcp.b() + ") are broker ports, the connection's "
                + "start was not captured and " + why + ": " + conversation.client() + ", which spoke first, is taken "
                + "for the client"));
    }

    /** TCP notes (e.g. retransmissions that differ from the first copy) become notes of the conversation. */
    void note(boolean fromA, long packet, ExpertItem item, String message) {
        String direction = fromA == clientIsA ? " client->broker" : " broker->client";
        stage.listener().onNote(conversation, new ExpertNote(item, packet, -1, "stream " + tcp.stream() + direction, message));
    }

    /** A direction ended cleanly (its FIN, nothing lost): a frame still in progress ends where its bytes say. */
    void fin(boolean fromA, long packet) {
        side(fromA).contradicted(packet, "the connection ended here with this direction's FIN, every byte before it "
                + "captured,", "the size prefix claims more than the connection carried");
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

    /** Where a request starts: a plausible request header ({@link HeaderDecoder#looksLikeRequest}) of a request whose
     * body, held whole, decodes cleanly ({@link RequestTrial}). */
    private final class RequestStart implements FrameStartValidator {
        @Override
        public boolean plausibleStart(ByteBuffer head, boolean fillsSegment) {
            return stage.headers().looksLikeRequest(head, stage.options().maxFrameSize());
        }

        @Override
        public int largestSize() {
            return stage.options().maxFrameSize();
        }

        @Override
        public boolean plausibleFrame(KafkaFrame frame) {
            return RequestTrial.decodesCleanly(frame, stage.headers(), stage.summarizer());
        }
    }

    /**
     * Where a response starts: a size prefix within bounds and a pending correlation_id (the frame, held whole,
     * decoding cleanly as that request's response), or a frame that fills the rest of its segment exactly; after
     * another response, a correlation_id pending and not the other's.
     */
    private final class ResponseStart implements FrameStartValidator {
        @Override
        public boolean plausibleStart(ByteBuffer head, boolean fillsSegment) {
            if (head.limit() < 8) {
                return false;
            }
            int size = head.getInt(0);
            if (size < HeaderDecoder.MIN_RESPONSE_FRAME - 4 || size > stage.options().maxFrameSize()) {
                return false;
            }
            return fillsSegment || conversation.isPending(head.getInt(4));
        }

        @Override
        public int largestSize() {
            return stage.options().maxFrameSize();
        }

        @Override
        public boolean plausibleAfter(ByteBuffer previous, ByteBuffer next, boolean fillsSegment) {
            boolean sameId = previous.limit() >= 8 && next.limit() >= 8 && previous.getInt(4) == next.getInt(4);
            return plausibleStart(next, fillsSegment) && (fillsSegment || !sameId);
        }

        @Override
        public boolean plausibleFrame(KafkaFrame frame) {
            return conversation.fitsPendingRequest(frame);
        }
    }

    /**
     * A response whose correlation_id is that of the request still in progress (its header read, not pending yet)
     * contradicts that request's size prefix: the broker answers only once it read the whole request. The request
     * direction frames it where its bytes say first, so that the request comes before its response.
     */
    private void answersFrameInProgress(ResponseFrame response) {
        ByteBuffer head = requests.frameInProgress();
        if (head != null && head.limit() >= 12 && head.getInt(8) == response.correlationId()
                && !conversation.isPending(response.correlationId())) {
            requests.contradicted(response.frame().meta().firstPacket(), "its response (correlation_id "
                    + response.correlationId() + ") arrived here", "the size prefix is wrong");
        } else if (head != null && !conversation.isPending(response.correlationId())) {
            requests.answeredInside(response.correlationId(), response.frame().meta().firstPacket(), "the response "
                    + "here answers a request (correlation_id " + response.correlationId() + ") inside its span",
                    "the size prefix is wrong");
        }
    }

    private FrameSink sink(boolean request) {
        HeaderDecoder headers = stage.headers();
        return new FrameSink() {
            @Override
            public void onFrame(KafkaFrame frame) {
                if (request) {
                    conversation.onRequestFrame(headers.requestFrame(frame)); // the header decoded once, here
                } else {
                    ResponseFrame response = ResponseFrame.of(frame);
                    answersFrameInProgress(response);
                    conversation.onResponseFrame(response);
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
