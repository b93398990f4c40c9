package org.kwire.stream;

import org.kwire.expert.ExpertItem;

import java.nio.ByteBuffer;

/**
 * Decides what one TCP connection carries and, if it is Kafka, frames it ({@link KafkaFraming}); the state machine of
 * the package documentation. Which end is the broker: the endpoint on a configured port (the SYN's receiver when both
 * are; when both are and the SYN was not captured, the bytes tell, {@link ClientSide}), else the side whose bytes hold
 * a valid request header is the client.
 * <ul>
 * <li>A connection on a broker port ({@code --port}) is Kafka unless it starts with a TLS record ({@code tls}) or
 * carries no payload ({@code empty}). Its frames are cut from the start when the start was captured, whatever the
 * first bytes hold (a malformed first frame is noted, and framing resynchronises, as anywhere else); where the start
 * was lost (no SYN, or a gap before the first bytes), framing resynchronises and the bytes skipped are counted.</li>
 * <li>A connection on other ports is Kafka only if its client's first bytes form a valid request header; after a
 * leading gap or without its start, its bytes are searched for one ({@link RequestStart}; at most
 * {@link #SNIFF_WINDOW} bytes held). Those that are not Kafka are neither decoded nor reported.</li>
 * </ul>
 * The bytes seen before the decision ({@link HeldBytes}) are replayed into the frame assemblers.
 *
 * <p>A TLS connection goes through a {@link TlsStage} instead (on a broker port, or anywhere when a key log holds
 * secrets): what it decrypts feeds a second decoder of this class, made for the plaintext, which decides and frames
 * it as above; a TLS connection of which nothing was decrypted is {@code tls}.
 */
final class StreamDecoder implements StreamInput {

    /** Bytes of a side's stream needed to judge a request header (size, api key, version, correlation_id, client_id length). */
    private static final int SNIFF_BYTES = 14;
    /** Bytes needed to recognise a TLS record header. */
    private static final int TLS_HEADER = 5;
    /** Most bytes held while deciding what a connection carries. */
    static final int SNIFF_WINDOW = 64 << 10;

    private enum State { DECIDING, KAFKA, OTHER, TLS }

    private final StreamStage stage;
    private final StreamConnection tcp;
    /** True if an endpoint is on a broker port: then the connection is reported whatever it carries. */
    private final boolean watched;
    /** True for the decoder of a TLS connection's decrypted bytes (which decides no TLS, counts no traffic). */
    private final boolean plaintext;
    /** True if the stream is known to start at a frame boundary (its SYN, or the TLS handshake, was captured). */
    private final boolean startsAtBoundary;
    private State state = State.DECIDING;
    /** What it was reported as to the observers, or null if not yet/never. */
    private Carried reported;
    /** Which side is the client: known from the ports, or found by a request header. */
    private Boolean clientIsA;
    /** Why the client was guessed (both ends broker ports, the bytes did not tell), or null. */
    private String clientGuess;
    private boolean kafkaStarted;
    private KafkaFraming kafka;
    /** Pairs of requests seen before this decoder's bytes, for the conversation once Kafka starts ({@link #seedApis}). */
    private long[] seed;
    private final HeldBytes held = new HeldBytes();
    private TlsStage tls;
    /** True while held bytes are replayed into this decoder (they were counted when they came). */
    private boolean replaying;
    private long payloadBytes;
    private final byte[] firstBytes = new byte[ConnectionTraffic.SNIFF_BYTES];
    private int firstFill;

    StreamDecoder(StreamStage stage, StreamConnection tcp) {
        this(stage, tcp, false, tcp.synSeen());
        boolean aWatched = stage.options().brokerPorts().contains(tcp.aPort());
        boolean bWatched = stage.options().brokerPorts().contains(tcp.bPort());
        if (bWatched && (!aWatched || tcp.synSeen())) {
            clientIsA = true;
        } else if (aWatched && !bWatched) {
            clientIsA = false;
        }
    }

    /** The decoder of a TLS connection's decrypted bytes, whose client is known and which start at a frame boundary. */
    private StreamDecoder(StreamDecoder outer, boolean clientIsA) {
        this(outer.stage, outer.tcp, true, true);
        this.clientIsA = clientIsA;
    }

