package org.kwire.stream;

import org.kwire.conversation.ConversationListener;
import org.kwire.conversation.KafkaConversation;
import org.kwire.protocol.HeaderDecoder;
import org.kwire.summary.ExchangeTracker;
import org.kwire.summary.FrameSummarizer;

import java.util.function.Consumer;

/**
 * The stream stage: TCP bytes of each connection in ({@link StreamInput}), Kafka frames and exchanges out (see the
 * package documentation for the contract). One stage serves a whole analysis; {@link #open} makes the decoder of one
 * connection. Its conversations' requests, responses and notes go to one {@link ConversationListener}; what each
 * connection carries goes to the {@link ConnectionObserver}s registered with {@link #observe}. Used from one thread
 * (several, each with its own {@link #deferred} stage, share the connections out).
 */
public final class StreamStage {

    private final StreamOptions options;
    private final TlsKeys tls;
    private final FrameSummarizer summarizer;
    private final ConversationListener listener;
    private final HeaderDecoder headers;
    private final ConnectionObservers observers = new ConnectionObservers();

    /**
     * @param options    broker ports and limits
     * @param tls        TLS secrets (key log, learned sessions); {@link TlsKeys#none()} to decrypt nothing
     * @param summarizer decodes responses whose API a conversation infers (its findings go on: decoded once)
     * @param listener   receives the requests, responses, unmatched requests and notes of every Kafka conversation
     */
    public StreamStage(StreamOptions options, TlsKeys tls, FrameSummarizer summarizer, ConversationListener listener) {
        this.options = options;
        this.tls = tls;
        this.summarizer = summarizer;
        this.listener = listener;
        this.headers = new HeaderDecoder(summarizer.plans().schemas());
    }

    /**
     * A stage feeding an exchange tracker: its conversations' frames go to {@code tracker}, which is also told of
     * each new conversation (in capture order, before its frames).
     */
    public static StreamStage into(ExchangeTracker tracker, StreamOptions options, TlsKeys tls) {
        StreamStage stage = new StreamStage(options, tls, tracker.summarizer(), tracker);
        return stage.observe(new ConnectionObserver() {
            @Override
            public void kafka(KafkaConversation conversation) {
                tracker.conversation(conversation);
            }
        });
    }

    /**
     * A stage for one shard of the connections, run on a thread of its own: the same options and summarizer, these
     * TLS secrets, and outputs deferred. Each call its decoders make to this stage's listener or observers is handed
     * to {@code defer} as a task that makes the call when run; running the tasks of every shard in capture order on one
     * thread gives the listener and observers exactly the calls one stage makes ({@code org.kwire.capture}'s sharded
     * hand-off does that).
     *
     * @param defer receives each call as a task, on the shard's thread, in the order the shard makes them
     * @param tls   the shard's TLS secrets (the key log shared; sessions as the caller orders them)
     */
    public StreamStage deferred(Consumer<Runnable> defer, TlsKeys tls) {
        DeferredOutputs out = new DeferredOutputs(listener, observers, defer);
        return new StreamStage(options, tls, summarizer, out).observe(out);
    }

    /** Registers an observer (before the first connection); it is told every event, after those registered before. */
    public StreamStage observe(ConnectionObserver observer) {
        observers.add(observer);
        return this;
    }

    /** The decoder of one more TCP connection. */
    public StreamInput open(StreamConnection connection) {
        return new StreamDecoder(this, connection);
    }

    /**
     * Payload that came for a connection after it ended and had no place in its streams: told to the observers
     * ({@link ConnectionObserver#afterClose}), e.g. so that the traffic census does not call its port silent.
     */
    public void afterClose(StreamConnection connection, boolean fromA, long bytes, boolean first) {
        observers.afterClose(connection, fromA, bytes, first);
    }

    /** Broker ports and limits. */
    public StreamOptions options() {
        return options;
    }

    /** The TLS secrets (pcapng Decryption Secrets Blocks are added to its key log as they are read). */
    public TlsKeys tls() {
        return tls;
    }

    FrameSummarizer summarizer() {
        return summarizer;
    }

    ConversationListener listener() {
        return listener;
    }

    HeaderDecoder headers() {
        return headers;
    }

    ConnectionObserver observers() {
        return observers;
    }
}
