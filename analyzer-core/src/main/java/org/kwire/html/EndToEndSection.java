package org.kwire.html;

import org.kwire.delivery.EndToEnd;
import org.kwire.delivery.EndToEnd.TopicDelivery;
import org.kwire.report.LatencySummary;
import org.kwire.report.Report;
import org.kwire.text.EndToEndWords;

import java.util.ArrayList;
import java.util.List;

/**
 * End-to-end latency ({@code end_to_end}, issue 22): per topic, the time from each batch's Produce response to the
 * first consumer Fetch response that delivered it, as a latency chart (the slowest topics at the 99th percentile
 * first, as the text summary names them) and a table with the batches produced, delivered, undelivered, delivered
 * before their Produce response, and the records' CreateTime view beside it, with what that view can be trusted for.
 * Shown when the report has the section (a batch was produced).
 */
final class EndToEndSection implements PageSection {

    @Override
    public String id() {
        return "end-to-end";
    }

    @Override
    public String title() {
        return "End-to-end latency";
    }

    @Override
    public boolean shown(Report r) {
        return r.endToEnd() != null;
    }

    @Override
    public void write(Report r, Markup m) {
        EndToEnd e = r.endToEnd();
        List<LatencyRanges.Row> rows = new ArrayList<>();
        for (TopicDelivery t : EndToEndWords.worstFirst(e)) {
            rows.add(new LatencyRanges.Row(t.topic(), t.latency()));
        }
        new Figure("End-to-end latency per topic", "For each topic, the time from a record batch's Produce response (the "
                + "broker gave it its offsets) to the first consumer Fetch response that delivered it: the median (p50), "
                + "the 99th percentile and the slowest, on a logarithmic axis; the slowest topics at the 99th percentile "
                + "first. The number of delivered batches is in brackets.",
                "No produced batch was delivered to a consumer in this capture.",
                new LatencyRanges("end-to-end", "End-to-end latency per topic: p50, p99 and max", "batch", "batches", rows))
                .writeTo(m);
        Table table = new Table("table-end-to-end", "topic", "batches produced", "delivered", "undelivered",
                "let go", "delivered before the Produce response", "p50 ms", "p99 ms", "max ms",
                "from CreateTime: batches", "p50 ms", "p99 ms", "max ms", "clock ahead", "no CreateTime");
        for (TopicDelivery t : e.topics()) {
            LatencySummary l = t.latency();
            LatencySummary c = t.createTime().fromFirstTimestamp();
            table.row(new Table.Name(t.topic()), t.producedBatches(), t.deliveredBatches(), t.undeliveredBatches(),
                    t.omittedBatches(), t.deliveredBeforeProduceResponse(), millis(l == null ? null : l.p50()),
                    millis(l == null ? null : l.p99()), millis(l == null ? null : l.max()), t.createTime().batches(),
                    millis(c == null ? null : c.p50()), millis(c == null ? null : c.p99()),
                    millis(c == null ? null : c.max()), t.createTime().clockAhead(), t.createTime().withoutCreateTime());
        }
        PageSection.table(m, table, null);
        m.element("p", "A batch is delivered by the first Fetch response of a consumer (not a follower, not the KRaft "
                + "metadata log) that holds a batch of its partition with the base offset its Produce response gave. "
                + "From CreateTime: the same deliveries measured from the batch's first record timestamp, the "
                + "producer's clock against the capturing host's, so only as right as the two clocks agree, and "
                + "including the time the records waited in the producer (linger.ms, batching); batches whose "
                + "timestamp is after the Fetch response (the producer's clock ahead) are left out.", "class", "note");
    }

    private static Table.Millis millis(Long micros) {
        return micros == null ? null : new Table.Millis(micros);
    }
}
