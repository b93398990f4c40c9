package org.kwire.report;

import org.kwire.frame.FrameInfo;
import org.kwire.protocol.RequestHeader;
import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.WaitClassifier;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/** The report's {@code slowest}: the N matched exchanges with the highest latency, kept in a bounded heap. */
final class SlowestExchanges {

    private final int count;
    private final PriorityQueue<SlowExchange> heap = new PriorityQueue<>(Comparator.comparingLong(SlowExchange::latencyUs));

    /** @param count how many to keep (0: none) */
    SlowestExchanges(int count) {
        this.count = count;
    }

    /** Considers a matched exchange (request and response seen), with its wait. */
    void offer(ExchangeSummary e, String apiName, WaitClassifier.Wait wait) {
        long latency = e.latencyMicros();
        if (count <= 0 || latency < 0 || heap.size() == count && heap.peek().latencyUs() >= latency) {
            return;
        }
        RequestHeader h = e.requestHeader();
        FrameInfo req = e.request().frame();
        heap.add(new SlowExchange(apiName, h.apiVersion(), h.correlationId(), latency, req.lastPacket(),
                e.response().frame().lastPacket(), Instant.ofEpochSecond(0, req.lastTimestampNanos()).toString(),
                e.conversation().id(), e.conversation().client(), e.conversation().broker(), h.clientId(),
                wait.waitMs() < 0 ? null : wait.waitMs(), wait.kind(), wait.empty(), wait.longPoll(), wait.expected()));
        if (heap.size() > count) {
            heap.poll();
        }
    }

    /** The exchanges kept, slowest first. */
    List<SlowExchange> list() {
        List<SlowExchange> out = new ArrayList<>(heap);
        out.sort(Comparator.comparingLong(SlowExchange::latencyUs).reversed());
        return out;
    }
}
