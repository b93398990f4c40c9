package org.kwire.text;

import org.kwire.delivery.EndToEnd;
import org.kwire.delivery.EndToEnd.TopicDelivery;
import org.kwire.report.Report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The summary's {@code End-to-end} entry (the report's {@code end_to_end}): the {@value #TOP} topics whose delivered
 * batches took longest at the 99th percentile from their Produce response to their first consumer Fetch response,
 * with the batches measured; the batches never delivered in the capture, and those delivered before their Produce
 * response. Words shared with the HTML page. It needs a look when produced batches were let go past the bounds (the
 * figures miss them). None when no batch was produced, or none was delivered nor left undelivered.
 */
public final class EndToEndWords {

    /** Topics named at most. */
    static final int TOP = 3;

    private EndToEndWords() {
    }

    /** The entry, or null when there is nothing to say. */
    static SummaryEntry of(Report r) {
        EndToEnd e = r.endToEnd();
        if (e == null) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        List<TopicDelivery> worst = worstFirst(e);
        if (!worst.isEmpty()) {
            List<String> named = new ArrayList<>();
            for (TopicDelivery t : worst.subList(0, Math.min(TOP, worst.size()))) {
                named.add(t.topic() + " " + Units.duration(t.latency().p99()) + " ("
                        + (named.isEmpty() ? batches(t.deliveredBatches()) : Units.count(t.deliveredBatches()))
                        + ")");
            }
            parts.add("Produce to first consumer fetch, p99: " + String.join(", ", named)
                    + (worst.size() > TOP ? ", " + (worst.size() - TOP) + " more" : ""));
        }
        long undelivered = e.topics().stream().mapToLong(TopicDelivery::undeliveredBatches).sum();
        if (undelivered > 0) {
            parts.add(batches(undelivered) + " never fetched in the capture");
        }
        long before = e.topics().stream().mapToLong(TopicDelivery::deliveredBeforeProduceResponse).sum();
        if (before > 0) {
            parts.add(Units.count(before) + " fetched before " + (before == 1 ? "its" : "their") + " Produce response (0 ms)");
        }
        long omitted = e.topics().stream().mapToLong(TopicDelivery::omittedBatches).sum();
        if (omitted > 0) {
            parts.add(batches(omitted) + " let go past the bounds");
        }
        return parts.isEmpty() ? null : new SummaryEntry(omitted > 0, String.join("; ", parts));
    }

    /** {@code 1 batch}, {@code 3 batches}. */
    public static String batches(long n) {
        return Units.count(n) + (n == 1 ? " batch" : " batches");
    }

    /** The topics with a delivered batch, the slowest at the 99th percentile first (then by name). */
    public static List<TopicDelivery> worstFirst(EndToEnd e) {
        return e.topics().stream().filter(t -> t.latency() != null)
                .sorted(Comparator.comparingLong((TopicDelivery t) -> -t.latency().p99()).thenComparing(TopicDelivery::topic))
                .toList();
    }
}
