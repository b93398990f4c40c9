package org.kwire.report;

import org.kwire.expert.ExpertNote;
import org.kwire.expert.Severity;
import org.kwire.schema.SchemaRegistry;
import org.kwire.summary.TopicNames;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds the {@link Report} of a {@link ReportPart}: of one analysis ({@link ReportBuilder#build}), or of merged parts,
 * whose frame and stream numbers a {@link FrameNumbering} turns into those of the whole capture. One code path for
 * both, so that a merged report is built exactly as one analysis's.
 */
public final class PartReport {

    private PartReport() {
    }

    /**
     * A part with one more warning-or-worse note counted and listed (if fewer than {@link ReportBuilder#MAX_WARNINGS}
     * are, else counted as omitted), as {@link ReportBuilder#note} does: for the capture's own warnings, added once
     * parts are merged.
     */
    public static ReportPart noted(ReportPart p, ExpertNote note) {
        return noted(p, note, false);
    }

    /**
     * {@link #noted(ReportPart, ExpertNote)}, listed first if {@code first} (a warning about the report itself, which
     * must not be cut off by the limit: the last listed one is then counted as omitted instead).
     */
    public static ReportPart noted(ReportPart p, ExpertNote note, boolean first) {
        Map<String, Long> expert = new TreeMap<>(p.expert());
        expert.merge(note.item().id(), 1L, Long::sum);
        List<NoteEntry> warnings = new ArrayList<>(p.warnings());
        long omitted = p.warningsOmitted();
        if (note.severity().compareTo(Severity.WARNING) >= 0) {
            if (first) {
                warnings.add(0, new NoteEntry(note));
            }
            if (warnings.size() > ReportBuilder.MAX_WARNINGS || !first && warnings.size() == ReportBuilder.MAX_WARNINGS) {
                if (first) {
                    warnings.remove(warnings.size() - 1);
                }
                omitted++;
            } else if (!first) {
                warnings.add(new NoteEntry(note));
            }
        }
        return new ReportPart(p.slowestCount(), p.includeLongPolls(), p.targetKafka(), p.slices(), p.frameTimes(), p.apis(),
                p.responsesWithoutRequest(), p.frames(), p.malformedFrames(), p.incompleteFrames(), p.connections(),
                p.topicErrors(), p.topicRequests(), p.partitions(), p.crcFailures(), p.crcFailuresOmitted(),
                p.partialBatches(), p.partialBatchesOmitted(), p.topicRate(), p.slowest(), p.requestRate(), expert,
                List.copyOf(warnings), omitted, p.clients(), p.brokers(), p.transactions(), p.tls(), p.topicNames(), p.groupWaits(), p.groups(),
                p.replication(), p.load(), p.endToEnd(), p.internalRecords(), p.clientTelemetry(), p.schemaRegistry());
    }

    /**
     * The report.
     *
     * @param capture   facts about the input that only the packet reader knows (the frame and connection counts are
     *                  filled in here)
     * @param numbering the capture's frame and stream numbers of the part's
     * @throws IllegalArgumentException if kwire bundles no schemas of the part's target release
     */
    public static Report build(ReportPart p, SchemaRegistry schemas, CaptureSummary capture, FrameNumbering numbering) {
        TopicNames names = new TopicNames();
        p.topicNames().forEach(names::learn);
        List<ApiStats> apis = new ArrayList<>();
        toMap(p.apis()).forEach((key, a) -> apis.add(a.toStats(schemas.apiName(key), names)));
        List<ConnectionStats> conns = new ArrayList<>();
        long kafka = 0;
        for (ConnectionPart c : p.connections()) {
            conns.add(c.toStats(numbering));
            kafka += c.protocol().equals("kafka") ? 1 : 0;
        }
        conns.sort(Comparator.comparingInt(ConnectionStats::stream));
        List<PartitionStats> partitions = TopicPartitions.stats(p.partitions(), names);
        Map<String, long[]> topicErrors = new TreeMap<>();
        p.topicErrors().forEach((t, n) -> topicErrors.computeIfAbsent(names.display(null, t), k -> new long[1])[0] += n);
        List<SlowExchange> slowest = new ArrayList<>(p.slowest().stream()
                .map(s -> SlowestExchanges.map(s, numbering::frame, numbering::stream)).toList());
        slowest.sort(SlowestExchanges.order(FrameOrder.NATURAL));
        String release = schemas.release(p.targetKafka());
        if (release == null) {
            throw new IllegalArgumentException("no bundled schemas of Kafka " + p.targetKafka() + " (bundled: "
                    + String.join(", ", schemas.targetReleases()) + ")");
        }
        List<ClientPart> clients = p.clients().stream().map(c -> PartMerge.mapFrames(c, numbering::frame, x -> x)).toList();
        CaptureSummary cap = new CaptureSummary(capture.files(), capture.packets(), capture.bytes(),
                capture.firstTimestamp(), capture.lastTimestamp(), capture.tcpConnections(), kafka,
                p.frames(), p.malformedFrames(), p.incompleteFrames());
        List<String> warnings = new ArrayList<>();
        p.warnings().forEach(w -> warnings.add(w.render(numbering)));
        warnings.addAll(p.tls().warnings());
        long untracked = p.transactions().stream().mapToLong(TxnPart::untrackedMarkers).sum();
        if (untracked > 0 && p.slices().size() > 1) {
            warnings.add(untracked + " COMMIT/ABORT marker(s) of producer ids past the " + TransactionAccumulator.MAX_UNKNOWN_PRODUCERS
                    + " a slice keeps apart are counted under an unknown transactional.id (their slice did not see the"
                    + " InitProducerId that tied them)");
        }
        if (p.groups().eventsOmitted() > 0) {
            warnings.add("consumer_groups cut short: " + p.groups().eventsOmitted() + " group exchange(s) past the "
                    + org.kwire.groups.GroupsPart.MAX_EVENTS + " kept were not replayed");
        }
        warnings.addAll(ReplicationWarnings.of(p.replication()));
        if (p.load().exchangesOmitted() > 0) {
            warnings.add("load: " + p.load().exchangesOmitted() + " exchange(s) of clients past the first "
                    + LoadAccumulator.MAX_CLIENTS + " (address, client_id) are not counted there");
        }
        org.kwire.delivery.EndToEnd endToEnd = org.kwire.delivery.EndToEnd.of(p.endToEnd(), p.order(),
                t -> names.display(null, t));
        if (endToEnd != null && endToEnd.warning() != null) {
            warnings.add(endToEnd.warning());
        }
        List<TxnPart> transactions = TxnMarkerTies.tie(p.transactions());
        return new Report(Report.VERSION, cap, apis, p.responsesWithoutRequest(), conns,
                clients.stream().map(c -> c.toStats(schemas)).toList(),
                TopicBreakdown.of(partitions, p.topicRequests(), topicErrors, names), partitions, List.copyOf(slowest),
                RequestRateAccumulator.toRate(p.requestRate()),
                p.crcFailures().stream().map(c -> new CrcFailureEntry(numbering.frame(c.frame()), c.api(), c.topic(),
                        c.partition(), c.baseOffset(), c.magic(), c.stored(), c.computed())).toList(), p.crcFailuresOmitted(),
                p.partialBatches().stream().map(b -> new PartialBatchEntry(numbering.frame(b.frame()), b.api(), b.topic(),
                        b.partition(), b.bytesPresent(), b.bytesDeclared())).toList(), p.partialBatchesOmitted(),
                Collections.unmodifiableMap(new TreeMap<>(p.expert())), List.copyOf(warnings), p.warningsOmitted(),
                p.includeLongPolls(), ReadinessCheck.of(p.targetKafka(), release, schemas, clients),
                p.brokers().stream().map(b -> b.toStats(numbering)).toList(),
                transactions.stream().map(t -> t.toStats(names)).toList(), p.topicRate().toRate(names),
                p.tls().toSummary(numbering), null, org.kwire.groups.GroupReplay.build(p.groups(), names, software(clients)),
                                p.replication().toSummary(names, numbering), LoadSummary.of(p.load(), p.slowestCount()),
                ConsumerLagBuilder.build(p.replication().lag(), p.groups(), names, numbering), endToEnd,
                org.kwire.internaltopics.InternalRecordsSummary.of(p.internalRecords(), t -> names.display(null, t),
                        transactionalIds(transactions)),
                p.clientTelemetry().toSection(software(clients)),
                SchemaIdSection.of(p.schemaRegistry(), names, numbering));
    }

    /** A producer id's transactional.id, as the transactions tied them; null if none did. */
    private static java.util.function.LongFunction<String> transactionalIds(List<TxnPart> transactions) {
        Map<Long, String> ids = new java.util.HashMap<>();
        transactions.forEach(t -> {
            if (t.transactionalId() != null) {
                t.producerIds().forEach(id -> ids.putIfAbsent(id, t.transactionalId()));
            }
        });
        return ids::get;
    }

    /** A client's software name and version by address and client_id, from the clients section; null if unknown. */
    private static org.kwire.groups.GroupReplay.Software software(List<ClientPart> clients) {
        return (address, id) -> clients.stream().filter(c -> c.address().equals(address)
                && java.util.Objects.equals(c.clientId(), id) && c.softwareName() != null)
                .map(c -> new String[] {c.softwareName(), c.softwareVersion()}).findFirst().orElse(null);
    }

    private static Map<Integer, ApiPart> toMap(List<ApiPart> apis) {
        Map<Integer, ApiPart> m = new TreeMap<>();
        apis.forEach(a -> m.put(a.apiKey(), a));
        return m;
    }
}
