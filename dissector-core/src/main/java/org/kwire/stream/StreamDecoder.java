package org.kwire.analysis;

import org.kwire.conversation.ConversationListener;
import org.kwire.conversation.KafkaConversation;
import org.kwire.expert.ExpertNote;
import org.kwire.expert.ExpertItem;
import org.kwire.frame.FrameAssembler;
import org.kwire.frame.FrameSink;
import org.kwire.frame.KafkaFrame;
import org.kwire.protocol.ResponseFrame;
import org.kwire.summary.FrameSummarizer;
import org.kwire.protocol.HeaderDecoder;
import org.kwire.tcp.TcpConnection;
import org.kwire.tcp.TcpStreamHandler;

import java.nio.ByteBuffer;

/**
 * Decides what one TCP connection carries and, if it is Kafka, turns it into a {@link KafkaConversation}. Which end
 * is the broker: the endpoint on a configured port (the SYN's receiver when both are), else the side whose bytes hold
 * a valid request header is the client.
 * <ul>
 * <li>A connection on a broker port ({@code --port}) is Kafka unless it starts with a TLS record ({@code tls}) or
 * carries no payload ({@code empty}). Its frames are cut from the start when the start was captured, whatever the
 * first bytes hold (a malformed first frame is noted, and framing resynchronises, as anywhere else); where the start
 * was lost (no SYN, or a gap before the first bytes), framing resynchronises and the bytes skipped are counted.</li>
 * <li>A connection on other ports is Kafka only if its client's first bytes form a valid request header; after a
 * leading gap or without its start, its bytes are searched for one (at most {@link #SNIFF_WINDOW} bytes held).
 * Those that are not Kafka are neither decoded nor reported.</li>
 * </ul>
 * The bytes seen before the decision are replayed into the frame assemblers.
 *
 * <p>A TLS connection goes through a {@link TlsStage} instead (on a broker port, or anywhere when a key log is
 * given): what it decrypts feeds a second handler of this class, made for the plaintext, which decides and frames it
 * as above; a TLS connection of which nothing was decrypted is {@code tls}.
 */
final class KafkaStreamHandler implements TcpStreamHandler {

    /** Bytes of a side's stream needed to judge a request header (size, api key, version, correlation_id, client_id length). */
    private static final int SNIFF_BYTES = 14;
    /** Bytes needed to recognise a TLS record header. */
    private static final int TLS_HEADER = 5;
    /** Most bytes held while deciding what a connection carries. */
    static final int SNIFF_WINDOW = 64 << 10;

    private final TcpConnection tcp;
    private final AnalysisOptions options;
    private final FrameSummarizer summarizer;
    private final HeaderDecoder headers;
    private final ConversationListener listener;
    private final ConnectionObserver observer;
    /** True if an endpoint is on a broker port: then the connection is reported whatever it carries. */
    private final boolean watched;
    /** TLS secrets; null for the handler of a TLS connection's decrypted bytes. */
    private final TlsKeys tlsKeys;
    /** True if the stream is known to start at a frame boundary (its SYN, or the TLS handshake, was captured). */
    private final boolean startsAtBoundary;

    private enum State { DECIDING, KAFKA, OTHER, TLS }

    private State state = State.DECIDING;
    /** What it was reported as to the observer ({@code kafka}, or the other protocol), or null if not yet/never. */
    private String protocol;
    /** Which side is the client: known from the ports, or found by a request header. */
    private Boolean clientIsA;
    private KafkaConversation conversation;
    private FrameAssembler requests;
    private FrameAssembler responses;
    private final HeldBytes held = new HeldBytes();
    private TlsStage tls;

    KafkaStreamHandler(TcpConnection tcp, AnalysisOptions options, FrameSummarizer summarizer, HeaderDecoder headers,
                       ConversationListener listener, ConnectionObserver observer, TlsKeys tlsKeys) {
        this(tcp, options, summarizer, headers, listener, observer, tlsKeys, tcp.synSeen());
    }

    /** The handler of a TLS connection's decrypted bytes, whose client is known and which start at a frame boundary. */
    private KafkaStreamHandler(KafkaStreamHandler outer, boolean clientIsA) {
        this(outer.tcp, outer.options, outer.summarizer, outer.headers, outer.listener, outer.observer, null, true);
        this.clientIsA = clientIsA;
    }

