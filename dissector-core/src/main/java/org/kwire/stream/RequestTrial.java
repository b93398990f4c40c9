package org.kwire.stream;

import org.kwire.frame.KafkaFrame;
import org.kwire.protocol.HeaderDecoder;
import org.kwire.protocol.KafkaRequestHeader;
import org.kwire.protocol.WireReader;
import org.kwire.schema.Direction;
import org.kwire.summary.FrameFindings;
import org.kwire.summary.FrameSummarizer;

/**
 * Whether bytes are a Kafka request through and through: a complete frame whose header decodes and whose body decodes
 * as the request its header names with a structure that fits the frame (the summarizer's pass,
 * {@link FrameFindings#structureFits}). A header that
 * merely looks right ({@link HeaderDecoder#looksLikeRequest}) is a weak sign inside other data; a whole body that
 * decodes is a strong one. Used to judge resynchronisation candidates and to tell which end of a connection between
 * two broker ports is the client. The frame is decoded once more for this (only such candidates are).
 */
final class RequestTrial {

    private RequestTrial() {
    }

    /** True if {@code frame} (complete) is a request whose body's structure fits it. */
    static boolean decodesCleanly(KafkaFrame frame, HeaderDecoder headers, FrameSummarizer summarizer) {
        if (!frame.complete()) {
            return false;
        }
        KafkaRequestHeader h;
        try {
            h = headers.request(frame.data());
        } catch (WireReader.Truncated e) {
            return false;
        }
        FrameFindings f = summarizer.examine(frame, h.bodyOffset(), h.apiKey(), Direction.REQUEST, h.apiVersion(), null);
        return f.structureFits();
    }
}