    private StreamDecoder(StreamStage stage, StreamConnection tcp, boolean plaintext, boolean startsAtBoundary) {
        this.stage = stage;
        this.tcp = tcp;
        this.plaintext = plaintext;
        this.startsAtBoundary = startsAtBoundary;
        this.watched = stage.options().brokerPorts().contains(tcp.aPort()) || stage.options().brokerPorts().contains(tcp.bPort());
    }

    @Override
    public void data(boolean fromA, ByteBuffer data, long timestampNanos, long packet) {
        if (!plaintext && !replaying) {
            count(data);
        }
        switch (state) {
            case KAFKA -> kafka.data(fromA, data, timestampNanos, packet);
            case DECIDING -> {
                held.data(fromA, data, timestampNanos, packet);
                decide(fromA);
            }
            case TLS -> tls.data(fromA, data, timestampNanos, packet);
            case OTHER -> {
            }
        }
    }

    private void count(ByteBuffer data) {
        payloadBytes += data.remaining();
        for (int i = data.position(); i < data.limit() && firstFill < firstBytes.length; i++) {
            firstBytes[firstFill++] = data.get(i);
        }
    }

    /** At rest: Kafka, both directions between frames, no request pending, no SASL token exchange under way. */
    @Override
    public boolean atRest() {
        return state == State.KAFKA && kafka.atRest();
    }

    @Override
    public ResumePoint resumePoint() {
        return state == State.KAFKA ? kafka.resumePoint() : null;
    }

    @Override
    public long[] apisSeen() {
        return state == State.KAFKA ? kafka.conversation().apisSeen() : new long[0];
    }

    @Override
    public void seedApis(long[] apis) {
        if (state == State.KAFKA) {
            kafka.conversation().seedApis(apis);
        } else {
            seed = apis.clone();
        }
    }

    /** True while this decoder frames Kafka. */
    boolean isKafka() {
        return state == State.KAFKA;
    }

    /** True once this decoder started framing Kafka (it may have been shed since). */
    boolean kafkaStarted() {
        return kafkaStarted;
    }

    /** Decides from the bytes held so far, if they suffice. */
    private void decide(boolean side) {
        ByteBuffer start = held.start(side, Math.max(SNIFF_BYTES, TLS_HEADER));
        if (!held.gapOn(side) && start.remaining() >= TLS_HEADER && isTlsRecord(start)) {
            if (!plaintext && (watched || !stage.tls().keyLog().isEmpty())) {
                startTls();
            } else {
                other(Carried.TLS);
            }
        } else if (watched) {
            if (clientIsA == null && !clientFromBytes(held.bytes() > SNIFF_WINDOW)) {
                return; // both ends are broker ports: the bytes must tell the client
            }
            boolean clientSpoke = side == clientIsA && start.remaining() >= SNIFF_BYTES;
            if (clientSpoke || side != clientIsA || !startsAtBoundary || held.gapOn(side) || held.bytes() > SNIFF_WINDOW) {
                startKafka(); // the broker spoke first, so the client's start was lost: its framing resynchronises
            }
        } else if (!startsAtBoundary || held.gapOn(side)) {
            sniffAfterLostStart(side);
        } else if (start.remaining() >= SNIFF_BYTES) {
            if (side && stage.headers().looksLikeRequest(start, stage.options().maxFrameSize())) {
                clientIsA = true; // the SYN's sender speaks first, with a request
                startKafka();
            } else if (held.start(!side, SNIFF_BYTES).remaining() >= SNIFF_BYTES || side) {
                other(Carried.UNKNOWN);
            }
        }
        if (state == State.DECIDING && held.bytes() > SNIFF_WINDOW) {
            other(Carried.UNKNOWN);
        }
    }

    /**
     * Both ends on broker ports and no SYN: which end is the client, from what their bytes say ({@link ClientSide}).
     *
     * @param decided true if no more bytes will be waited for
     * @return true once decided
     */
    private boolean clientFromBytes(boolean decided) {
        ClientSide.Decision d = ClientSide.decide(held, stage.headers(), stage.summarizer(), stage.options().maxFrameSize(),
                decided || held.bytes() > SNIFF_WINDOW);
        if (d == null) {
            return false;
        }
        clientIsA = d.clientIsA();
        if (d.guessed() != null) {
            clientGuess = d.guessed();
        }
        return true;
    }

