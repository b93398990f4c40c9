package org.kwire.conversation;

import org.kwire.frame.FrameInfo;
import org.kwire.protocol.KafkaRequestHeader;
import org.kwire.summary.FrameSummary;

/**
 * A request as the conversation keeps it in its pending table until its response: its header, where it was seen
 * (not its bytes), whether a response is expected, and its summary once the exchange tracker has made it. This is
 * the only per-request state of an analysis: the summary stage keeps nothing of its own per pending request.
 *
 * <p>The summary slot is written once, by the exchange tracker, when the request's summary is handed to the sinks
 * (in capture order, on the thread that delivers); the response's delivery, which always comes after it, reads it.
 */
public final class RequestRecord {

    private final KafkaRequestHeader header;
    private final FrameInfo frame;
    private final boolean responseExpected;
    private FrameSummary summary;

    /**
     * @param header           the decoded request header
     * @param frame            where and when the request frame was seen
     * @param responseExpected false for a request the broker never answers (Produce with acks=0, {@link ProduceAcks})
     */
    public RequestRecord(KafkaRequestHeader header, FrameInfo frame, boolean responseExpected) {
        this.header = header;
        this.frame = frame;
        this.responseExpected = responseExpected;
    }

    /** The decoded request header. */
    public KafkaRequestHeader header() {
        return header;
    }

    /** Where and when the request frame was seen. */
    public FrameInfo frame() {
        return frame;
    }

    /** False for a request the broker never answers (Produce with acks=0). */
    public boolean responseExpected() {
        return responseExpected;
    }

    /** True if the capture lost bytes of the request. */
    public boolean incomplete() {
        return !frame.complete();
    }

    /** The request's summary; null until the exchange tracker delivered it. */
    public FrameSummary summary() {
        return summary;
    }

    /**
     * Keeps the request's summary (the exchange tracker, when it hands the request to the sinks).
     *
     * @throws IllegalStateException if a summary was kept already
     */
    public void summary(FrameSummary s) {
        if (summary != null) {
            throw new IllegalStateException("the summary of request " + header.correlationId() + " was kept already");
        }
        summary = s;
    }
}
