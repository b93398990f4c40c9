package org.kwire.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.function.IntUnaryOperator;
import java.util.function.LongUnaryOperator;

/**
 * Merges two {@link ReportPart}s of consecutive slices (the second's slices follow the first's): the second's frame and
 * stream numbers are shifted past the first's, then each section is merged (sums, histograms, top-N, lists in capture
 * order cut to their limits, earliest and latest values). Associative: {@code merge(merge(a, b), c)} equals
 * {@code merge(a, merge(b, c))}.
 */
public final class PartMerge {

    private PartMerge() {
    }

    /**
     * @throws IllegalArgumentException if the parts were made with different report options ({@code --top},
     *                                  {@code --include-long-polls}, {@code --target-kafka})
     */
    public static ReportPart merge(ReportPart a, ReportPart b) {
        if (a.slowestCount() != b.slowestCount() || a.includeLongPolls() != b.includeLongPolls()
                || !a.targetKafka().equals(b.targetKafka())) {
            throw new IllegalArgumentException("parts made with different report options (--top " + a.slowestCount() + "/"
                    + b.slowestCount() + ", --include-long-polls " + a.includeLongPolls() + "/" + b.includeLongPolls()
                    + ", --target-kafka " + a.targetKafka() + "/" + b.targetKafka() + ")");
        }
        long frameShift = a.packets();
        int streamShift = a.streams();
        // nothing to shift (a is an overlay's part, numbered as b already): b as it is, not a copy of all of it
        ReportPart s = frameShift == 0 && streamShift == 0 ? b : b.mapFrames(f -> f + frameShift, x -> x + streamShift);
        List<ReportPart.Slice> slices = new ArrayList<>(a.slices());
        slices.addAll(s.slices());
        Map<Long, Long> times = new TreeMap<>(s.frameTimes()); // the larger map copied in order, the other added
        a.frameTimes().forEach(times::putIfAbsent); // (s's time of a frame both hold wins, as when s's were put last)
        FrameOrder order = new ReportPart(a.slowestCount(), false, "", slices, times, List.of(), 0, 0, 0, 0, List.of(),
                Map.of(), Map.of(), List.of(), List.of(), 0, List.of(), 0, null, List.of(), Map.of(), Map.of(), List.of(), 0,
                List.of(), List.of(), List.of(), null, Map.of(), GroupWaits.NONE, null, null, null, null, null, null, null).order();
        List<CrcFailureEntry> crc = Sequences.merge(a.crcFailures(), s.crcFailures(), CrcFailureEntry::frame, order, ReportBuilder.MAX_LISTED);
        List<PartialBatchEntry> partial = Sequences.merge(a.partialBatches(), s.partialBatches(), PartialBatchEntry::frame,
                order, ReportBuilder.MAX_LISTED);
        List<NoteEntry> notes = Sequences.merge(a.warnings(), s.warnings(), NoteEntry::frame, order, ReportBuilder.MAX_WARNINGS);
        List<SlowExchange> slowest = SlowestExchanges.merge(a.slowest(),
                GroupWaits.resolve(s.slowest(), s.groupWaits(), a.groupWaits()), a.slowestCount(), order);
        Map<String, String> names = new TreeMap<>(a.topicNames());
        names.putAll(s.topicNames());
        return new ReportPart(a.slowestCount(), a.includeLongPolls(), a.targetKafka(), slices, times,
                byKey(a.apis(), s.apis(), ApiPart::apiKey, (x, y) -> x.merge(y, order)),
                a.responsesWithoutRequest() + s.responsesWithoutRequest(), a.frames() + s.frames(),
                a.malformedFrames() + s.malformedFrames(), a.incompleteFrames() + s.incompleteFrames(),
                byKey(a.connections(), s.connections(), ConnectionPart::stream, ConnectionPart::merge),
                sum(a.topicErrors(), s.topicErrors()), sumNested(a.topicRequests(), s.topicRequests()),
                byKey(a.partitions(), s.partitions(), PartitionPart::key, PartitionPart::merge),
                crc, a.crcFailuresOmitted() + s.crcFailuresOmitted() + a.crcFailures().size() + s.crcFailures().size() - crc.size(),
                partial, a.partialBatchesOmitted() + s.partialBatchesOmitted() + a.partialBatches().size()
                        + s.partialBatches().size() - partial.size(),
                a.topicRate().merge(s.topicRate(), order),
                slowest,
                RequestRateAccumulator.merge(a.requestRate(), s.requestRate()), sum(a.expert(), s.expert()),
                notes, a.warningsOmitted() + s.warningsOmitted() + a.warnings().size() + s.warnings().size() - notes.size(),
                byKey(a.clients(), s.clients(), ClientPart::key, (x, y) -> x.merge(y, order)),
                byKey(a.brokers(), s.brokers(), p -> p.stats().broker(), (x, y) -> x.merge(y, order)),
                byKey(a.transactions(), s.transactions(), t -> Objects.toString(t.transactionalId(), "\uffff"),
                        (x, y) -> x.merge(y, order)),
                a.tls().merge(s.tls()), names, GroupWaits.merge(a.groupWaits(), s.groupWaits(), slowest),
                org.kwire.groups.GroupsPart.merge(a.groups(), s.groups(), order),
                a.replication().merge(s.replication(), order), a.load().merge(s.load()),
                a.endToEnd().merge(s.endToEnd(), order, t -> names.getOrDefault(t, t)),
                a.internalRecords().merge(s.internalRecords()), a.clientTelemetry().merge(s.clientTelemetry()),
                a.schemaRegistry().merge(s.schemaRegistry(), order));
    }

