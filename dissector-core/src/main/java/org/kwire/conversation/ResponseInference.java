package org.kwire.conversation;

import org.kwire.dissect.DissectionVisitor;
import org.kwire.dissect.Interpreter;
import org.kwire.frame.KafkaFrame;
import org.kwire.plan.MessagePlan;
import org.kwire.plan.PlanCache;
import org.kwire.protocol.HeaderDecoder;
import org.kwire.protocol.WireReader;
import org.kwire.schema.Direction;

import java.util.Collection;
import java.util.Optional;

/**
 * Infers the API of a response whose request was not captured, where the connection makes it certain: among the
 * (api key, version) pairs of the requests seen on that connection, exactly one must decode the whole response cleanly
 * (its header version applied, every byte consumed, no problem). Otherwise the API stays unknown.
 */
final class ResponseInference {

    private final PlanCache plans;
    private final HeaderDecoder headers;

    /** Counts problems; decodes nothing else. */
    private static final class Problems implements DissectionVisitor {
        int count;

        @Override
        public void problem(int offset, String group, String message) {
            count++;
        }
    }

    ResponseInference(PlanCache plans, HeaderDecoder headers) {
        this.plans = plans;
        this.headers = headers;
    }

    /**
     * @param candidates (api key &lt;&lt; 16 | version) of the requests seen on the connection
     * @return the one candidate that decodes the frame cleanly, or -1
     */
    long infer(KafkaFrame frame, Collection<Long> candidates) {
        if (!frame.complete()) {
            return -1;
        }
        long found = -1;
        for (long c : candidates) {
            if (decodes(frame, (int) (c >>> 16), (int) (c & 0xffff))) {
                if (found >= 0) {
                    return -1; // two APIs fit: not certain
                }
                found = c;
            }
        }
        return found;
    }

    /**
     * True if the frame is complete and decodes cleanly as a response of this API version: its header version
     * applied, every byte consumed, no problem.
     */
    boolean decodes(KafkaFrame frame, int apiKey, int version) {
        Optional<MessagePlan> plan = plans.plan(apiKey, Direction.RESPONSE, version);
        if (!frame.complete() || plan.isEmpty()) {
            return false;
        }
        try {
            int bodyOffset = 4 + headers.response(frame.bytes(), apiKey, version).length();
            Problems p = new Problems();
            return Interpreter.decode(frame.bytes(), bodyOffset, frame.length(), plan.get(), p) == frame.length() && p.count == 0;
        } catch (WireReader.Truncated e) {
            return false; // the header does not fit
        }
    }
}
