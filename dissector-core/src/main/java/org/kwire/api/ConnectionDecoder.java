package org.kwire.api;

import org.kwire.conversation.KafkaConversation;
import org.kwire.expert.ExpertItem;
import org.kwire.expert.ExpertNote;
import org.kwire.frame.KafkaFrame;
import org.kwire.plan.PlanCache;
import org.kwire.protocol.KafkaRequestHeader;
import org.kwire.records.RecordsDecoder;
import org.kwire.records.RecordsOptions;
import org.kwire.stream.Carried;
import org.kwire.stream.ConnectionObserver;
import org.kwire.stream.StreamConnection;
import org.kwire.stream.StreamInput;
import org.kwire.stream.StreamOptions;
import org.kwire.stream.StreamStage;
import org.kwire.stream.TlsKeys;
import org.kwire.summary.ExchangeFilter;
import org.kwire.summary.ExchangeSink;
import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.ExchangeTracker;
import org.kwire.summary.FrameSummarizer;
import org.kwire.summary.FrameSummary;
import org.kwire.summary.TopicNames;

import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes one TCP connection's Kafka bytes in both directions, as a proxy or an agent sees them: give each read's
 * bytes as they come ({@link #fromClient}, {@link #fromBroker}), in the order they were read, then {@link #close()};
 * the {@link ConnectionListener} hears each frame, each request matched with its response (by correlation_id), each
 * request left unanswered at the close, and each problem of the connection.
 * <pre>{@code
 * try (ConnectionDecoder c = ConnectionDecoder.create(ConnectionListener.onExchange(e -> log(e)))) {
 *     c.fromClient(clientBytes);   // any cut: half a frame, three frames, ...
 *     c.fromBroker(brokerBytes);
 * }
 * }</pre>
 * <p>
 * <b>Machinery.</b> This is kwire's stream stage (framing by the 4-byte size prefix as Netty's
 * {@code LengthFieldBasedFrameDecoder(max, 0, 4)} does, headers decoded once, resynchronisation after junk) and its
 * conversation matching, the same that {@code kwire analyze} runs on a capture's connections; frames are decoded as
 * {@link KafkaDecoder} decodes them, and only if the listener overrides {@link ConnectionListener#frame}. The bytes
 * must be plaintext Kafka from the connection's first byte: TLS records are not decrypted here (the connection is
 * then reported as a {@code capture.no_kafka} problem and nothing else).
 * <p>
 * <b>Buffers and units.</b> Each call copies the bytes from {@code position()} to {@code limit()} (the buffer may be
 * reused at once; its position is not changed). Timestamps are the {@link Clock}'s (the system UTC clock by default,
 * microsecond precision on most platforms) or the caller's; latencies are in microseconds; "packet" numbers are the
 * 1-based number of the call that gave the bytes. Limits: frames up to 100 MiB ({@link StreamOptions#DEFAULT_MAX_FRAME}),
 * 10 000 requests pending.
 * <p>
 * <b>Thread safety.</b> Not thread-safe: one connection, fed by one thread at a time (as a Netty channel's handler
 * is); the listener is called on that thread, during the call that completed what it hears of.
 */
public final class ConnectionDecoder implements AutoCloseable {

    private final StreamInput input;
    private final ExchangeTracker tracker;
    private final Clock clock;
    private long calls;
    private boolean closed;

    private ConnectionDecoder(ConnectionListener listener, String client, String broker, Clock clock) {
        KafkaDecoder kafka = KafkaDecoder.create();
        boolean frames = overridesFrame(listener);
        FrameSummarizer summarizer = new FrameSummarizer(new PlanCache(kafka.schemas()),
                RecordsDecoder.headersOnly(RecordsOptions.defaults()), new TopicNames());
        this.tracker = new ExchangeTracker(summarizer, ExchangeFilter.ALL,
                List.of(new Sink(listener, kafka, frames)));
        StreamStage stage = StreamStage.into(tracker, StreamOptions.defaults(), TlsKeys.none())
                .observe(new ConnectionObserver() {
                    @Override
                    public void other(int stream, String c, String b, Carried carried) {
                        listener.problem(Problem.at(ExpertItem.CAPTURE_NO_KAFKA, -1, 4, "the connection's bytes are "
                                + "not plaintext Kafka: " + carried.label() + "; nothing decoded"));
                    }
                });
        this.input = stage.open(new StreamConnection(0, client, 0, broker, StreamOptions.DEFAULT_PORT, true));
        this.clock = clock;
    }

    /** A decoder for one connection whose endpoints are named {@code "client"} and {@code "broker"}. */
    public static ConnectionDecoder create(ConnectionListener listener) {
        return create(listener, "client", "broker", Clock.systemUTC());
    }

    /**
     * A decoder naming the endpoints as the exchanges will ({@code host:port}, say) and timing with {@code clock}.
     *
     * @throws NullPointerException if an argument is null
     */
    public static ConnectionDecoder create(ConnectionListener listener, String client, String broker, Clock clock) {
        return new ConnectionDecoder(java.util.Objects.requireNonNull(listener, "listener"),
                java.util.Objects.requireNonNull(client, "client"), java.util.Objects.requireNonNull(broker, "broker"),
                java.util.Objects.requireNonNull(clock, "clock"));
    }

    /** Bytes the client sent (the next ones in its stream), read now. */
    public void fromClient(ByteBuffer bytes) {
        data(true, bytes, clock.instant());
    }

    /** Bytes the broker sent (the next ones in its stream), read now. */
    public void fromBroker(ByteBuffer bytes) {
        data(false, bytes, clock.instant());
    }

    /** Bytes the client sent, read at {@code at}. */
    public void fromClient(ByteBuffer bytes, Instant at) {
        data(true, bytes, at);
    }

    /** Bytes the broker sent, read at {@code at}. */
    public void fromBroker(ByteBuffer bytes, Instant at) {
        data(false, bytes, at);
    }

    private void data(boolean client, ByteBuffer bytes, Instant at) {
        if (closed) {
            throw new IllegalStateException("the connection decoder was closed");
        }
        if (!bytes.hasRemaining()) {
            return;
        }
        ByteBuffer copy = ByteBuffer.allocate(bytes.remaining()).put(bytes.duplicate()).flip();
        input.data(client, copy, at.getEpochSecond() * 1_000_000_000L + at.getNano(), ++calls);
    }

    /**
     * The connection ended: a frame in progress is reported cut short, requests still waiting are reported as
     * exchanges without a response. Later calls do nothing.
     */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            input.end(calls + 1);
            tracker.finish();
        }
    }

    private static boolean overridesFrame(ConnectionListener listener) {
        try {
            return listener.getClass().getMethod("frame", DecodedFrame.class).getDeclaringClass()
                    != ConnectionListener.class;
        } catch (NoSuchMethodException e) {
            throw new AssertionError(e);
        }
    }

    /** The tracker's sink: frames decoded (when wanted), exchanges and notes as values. */
    private record Sink(ConnectionListener listener, KafkaDecoder kafka, boolean frames) implements ExchangeSink {

        @Override
        public void onRequestFrame(KafkaConversation c, KafkaFrame frame, KafkaRequestHeader h, FrameSummary summary) {
            if (frames && h != null) {
                listener.frame(kafka.request(frame.bytes(), h, 4, cut(frame)));
            }
        }

        @Override
        public void onResponseFrame(ExchangeSummary e, KafkaFrame frame) {
            if (frames) {
                listener.frame(kafka.response(frame.bytes(), e.exchange().response().header(), e.apiKey(),
                        e.exchange().apiVersion(), 4, cut(frame)));
            }
        }

        @Override
        public void onExchange(ExchangeSummary e) {
            listener.exchange(KafkaExchange.of(e, kafka.schemas()));
        }

        @Override
        public void onNote(KafkaConversation c, ExpertNote note) {
            listener.problem(Problem.at(note.item(), -1, 4, note.message()));
        }

        private static List<Problem> cut(KafkaFrame frame) {
            List<Problem> problems = new ArrayList<>();
            if (!frame.complete()) {
                problems.add(Problem.at(ExpertItem.FRAME_INCOMPLETE, frame.length(), 4, "only " + frame.length()
                        + " of the frame's " + frame.meta().length() + " bytes arrived"));
            }
            return problems;
        }
    }
}
