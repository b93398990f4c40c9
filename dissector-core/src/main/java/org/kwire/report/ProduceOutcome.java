package org.kwire.report;

import org.kwire.protocol.ErrorCodes;
import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.FrameSummary;

import java.util.Objects;

/**
 * What became of the records of one Produce request, partition by partition (ProduceResponse.json: the broker answers
 * every partition of the request with an error code). A partition's records are acknowledged if the response answers
 * it with error code 0, rejected (by error name) if with another code, and unconfirmed if no response says: acks=0
 * (none comes), the connection closed or the capture ended first, or the response was not captured whole.
 */
final class ProduceOutcome {

    /** ApiKey of Produce. */
    static final int PRODUCE = 0;
    /** No answer for a partition (error codes are int16, so this is none of them). */
    private static final int NOT_ANSWERED = Integer.MIN_VALUE;

    private ProduceOutcome() {
    }

    /** Counts the outcome of each record set of a Produce exchange's request into its partition's produce counters. */
    static void count(ExchangeSummary e, TopicPartitions partitions) {
        if (e.apiKey() != PRODUCE || e.request() == null) {
            return;
        }
        FrameSummary response = e.response() != null && e.response().decoded() ? e.response() : null;
        for (FrameSummary.RecordsRef r : e.request().records()) {
            RecordAccumulator produce = partitions.entry(r.topic(), r.topicId(), r.partition()).produce;
            long records = r.summary().records();
            int error = response == null ? NOT_ANSWERED : answer(response, r);
            if (error == 0) {
                produce.acked(records);
            } else if (error != NOT_ANSWERED) {
                produce.rejected(ErrorCodes.name(error), records);
            } else {
                produce.unconfirmed(records);
            }
        }
    }

    /** The error code the response gives the record set's partition (0 for none), or {@link #NOT_ANSWERED}. */
    private static int answer(FrameSummary response, FrameSummary.RecordsRef r) {
        for (FrameSummary.ErrorRef err : response.errors()) {
            if (err.partition() == r.partition() && Objects.equals(err.topic(), r.topic())
                    && Objects.equals(err.topicId(), r.topicId())) {
                return err.code();
            }
        }
        for (FrameSummary.PartitionRef p : response.partitions()) {
            if (p.partition() == r.partition() && Objects.equals(p.topic(), r.topic()) && Objects.equals(p.topicId(), r.topicId())) {
                return 0;
            }
        }
        return NOT_ANSWERED;
    }
}