    /**
     * {@code base} with {@code extra} added, whose frame and stream numbers are already base's (the boundary pieces of
     * a merge's slices analyzed again, joined: {@code org.kwire.partial.Stitcher}); {@code time} gives the running
     * maximum timestamp of each of extra's frames (for ordering them among base's slices).
     */
    public static ReportPart overlay(ReportPart base, ReportPart extra, LongUnaryOperator time) {
        Map<Long, Long> times = new TreeMap<>();
        extra.frameNumbers().forEach(f -> times.put(f, time.applyAsLong(f)));
        ReportPart e = GroupWaits.resolveWith(extra.withFrameTimes(times).with(List.of(), extra.connections(),
                extra.clients()), base.groupWaits());
        ReportPart m = merge(e, base);
        return m.with(m.slices(), byKey(base.connections(), e.connections(), ConnectionPart::stream, ConnectionPart::merge),
                m.clients());
    }

    /**
     * {@code p} with its stream numbers mapped by {@code map} (a connection that went on from one slice into the next
     * numbered as in the first); the entries of streams mapped onto one are joined.
     */
    public static ReportPart joinStreams(ReportPart p, IntUnaryOperator map) {
        ReportPart m = p.mapFrames(f -> f, s -> map.applyAsInt((int) s));
        List<ClientPart> clients = m.clients().stream().map(c -> new ClientPart(c.address(), c.clientId(),
                c.streams().stream().distinct().toList(), c.requests(), c.responses(), c.requestBytes(),
                c.responseBytes(), c.errors(), c.errorResponses(), c.apis(), c.errorCodes(), c.usage(), c.softwareName(),
                c.softwareVersion(), c.softwareFrame(), c.firstSeenNanos(), c.lastSeenNanos())).toList();
        return m.with(m.slices(), byKey(List.of(), m.connections(), ConnectionPart::stream, ConnectionPart::merge), clients);
    }

    /** Entries of both lists by key (sorted), those of one key merged. */
    private static <T, K extends Comparable<K>> List<T> byKey(List<T> a, List<T> b, Function<T, K> key, BinaryOperator<T> merge) {
        Map<K, T> out = new TreeMap<>();
        a.forEach(x -> out.put(key.apply(x), x));
        b.forEach(x -> out.merge(key.apply(x), x, merge));
        return List.copyOf(out.values());
    }

    private static Map<String, Long> sum(Map<String, Long> a, Map<String, Long> b) {
        Map<String, Long> out = new TreeMap<>(a);
        b.forEach((k, v) -> out.merge(k, v, Long::sum));
        return out;
    }

    private static Map<String, Map<String, Long>> sumNested(Map<String, Map<String, Long>> a, Map<String, Map<String, Long>> b) {
        Map<String, Map<String, Long>> out = new TreeMap<>();
        a.forEach((k, v) -> out.put(k, new TreeMap<>(v)));
        b.forEach((k, v) -> out.merge(k, new TreeMap<>(v), PartMerge::sum));
        return out;
    }

    static TopicRatePart mapFrames(TopicRatePart r, LongUnaryOperator frame) {
        Map<String, Long> first = new LinkedHashMap<>();
        r.firstFrames().forEach((k, v) -> first.put(k, frame.applyAsLong(v)));
        return new TopicRatePart(r.widthIndex(), r.origin(), r.used(), r.series(), first, r.other(), r.otherKeys());
    }

    static ClientPart mapFrames(ClientPart c, LongUnaryOperator frame, IntUnaryOperator stream) {
        List<ClientPart.Usage> usage = c.usage().stream().map(u -> new ClientPart.Usage(u.apiKey(), u.version(),
                u.requests(), u.frames().stream().map(frame::applyAsLong).toList())).toList();
        return new ClientPart(c.address(), c.clientId(), c.streams().stream().map(stream::applyAsInt).toList(),
                c.requests(), c.responses(), c.requestBytes(), c.responseBytes(), c.errors(), c.errorResponses(), c.apis(),
                c.errorCodes(), usage, c.softwareName(), c.softwareVersion(), frame.applyAsLong(c.softwareFrame()),
                c.firstSeenNanos(), c.lastSeenNanos());
    }

    static BrokerStats mapFrame(BrokerStats s, LongUnaryOperator frame) {
        return new BrokerStats(s.broker(), s.apiVersionsResponses(), frame.applyAsLong(s.frame()), s.timestamp(),
                s.responseVersion(), s.apis(), s.supportedFeatures(), s.finalizedFeatures(), s.finalizedFeaturesEpoch());
    }

    static TxnPart mapFrames(TxnPart t, LongUnaryOperator frame) {
        return new TxnPart(t.transactionalId(), t.producerIds(), t.producerEpoch(), t.initProducerId(), t.partitionsAdded(),
                t.topics().stream().map(x -> new ApiPart.TopicSeen(x.topic(), frame.applyAsLong(x.frame()))).toList(),
                t.produceRequests(), t.producedRecords(), t.addOffsets(), t.offsetsCommitted(), t.groups(), t.commits(),
                t.aborts(), t.commitMarkers(), t.abortMarkers(), t.errors(), t.errorCodes(), t.firstSeenNanos(),
                t.lastSeenNanos(), t.unknownMarkers(), t.untrackedMarkers());
    }

    static TlsPart mapFrames(TlsPart t, LongUnaryOperator frame, IntUnaryOperator stream) {
        return t.map(frame, stream);
    }
}
