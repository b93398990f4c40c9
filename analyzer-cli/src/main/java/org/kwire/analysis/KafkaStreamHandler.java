package org.kwire.analysis;

import org.kwire.conversation.ConversationListener;
import org.kwire.conversation.KafkaConversation;
import org.kwire.expert.ExpertNote;
import org.kwire.frame.FrameAssembler;
import org.kwire.frame.FrameSink;
import org.kwire.frame.KafkaFrame;
import org.kwire.plan.PlanCache;
import org.kwire.protocol.HeaderDecoder;
import org.kwire.tcp.TcpConnection;
import org.kwire.tcp.TcpStreamHandler;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Turns one TCP connection into a Kafka conversation, or ignores it. The broker is the endpoint on a configured port
 * (the SYN's receiver when both are); on other ports a connection is Kafka only if the first bytes of its initiator
 * form a valid request header. Each direction gets a {@link FrameAssembler}; frames go to the
 * {@link KafkaConversation}.
 */
final class KafkaStreamHandler implements TcpStreamHandler {

    /** Bytes of the initiator's stream buffered before deciding whether an unconfigured port carries Kafka. */
    private static final int SNIFF_BYTES = 14;

    private final TcpConnection tcp;
    private final AnalysisOptions options;
    private final PlanCache plans;
    private final HeaderDecoder headers;
    private final ConversationListener listener;
    private final Consumer<KafkaConversation> onKafka;

    private enum State { UNDECIDED, KAFKA, IGNORED }

    private State state;
    private boolean clientIsA;
    private KafkaConversation conversation;
    private FrameAssembler requests;
    private FrameAssembler responses;
    private final List<Chunk> sniffed = new ArrayList<>();

    KafkaStreamHandler(TcpConnection tcp, AnalysisOptions options, PlanCache plans, HeaderDecoder headers,
                       ConversationListener listener, Consumer<KafkaConversation> onKafka) {
        this.tcp = tcp;
        this.options = options;
        this.plans = plans;
        this.headers = headers;
        this.listener = listener;
        this.onKafka = onKafka;
        boolean aWatched = options.brokerPorts().contains(tcp.a().port());
        boolean bWatched = options.brokerPorts().contains(tcp.b().port());
        if (bWatched && (!aWatched || tcp.synSeen())) {
            start(true);
        } else if (aWatched && !bWatched) {
            start(false);
        } else {
            state = State.UNDECIDED;
        }
    }

    private void start(boolean clientA) {
        state = State.KAFKA;
        clientIsA = clientA;
        String client = (clientA ? tcp.a() : tcp.b()).toString();
        String broker = (clientA ? tcp.b() : tcp.a()).toString();
        conversation = new KafkaConversation(tcp.stream(), client, broker, plans, listener, options.maxPending());
        boolean inSync = tcp.synSeen();
        requests = new FrameAssembler(HeaderDecoder.MIN_REQUEST_FRAME - 4, options.maxFrameSize(), inSync,
                (b, off, lim) -> headers.looksLikeRequest(b.slice(off, lim - off), options.maxFrameSize()),
                sink(true), "stream " + tcp.stream() + " client->broker");
        responses = new FrameAssembler(HeaderDecoder.MIN_RESPONSE_FRAME - 4, options.maxFrameSize(), inSync,
                this::plausibleResponse, sink(false), "stream " + tcp.stream() + " broker->client");
        onKafka.accept(conversation);
    }

    /** A response starts here if its correlation_id is pending, or if it fills the rest of a segment exactly. */
    private boolean plausibleResponse(ByteBuffer b, int off, int limit) {
        if (limit - off < 8) {
            return false;
        }
        int size = b.getInt(off);
        if (size < HeaderDecoder.MIN_RESPONSE_FRAME - 4 || size > options.maxFrameSize()) {
            return false;
        }
        return conversation.isPending(b.getInt(off + 4)) || (off == b.position() && 4L + size == limit - off);
    }

    private FrameSink sink(boolean request) {
        return new FrameSink() {
            @Override
            public void onFrame(KafkaFrame frame) {
                if (request) {
                    conversation.onRequestFrame(frame);
                } else {
                    conversation.onResponseFrame(frame);
                }
            }

            @Override
            public void onNote(ExpertNote note) {
                listener.onNote(conversation, note);
            }
        };
    }

    @Override
    public void onData(boolean fromA, ByteBuffer data, long timestampNanos, long packet) {
        if (state == State.UNDECIDED) {
            sniff(fromA, data, timestampNanos, packet);
            return;
        }
        if (state == State.KAFKA) {
            (fromA == clientIsA ? requests : responses).accept(data, timestampNanos, packet);
        }
    }

    /** Bytes seen before the decision, replayed once the client side is known. */
    private record Chunk(boolean fromA, ByteBuffer data, long timestampNanos, long packet) {
    }

    private void sniff(boolean fromA, ByteBuffer data, long timestampNanos, long packet) {
        sniffed.add(new Chunk(fromA, data, timestampNanos, packet));
        if (tcp.synSeen() && !fromA) {
            state = sniffedBytes(true) == 0 ? State.IGNORED : state; // the responder spoke first: not a Kafka client
            return;
        }
        if (sniffedBytes(fromA) < SNIFF_BYTES) {
            return;
        }
        ByteBuffer head = ByteBuffer.allocate(SNIFF_BYTES);
        for (Chunk c : sniffed) {
            if (c.fromA() == fromA && head.hasRemaining()) {
                ByteBuffer d = c.data().duplicate();
                d.limit(d.position() + Math.min(d.remaining(), head.remaining()));
                head.put(d);
            }
        }
        head.flip();
        if (headers.looksLikeRequest(head, options.maxFrameSize())) {
            start(fromA);
            for (Chunk c : sniffed) {
                onData(c.fromA(), c.data(), c.timestampNanos(), c.packet());
            }
        } else if (tcp.synSeen() || sniffedBytes(!fromA) >= SNIFF_BYTES) {
            state = State.IGNORED;
        }
        if (state != State.UNDECIDED) {
            sniffed.clear();
        }
    }

    private int sniffedBytes(boolean fromA) {
        int n = 0;
        for (Chunk c : sniffed) {
            n += c.fromA() == fromA ? c.data().remaining() : 0;
        }
        return n;
    }

    @Override
    public void onGap(boolean fromA, long bytes, String reason, long packet) {
        if (state == State.UNDECIDED) {
            state = State.IGNORED;
        } else if (state == State.KAFKA) {
            (fromA == clientIsA ? requests : responses).gap(bytes, reason, packet);
        }
    }

    @Override
    public void onEnd(long packet) {
        if (state == State.KAFKA) {
            requests.end(packet);
            responses.end(packet);
            conversation.end();
        }
    }
}