    /** A connection on another port whose start was lost: its bytes are searched for a request header. */
    private void sniffAfterLostStart(boolean side) {
        boolean mayBeClient = !startsAtBoundary || side;
        if (mayBeClient && RequestStart.find(held.afterLastGap(side), stage.headers(), stage.options().maxFrameSize()) >= 0) {
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

    private void other(Carried carried) {
        state = State.OTHER;
        held.clear();
        if (watched) {
            reported = plaintext ? Carried.TLS : carried; // decrypted bytes that are not Kafka: the connection is TLS
            boolean clientA = clientIsA == null || clientIsA;
            stage.observers().other(tcp.stream(), clientA ? tcp.a() : tcp.b(), clientA ? tcp.b() : tcp.a(), reported);
        }
    }

    /** The connection is TLS: its bytes go through a {@link TlsStage}, whose plaintext a new decoder decides on. */
    private void startTls() {
        state = State.TLS;
        tls = new TlsStage(stage, tcp, clientIsA, watched, client -> new StreamDecoder(this, client));
        replay();
    }

    private void startKafka() {
        state = State.KAFKA;
        reported = Carried.KAFKA;
        kafkaStarted = true;
        if (clientIsA == null) {
            clientFromBytes(true);
        }
        kafka = new KafkaFraming(stage, tcp, clientIsA, startsAtBoundary);
        if (seed != null) {
            kafka.conversation().seedApis(seed);
        }
        stage.observers().kafka(kafka.conversation());
        if (clientGuess != null) {
            kafka.clientGuessed(held.firstPacket(clientIsA), clientGuess);
        }
        replay();
    }

    private void replay() {
        replaying = true;
        held.replay(this);
        replaying = false;
    }

    @Override
    public void gap(boolean fromA, long bytes, GapCause cause, String reason, long packet) {
        if (state == State.TLS) {
            tls.gap(fromA, bytes, reason, packet);
        } else if (state == State.DECIDING) {
            held.gap(fromA, bytes, cause, reason, packet);
            if (watched && clientIsA != null) {
                startKafka(); // framing resynchronises after the gap
            } else if (watched && held.bytes() > SNIFF_WINDOW) {
                startKafka(); // the bytes did not tell the client: guessed
            }
        } else if (state == State.KAFKA) {
            kafka.gap(fromA, bytes, cause, reason, packet);
        }
    }

    /** Bytes acknowledged at the end but not captured, the last perhaps a lost FIN: the frame assembler decides. */
    @Override
    public void fin(boolean fromA, long packet) {
        if (state == State.KAFKA) {
            kafka.fin(fromA, packet);
        }
    }

    @Override
    public void endGap(boolean fromA, long bytes, long packet) {
        if (state == State.TLS && bytes > 1) {
            tls.gap(fromA, bytes - 1, GapCause.MISSING_SEGMENTS.label(), packet); // the last perhaps a lost FIN
        }
        if (state == State.DECIDING && watched && bytes > 1) {
            startKafka();
        }
        if (state == State.KAFKA) {
            kafka.endGap(fromA, bytes, packet);
        }
    }

    @Override
    public void note(boolean fromA, long packet, ExpertItem item, String message) {
        if (state == State.KAFKA) {
            kafka.note(fromA, packet, item, message);
        }
    }

    @Override
    public void end(long packet) {
        if (state == State.TLS && tls.end(packet)) {
            reported = Carried.TLS; // nothing decrypted: told of as tls, so its end is told too
        }
        if (state == State.DECIDING) {
            if (held.isEmpty() || !watched) {
                other(held.isEmpty() ? Carried.EMPTY : Carried.UNKNOWN); // no payload at all (a refused connection), or not Kafka
            } else {
                startKafka(); // too few bytes to tell, on a broker port: framing notes what they hold
            }
        }
        if (state == State.KAFKA) {
            kafka.end(packet);
        }
        closed();
    }

    @Override
    public void shed(long packet) {
        if (state == State.TLS) {
            tls.shed(packet);
        }
        if (state == State.KAFKA) {
            kafka.shed(packet);
        }
        state = State.OTHER;
        held.clear();
        closed();
    }

    private void closed() {
        if (reported != null) {
            stage.observers().closed(tcp.stream(), reported);
        }
        if (!plaintext) {
            boolean decoded = kafkaStarted || tls != null && tls.plaintextKafka();
            stage.observers().ended(new ConnectionTraffic(tcp, decoded, payloadBytes,
                    java.util.Arrays.copyOf(firstBytes, firstFill)));
        }
    }
}
