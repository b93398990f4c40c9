package org.kwire.conversation;

import org.kwire.frame.KafkaFrame;
import org.kwire.protocol.HeaderDecoder;
import org.kwire.protocol.KafkaResponseHeader;
import org.kwire.protocol.WireReader;
import org.kwire.schema.Direction;
import org.kwire.summary.FrameFindings;
import org.kwire.summary.FrameSummarizer;

import java.util.Collection;

/**
 * Decodes a response as a given API version to see whether it fits: for inferring the API of a response whose
 * request was not captured, where the connection makes it certain (among the (api key, version) pairs of the requests
 * seen on that connection, exactly one must decode the whole response cleanly: its header version applied, every byte
 * consumed, no problem), and for telling a broker's response from a raw SASL token. A trial decodes with the
 * summarizer's own pass ({@link FrameSummarizer#examine}), so the body of a response that fits is decoded once: its
 * findings go on with the exchange.
 */
final class ResponseInference {

    /**
     * A response that decodes cleanly as one API version.
     *
     * @param apiKey     the API it decodes as
     * @param apiVersion its version
     * @param header     its response header, read at that API version's header version
     * @param findings   what the summarizer's pass found in its body
     */
    record Trial(int apiKey, int apiVersion, KafkaResponseHeader header, FrameFindings findings) {
    }

    private final FrameSummarizer summarizer;
    private final HeaderDecoder headers;

    ResponseInference(FrameSummarizer summarizer, HeaderDecoder headers) {
        this.summarizer = summarizer;
        this.headers = headers;
    }

    /**
     * @param candidates (api key &lt;&lt; 16 | version) of the requests seen on the connection
     * @return the one candidate that decodes the frame cleanly, or null if none or several do
     */
    Trial infer(KafkaFrame frame, Collection<Long> candidates) {
        if (!frame.complete()) {
            return null;
        }
        Trial found = null;
        for (long c : candidates) {
            Trial t = trial(frame, (int) (c >>> 16), (int) (c & 0xffff));
            if (t != null) {
                if (found != null) {
                    return null; // two APIs fit: not certain
                }
                found = t;
            }
        }
        return found;
    }

    /**
     * True if the frame, complete, decodes as a response of this API version with a structure that fits it
     * ({@link FrameFindings#structureFits}: trailing bytes allowed); for judging where a response starts.
     */
    boolean fits(KafkaFrame frame, int apiKey, int version) {
        if (!frame.complete() || summarizer.plans().plan(apiKey, Direction.RESPONSE, version).isEmpty()) {
            return false;
        }
        try {
            KafkaResponseHeader h = headers.response(frame.data(), apiKey, version);
            return summarizer.examine(frame, h.bodyOffset(), apiKey, Direction.RESPONSE, version, null).structureFits();
        } catch (WireReader.Truncated e) {
            return false;
        }
    }

    /**
     * The frame decoded as a response of this API version, or null unless it is complete and decodes cleanly: its
     * header version applied, every byte consumed, no problem.
     */
    Trial trial(KafkaFrame frame, int apiKey, int version) {
        if (!frame.complete() || summarizer.plans().plan(apiKey, Direction.RESPONSE, version).isEmpty()) {
            return null;
        }
        KafkaResponseHeader h;
        try {
            h = headers.response(frame.data(), apiKey, version);
        } catch (WireReader.Truncated e) {
            return null; // the header does not fit
        }
        FrameFindings f = summarizer.examine(frame, h.bodyOffset(), apiKey, Direction.RESPONSE, version, null);
        return f.decoded() && f.problems().isEmpty() ? new Trial(apiKey, version, h, f) : null;
    }
}