    private KafkaStreamHandler(TcpConnection tcp, AnalysisOptions options, FrameSummarizer summarizer, HeaderDecoder headers,
                               ConversationListener listener, ConnectionObserver observer, TlsKeys tlsKeys,
                               boolean startsAtBoundary) {
        this.tlsKeys = tlsKeys;
        this.startsAtBoundary = startsAtBoundary;
        this.tcp = tcp;
        this.options = options;
        this.summarizer = summarizer;
        this.headers = headers;
        this.listener = listener;
        this.observer = observer;
        boolean aWatched = options.brokerPorts().contains(tcp.a().port());
        boolean bWatched = options.brokerPorts().contains(tcp.b().port());
        this.watched = aWatched || bWatched;
        if (bWatched && (!aWatched || tcp.synSeen())) {
            clientIsA = true;
        } else if (aWatched && !bWatched) {
            clientIsA = false;
        }
    }

    @Override
    public void onData(boolean fromA, ByteBuffer data, long timestampNanos, long packet) {
        switch (state) {
            case KAFKA -> (fromA == clientIsA ? requests : responses).accept(data, timestampNanos, packet);
            case DECIDING -> {
                held.data(fromA, data, timestampNanos, packet);
                decide(fromA);
            }
            case TLS -> tls.data(fromA, data, timestampNanos, packet);
            case OTHER -> {
            }
        }
    }

    /** True once this handler decided that its stream carries Kafka. */
    boolean isKafka() {
        return state == State.KAFKA;
    }

    /** Decides from the bytes held so far, if they suffice. */
    private void decide(boolean side) {
        ByteBuffer start = held.start(side, Math.max(SNIFF_BYTES, TLS_HEADER));
        if (!held.gapOn(side) && start.remaining() >= TLS_HEADER && isTlsRecord(start)) {
            if (tlsKeys != null && (watched || !tlsKeys.keyLog().isEmpty())) {
                startTls();
            } else {
                other("tls");
            }
        } else if (watched) {
            boolean clientSpoke = side == clientIsA && start.remaining() >= SNIFF_BYTES;
            if (clientSpoke || side != clientIsA || !startsAtBoundary || held.gapOn(side) || held.bytes() > SNIFF_WINDOW) {
                startKafka(); // the broker spoke first, so the client's start was lost: its framing resynchronises
            }
        } else if (!startsAtBoundary || held.gapOn(side)) {
            sniffAfterLostStart(side);
        } else if (start.remaining() >= SNIFF_BYTES) {
            if (side && headers.looksLikeRequest(start, options.maxFrameSize())) {
                clientIsA = true; // the SYN's sender speaks first, with a request
                startKafka();
            } else if (held.start(!side, SNIFF_BYTES).remaining() >= SNIFF_BYTES || side) {
                other("unknown");
            }
        }
        if (state == State.DECIDING && held.bytes() > SNIFF_WINDOW) {
            other("unknown");
        }
    }

    /** A connection on another port whose start was lost: its bytes are searched for a request header. */
    private void sniffAfterLostStart(boolean side) {
        boolean mayBeClient = !startsAtBoundary || side;
        if (mayBeClient && RequestStart.find(held.afterLastGap(side), headers, options.maxFrameSize()) >= 0) {
            clientIsA = side;
            startKafka();
        }
    }

    /**
     * A TLS record header (RFC 8446 section 5.1): content type 20-23, legacy version 3.x, length at most 2^14 + 2048.
     * A Kafka frame cannot start so: its size prefix would be over 300 MiB.
     */
    static boolean isTlsRecord(ByteBuffer b) {
        int type = b.get(0) & 0xff;
        int length = b.getShort(3) & 0xffff;
        return type >= 20 && type <= 23 && b.get(1) == 3 && (b.get(2) & 0xff) <= 4 && length > 0 && length <= (1 << 14) + 2048;
    }

    private void other(String protocol) {
        state = State.OTHER;
        held.clear();
        if (watched) {
            this.protocol = protocol;
            boolean clientA = clientIsA == null || clientIsA;
            observer.other(tcp.stream(), (clientA ? tcp.a() : tcp.b()).toString(), (clientA ? tcp.b() : tcp.a()).toString(),
                    tlsKeys == null ? "tls" : protocol); // decrypted bytes that are not Kafka: the connection is TLS
        }
    }

    /** The connection is TLS: its bytes go through a {@link TlsStage}, whose plaintext a new handler decides on. */
    private void startTls() {
        state = State.TLS;
        tls = new TlsStage(tcp, tlsKeys, clientIsA, watched, observer, listener, client -> new KafkaStreamHandler(this, client));
        held.replay(this);
    }

