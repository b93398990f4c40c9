package org.kwire.api;

/**
 * The bytes given to {@link KafkaDecoder} are not one Kafka frame whose header can be read: fewer than 4 bytes with
 * {@link Framing#SIZE_PREFIXED}, a negative size prefix, a size prefix that ends before the bytes given do (more than
 * one frame, or a wrong {@link Framing}), or a header that does not fit in the frame. Unchecked: it says the caller
 * handed the wrong bytes; problems inside a frame whose header was read are {@link Problem}s of the result instead.
 */
public final class NotAFrameException extends RuntimeException {

    private final transient Problem problem;

    NotAFrameException(Problem problem) {
        super(problem.toString());
        this.problem = problem;
    }

    /** What is wrong, typed: {@code kafka.frame.size_invalid} or {@code kafka.request.header_malformed} / {@code kafka.response.header_malformed}. */
    public Problem problem() {
        return problem;
    }
}
