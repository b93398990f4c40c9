package org.kwire.api;

import java.util.function.Consumer;

/**
 * What a {@link ConnectionDecoder} tells, each method doing nothing by default (implement the ones you need, or use
 * {@link #onExchange}, {@link #onFrame} or {@link #of}). Called on the thread that feeds the decoder, in stream order:
 * a request frame before its exchange, an exchange once its response arrived (or, unanswered, at
 * {@link ConnectionDecoder#close}).
 * An exception thrown here comes out of the decoder's call that caused it.
 */
public interface ConnectionListener {

    /** A request or response frame, decoded (header, values, problems) as {@link KafkaDecoder} decodes one. */
    default void frame(DecodedFrame frame) {
    }

    /** A request matched with its response, or one side alone (see {@link KafkaExchange}). */
    default void exchange(KafkaExchange exchange) {
    }

    /**
     * A problem of the connection outside any frame's body: framing (a size prefix below the smallest frame, a frame
     * over the size limit), headers, matching (a response without a request, a correlation_id reused), bytes that are
     * not Kafka at all ({@code capture.no_kafka}, e.g. TLS). Offsets are not given: the message says where.
     */
    default void problem(Problem problem) {
    }

    /** A listener of exchanges only. */
    static ConnectionListener onExchange(Consumer<KafkaExchange> exchanges) {
        return new ConnectionListener() {
            @Override
            public void exchange(KafkaExchange exchange) {
                exchanges.accept(exchange);
            }
        };
    }

    /** A listener of frames only. */
    static ConnectionListener onFrame(Consumer<DecodedFrame> frames) {
        return new ConnectionListener() {
            @Override
            public void frame(DecodedFrame frame) {
                frames.accept(frame);
            }
        };
    }

    /**
     * A listener of frames and exchanges: each frame to {@code frames}, each exchange to {@code exchanges}, in the
     * order described above.
     *
     * @throws NullPointerException if an argument is null
     */
    static ConnectionListener of(Consumer<DecodedFrame> frames, Consumer<KafkaExchange> exchanges) {
        java.util.Objects.requireNonNull(frames, "frames");
        java.util.Objects.requireNonNull(exchanges, "exchanges");
        return new ConnectionListener() {
            @Override
            public void frame(DecodedFrame frame) {
                frames.accept(frame);
            }

            @Override
            public void exchange(KafkaExchange exchange) {
                exchanges.accept(exchange);
            }
        };
    }
}
