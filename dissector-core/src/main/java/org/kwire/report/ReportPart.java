package org.kwire.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.LongUnaryOperator;

/**
 * The mergeable state of a report: what {@link ReportBuilder} counted over one slice of the traffic (one analysis of
 * one or more capture files), or the merge of several ({@link PartMerge}), which is associative: merging the parts of
 * consecutive slices in any grouping gives the same part, and its report ({@link PartReport}) is the report of one
 * analysis of all their files together. Counters add up; the latency histograms are HdrHistogram's; the slowest
 * exchanges are merged as top-N; lists kept in capture order (warnings, CRC failures, partial batches, first frames)
 * are merged in capture order and cut to their limits; first/last values keep the earliest/latest.
 * <p>
 * Frame and stream numbers: each slice numbers its packets 1, 2, ... and its TCP connections 0, 1, ...; a merged part
 * numbers them provisionally, each slice's numbers shifted past those of the slices before it ({@link #slices}).
 * Their capture order across slices comes from {@link #frameTimes} ({@link #order()}); the numbers of the whole
 * capture are given when the report is built ({@link FrameNumbering}), by the caller that knows every slice's packets.
 *
 * @param slowestCount      {@code --top}
 * @param includeLongPolls  {@code --include-long-polls}
 * @param targetKafka       {@code --target-kafka}
 * @param slices            the slices merged, in order: their packets and TCP connections
 * @param frameTimes        for every frame number the part holds (in a part of several slices): the largest packet
 *                          time read in its slice up to that frame, epoch ns, which orders frames of different slices
 *                          as a merge of their files by timestamp does
 * @param topicNames        topic ids and the names the capture gave them
 * @param groupWaits        groups' rebalance timeouts, and the slowest exchanges that wait for one their slice lacked
 *                          (null, in a partial written before it existed: none)
 * @param groups            the consumer groups' exchanges and offsets ({@link org.kwire.groups.GroupsPart}; null, in a
 *                          partial written before it existed: none)
 * @param replication       Fetch by class, followers' lag, leadership ({@link ReplicationPart}; null, in a partial
 *                          written before it existed: none)
 * @param load              per client and API: requests, bytes, errors, throttle time; throttling per broker
 *                          ({@link LoadPart}; null, in a partial written before it existed: none)
 * @param endToEnd          produced batches and their first consumer fetch, still unpaired and paired
 *                          ({@link org.kwire.delivery.DeliveryPart}; null, in a partial written before it existed: none)
 * @param internalRecords   what Kafka's own records said: transaction markers, ...
 *                          ({@link org.kwire.internaltopics.InternalTopicsPart}; null, in a partial written before it
 *                          existed: none)
 * @param clientTelemetry   clients' pushed telemetry and subscriptions, KIP-714 ({@link ClientTelemetryPart}; null, in
 *                          a partial written before it existed: none)
 * @param schemaRegistry    Schema Registry ids in records' keys and values ({@link SchemaIdPart}; null, in a partial
 *                          written before it existed: none)
 */