    private void startKafka() {
        state = State.KAFKA;
        protocol = "kafka";
        String client = (clientIsA ? tcp.a() : tcp.b()).toString();
        String broker = (clientIsA ? tcp.b() : tcp.a()).toString();
        conversation = new KafkaConversation(tcp.stream(), client, broker, summarizer, listener, options.maxPending());
        boolean inSync = startsAtBoundary;
        requests = new FrameAssembler(HeaderDecoder.MIN_REQUEST_FRAME - 4, options.maxFrameSize(), inSync,
                (b, off, lim) -> headers.looksLikeRequest(b.slice(off, lim - off), options.maxFrameSize()),
                sink(true), "stream " + tcp.stream() + " client->broker");
        // responses may be empty: a broker's empty SASL token after SaslHandshake v0 is a frame of size 0
        responses = new FrameAssembler(0, options.maxFrameSize(), inSync,
                this::plausibleResponse, sink(false), "stream " + tcp.stream() + " broker->client");
        observer.kafka(conversation);
        held.replay(this);
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
                    conversation.onRequestFrame(headers.requestFrame(frame)); // the header decoded once, here
                } else {
                    conversation.onResponseFrame(ResponseFrame.of(frame));
                }
                // an empty SASL token is a frame of size 0
                requests.minFrameSize(conversation.expectsSaslTokens() ? 0 : HeaderDecoder.MIN_REQUEST_FRAME - 4);
            }

            @Override
            public void onNote(ExpertNote note) {
                listener.onNote(conversation, note);
            }
        };
    }

    @Override
    public void onGap(boolean fromA, long bytes, String reason, long packet) {
        if (state == State.TLS) {
            tls.gap(fromA, bytes, reason, packet);
        } else if (state == State.DECIDING) {
            held.gap(fromA, bytes, reason, packet);
            if (watched) {
                startKafka(); // framing resynchronises after the gap
            }
        } else if (state == State.KAFKA) {
            (fromA == clientIsA ? requests : responses).gap(bytes, reason, packet);
            observer.gap(tcp.stream(), bytes, reason);
        }
    }

    /** Bytes acknowledged at the end but not captured, the last perhaps a lost FIN: the frame assembler decides. */
    @Override
    public void onEndGap(boolean fromA, long bytes, long packet) {
        if (state == State.TLS && bytes > 1) {
            tls.gap(fromA, bytes - 1, "missing segments", packet); // the last perhaps a lost FIN
        }
        if (state == State.DECIDING && watched && bytes > 1) {
            startKafka();
        }
        if (state == State.KAFKA) {
            (fromA == clientIsA ? requests : responses).endGap(bytes, packet);
            observer.gap(tcp.stream(), bytes, "end of connection");
        }
    }

    /** TCP notes (e.g. retransmissions that differ from the first copy) become warnings of a Kafka conversation. */
    @Override
    public void onNote(boolean fromA, long packet, String text) {
        if (state == State.KAFKA) {
            String direction = fromA == clientIsA ? " client->broker" : " broker->client";
            listener.onNote(conversation, new ExpertNote(ExpertItem.TCP_RETRANSMISSION_DIFFERS, packet, -1,
                    "stream " + tcp.stream() + direction, text));
        }
    }

    @Override
    public void onEnd(long packet) {
        if (state == State.TLS) {
            tls.end(packet);
        }
        if (state == State.DECIDING) {
            if (held.isEmpty() || !watched) {
                other(held.isEmpty() ? "empty" : "unknown"); // no payload at all (a refused connection), or not Kafka
            } else {
                startKafka(); // too few bytes to tell, on a broker port: framing notes what they hold
            }
        }
        if (state == State.KAFKA) {
            requests.end(packet);
            responses.end(packet);
            conversation.end();
        }
        closed();
    }

    /**
     * The analysis of this connection is dropped (a live capture that fell behind): a warning on a Kafka connection
     * says from which packet on; its frames in progress and pending requests are let go, not reported unmatched.
     */
    @Override
    public void onShed(long packet) {
        if (state == State.TLS) {
            tls.shed(packet);
        }
        if (state == State.KAFKA) {
            listener.onNote(conversation, new ExpertNote(ExpertItem.CAPTURE_CONNECTION_DROPPED, packet, -1, "stream " + tcp.stream(),
                    "analysis of this connection dropped from packet " + packet + " on: kwire's analysis fell behind the "
                            + "capture (its queue was full); the report misses the rest of the connection"));
        }
        state = State.OTHER;
        held.clear();
        closed();
    }

    private void closed() {
        if (protocol != null) {
            observer.closed(tcp.stream(), protocol);
        }
    }
}