public record ReportPart(int slowestCount, boolean includeLongPolls, String targetKafka, List<Slice> slices,
                         Map<Long, Long> frameTimes, List<ApiPart> apis, long responsesWithoutRequest, long frames,
                         long malformedFrames, long incompleteFrames, List<ConnectionPart> connections,
                         Map<String, Long> topicErrors, Map<String, Map<String, Long>> topicRequests,
                         List<PartitionPart> partitions, List<CrcFailureEntry> crcFailures, long crcFailuresOmitted,
                         List<PartialBatchEntry> partialBatches, long partialBatchesOmitted, TopicRatePart topicRate,
                         List<SlowExchange> slowest, Map<String, Map<Long, Long>> requestRate, Map<String, Long> expert,
                         List<NoteEntry> warnings, long warningsOmitted, List<ClientPart> clients,
                         List<BrokerPart> brokers, List<TxnPart> transactions, TlsPart tls, Map<String, String> topicNames,
                         GroupWaits groupWaits, org.kwire.groups.GroupsPart groups,
                         ReplicationPart replication, LoadPart load, org.kwire.delivery.DeliveryPart endToEnd,
                         org.kwire.internaltopics.InternalTopicsPart internalRecords,
                         ClientTelemetryPart clientTelemetry, SchemaIdPart schemaRegistry) {

    /** A part without {@code groupWaits} (read from an older partial) has none. */
    public ReportPart {
        groupWaits = groupWaits == null ? GroupWaits.NONE : groupWaits;
        groups = groups == null ? org.kwire.groups.GroupsPart.NONE : groups;
        replication = replication == null ? ReplicationPart.NONE : replication;
        load = load == null ? LoadPart.NONE : load;
        endToEnd = endToEnd == null ? org.kwire.delivery.DeliveryPart.NONE : endToEnd;
        internalRecords = internalRecords == null ? org.kwire.internaltopics.InternalTopicsPart.NONE : internalRecords;
        clientTelemetry = clientTelemetry == null ? ClientTelemetryPart.NONE : clientTelemetry;
        schemaRegistry = schemaRegistry == null ? SchemaIdPart.NONE : schemaRegistry;
    }

    /**
     * One slice: how many packets and TCP connections its analysis numbered.
     *
     * @param packets packets read
     * @param streams TCP connections seen
     */
    public record Slice(long packets, int streams) {
    }

    /** The capture order of this part's frame numbers. */
    public FrameOrder order() {
        if (slices.size() <= 1) {
            return FrameOrder.NATURAL;
        }
        long[] ends = new long[slices.size()];
        long sum = 0;
        for (int i = 0; i < ends.length; i++) {
            sum += slices.get(i).packets();
            ends[i] = sum;
        }
        return (a, b) -> {
            int sa = slice(ends, a);
            int sb = slice(ends, b);
            if (sa == sb) {
                return Long.compare(a, b);
            }
            int byTime = Long.compare(time(a), time(b));
            return byTime != 0 ? byTime : Integer.compare(sb, sa); // equal times: the slice given later first
        };
    }

    /**
     * The slice a 1-based number falls in, given the slices' cumulative ends (the first slice whose end is at least
     * the number; empty slices are skipped).
     */
    public static int slice(long[] ends, long frame) {
        int lo = 0;
        int hi = ends.length - 1;
        while (lo < hi) { // the first slice whose end is at least the number
            int mid = (lo + hi) >>> 1;
            if (ends[mid] < frame) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private long time(long frame) {
        Long t = frameTimes.get(frame);
        if (t == null) {
            throw new IllegalStateException("no time for frame " + frame + " of a merged part");
        }
        return t;
    }

    /** Every frame number this part holds (for {@link #withFrameTimes}), ascending. */
    public List<Long> frameNumbers() {
        TreeSet<Long> out = new TreeSet<>();
        mapFrames(f -> {
            if (f > 0) {
                out.add(f);
            }
            return f;
        }, s -> s);
        return new ArrayList<>(out);
    }

    /**
     * The largest stream number this part holds, -1 if none: those of its entries and those its notes' contexts name
     * ({@code "stream N ..."}).
     */
    public long largestStream() {
        long[] most = {-1};
        mapFrames(f -> f, s -> {
            most[0] = Math.max(most[0], s);
            return s;
        });
        return most[0];
    }

    /** This one-slice part with the time of each of its frames ({@code times} holds every {@link #frameNumbers()}). */
    public ReportPart withFrameTimes(Map<Long, Long> times) {
        return new ReportPart(slowestCount, includeLongPolls, targetKafka, slices, new TreeMap<>(times), apis,
                responsesWithoutRequest, frames, malformedFrames, incompleteFrames, connections, topicErrors, topicRequests,
                partitions, crcFailures, crcFailuresOmitted, partialBatches, partialBatchesOmitted, topicRate, slowest,
                requestRate, expert, warnings, warningsOmitted, clients, brokers, transactions, tls, topicNames, groupWaits, groups,
                replication, load, endToEnd, internalRecords, clientTelemetry, schemaRegistry);
    }

    /** What to add to the stream offsets of the notes of one direction of a stream (0: nothing). */
    @FunctionalInterface
    public interface OffsetShift {
        /**
         * @param stream         the stream number the note's context names
         * @param clientToBroker the direction it names
         * @return bytes to add to the note's offset
         */
        long offset(long stream, boolean clientToBroker);
    }

    /**
     * This part with the stream offsets of its listed notes moved (a joined connection's later slice counted them from
     * its own first byte; one analysis counts from the connection's start).
     */
    public ReportPart shiftStreamOffsets(OffsetShift shift) {
        List<NoteEntry> moved = warnings.stream().map(w -> w.shift(shift)).toList();
        return new ReportPart(slowestCount, includeLongPolls, targetKafka, slices, frameTimes, apis,
                responsesWithoutRequest, frames, malformedFrames, incompleteFrames, connections, topicErrors, topicRequests,
                partitions, crcFailures, crcFailuresOmitted, partialBatches, partialBatchesOmitted, topicRate, slowest,
                requestRate, expert, moved, warningsOmitted, clients, brokers, transactions, tls, topicNames, groupWaits, groups,
                replication, load, endToEnd, internalRecords, clientTelemetry, schemaRegistry);
    }

    /** This part with its slices, connections and clients replaced. */
    ReportPart with(List<Slice> slices, List<ConnectionPart> connections, List<ClientPart> clients) {
        return new ReportPart(slowestCount, includeLongPolls, targetKafka, slices, frameTimes, apis,
                responsesWithoutRequest, frames, malformedFrames, incompleteFrames, connections, topicErrors, topicRequests,
                partitions, crcFailures, crcFailuresOmitted, partialBatches, partialBatchesOmitted, topicRate, slowest,
                requestRate, expert, warnings, warningsOmitted, clients, brokers, transactions, tls, topicNames, groupWaits, groups,
                replication, load, endToEnd, internalRecords, clientTelemetry, schemaRegistry);
    }

    /** This part with its slowest exchanges and group waits replaced. */
    ReportPart withWaits(List<SlowExchange> slowest, GroupWaits groupWaits) {
        return new ReportPart(slowestCount, includeLongPolls, targetKafka, slices, frameTimes, apis,
                responsesWithoutRequest, frames, malformedFrames, incompleteFrames, connections, topicErrors, topicRequests,
                partitions, crcFailures, crcFailuresOmitted, partialBatches, partialBatchesOmitted, topicRate, slowest,
                requestRate, expert, warnings, warningsOmitted, clients, brokers, transactions, tls, topicNames, groupWaits, groups,
                replication, load, endToEnd, internalRecords, clientTelemetry, schemaRegistry);
    }

    /** This part with every frame and stream number mapped (frame 0, "none", stays 0). */
    ReportPart mapFrames(LongUnaryOperator f, LongUnaryOperator s) {
        LongUnaryOperator frame = x -> x <= 0 ? x : f.applyAsLong(x);
        java.util.function.IntUnaryOperator stream = x -> (int) s.applyAsLong(x);
        Map<Long, Long> times = new TreeMap<>();
        frameTimes.forEach((k, v) -> times.put(frame.applyAsLong(k), v));
        return new ReportPart(slowestCount, includeLongPolls, targetKafka, slices, times,
                apis.stream().map(a -> a.mapFrames(frame)).toList(), responsesWithoutRequest,
                frames, malformedFrames, incompleteFrames,
                connections.stream().map(c -> c.shift((int) s.applyAsLong(c.stream()) - c.stream())).toList(),
                topicErrors, topicRequests, partitions,
                crcFailures.stream().map(c -> new CrcFailureEntry(frame.applyAsLong(c.frame()), c.api(), c.topic(),
                        c.partition(), c.baseOffset(), c.magic(), c.stored(), c.computed())).toList(), crcFailuresOmitted,
                partialBatches.stream().map(p -> new PartialBatchEntry(frame.applyAsLong(p.frame()), p.api(), p.topic(),
                        p.partition(), p.bytesPresent(), p.bytesDeclared())).toList(), partialBatchesOmitted,
                PartMerge.mapFrames(topicRate, frame),
                slowest.stream().map(x -> SlowestExchanges.map(x, frame, stream)).toList(), requestRate, expert,
                warnings.stream().map(w -> w.map(frame, s)).toList(), warningsOmitted,
                clients.stream().map(c -> PartMerge.mapFrames(c, frame, stream)).toList(),
                brokers.stream().map(b -> new BrokerPart(PartMerge.mapFrame(b.stats(), frame), b.good())).toList(),
                transactions.stream().map(t -> PartMerge.mapFrames(t, frame)).toList(),
                PartMerge.mapFrames(tls, frame, stream), topicNames, groupWaits.map(frame, s), groups.map(frame),
                replication.mapFrames(frame), load, endToEnd.mapFrames(frame), internalRecords, clientTelemetry,
                schemaRegistry.mapFrames(frame));
    }

    /** Packets of every slice. */
    long packets() {
        return slices.stream().mapToLong(Slice::packets).sum();
    }

    /** TCP connections of every slice. */
    int streams() {
        return slices.stream().mapToInt(Slice::streams).sum();
    }
}
