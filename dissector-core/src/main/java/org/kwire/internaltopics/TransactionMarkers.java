package org.kwire.internaltopics;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.LongFunction;
import java.util.function.UnaryOperator;

/**
 * The report's {@code internal_records.transaction_markers}: the COMMIT and ABORT markers (KIP-98) the capture's
 * fetches carried, per producer id, each marker counted once however many followers and consumers fetched it.
 *
 * @param producers per producer id, ascending
 * @param markers   distinct markers counted (those listed in the part: at most {@link MarkerPart#MAX_MARKERS})
 * @param sightings COMMIT/ABORT control batches in fetch responses, each time one was carried
 * @param omitted   sightings of markers past the cap (counted here only)
 */
public record TransactionMarkers(List<Producer> producers, long markers, long sightings, long omitted) {

    /** Most topics and epochs listed per producer id. */
    public static final int MAX_LISTED = 20;

    /**
     * One producer id's markers.
     *
     * @param producerId        the producer id of the marker batches
     * @param transactionalId   its transactional.id when the capture tied them (the report's {@code transactions}),
     *                          else null
     * @param commits           distinct COMMIT markers
     * @param aborts            distinct ABORT markers
     * @param partitions        distinct topic-partitions they were written to
     * @param topics            those partitions' topics, sorted (at most {@value #MAX_LISTED}; ids where the name is
     *                          unknown)
     * @param producerEpochs    the marker batches' producer epochs, ascending (at most {@value #MAX_LISTED}; with
     *                          transaction.version 2, KIP-890, each transaction ends with a new one)
     * @param coordinatorEpochs the markers' coordinator epochs, ascending (at most {@value #MAX_LISTED}; -1: unread)
     * @param first             the earliest marker's timestamp (the leader's time of writing it), ISO-8601 UTC
     * @param last              the latest marker's timestamp, ISO-8601 UTC
     */
    public record Producer(long producerId, String transactionalId, long commits, long aborts, long partitions,
                           List<String> topics, List<Integer> producerEpochs, List<Integer> coordinatorEpochs,
                           String first, String last) {
    }

    /**
     * The section of a part; null if it holds no marker.
     *
     * @param names            a topic id's name (the id itself if unknown)
     * @param transactionalIds a producer id's transactional.id, or null
     */
    public static TransactionMarkers of(MarkerPart part, UnaryOperator<String> names,
                                        LongFunction<String> transactionalIds) {
        if (part.sightings() == 0) {
            return null;
        }
        Map<String, Marker> distinct = new LinkedHashMap<>(); // a topic met by name and by id: one marker
        part.markers().forEach(s -> distinct.putIfAbsent(s.marker().named(names).key(), s.marker().named(names)));
        Map<Long, List<Marker>> byProducer = new TreeMap<>();
        distinct.values().forEach(m -> byProducer.computeIfAbsent(m.producerId(), k -> new ArrayList<>()).add(m));
        List<Producer> out = new ArrayList<>();
        byProducer.forEach((id, list) -> out.add(producer(id, transactionalIds.apply(id), list)));
        return new TransactionMarkers(List.copyOf(out), distinct.size(), part.sightings(), part.omitted());
    }

    private static Producer producer(long id, String transactionalId, List<Marker> markers) {
        long commits = 0;
        TreeSet<String> partitions = new TreeSet<>();
        TreeSet<String> topics = new TreeSet<>();
        TreeSet<Integer> producerEpochs = new TreeSet<>();
        TreeSet<Integer> coordinatorEpochs = new TreeSet<>();
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (Marker m : markers) {
            commits += m.commit() ? 1 : 0;
            partitions.add(m.topic() + "\u0000" + m.partition());
            topics.add(m.topic());
            producerEpochs.add((int) m.producerEpoch());
            coordinatorEpochs.add(m.coordinatorEpoch());
            first = Math.min(first, m.timestamp());
            last = Math.max(last, m.timestamp());
        }
        return new Producer(id, transactionalId, commits, markers.size() - commits, partitions.size(), first(topics),
                first(producerEpochs), first(coordinatorEpochs), iso(first), iso(last));
    }

    private static <T> List<T> first(TreeSet<T> set) {
        return set.stream().limit(MAX_LISTED).toList();
    }

    private static String iso(long ms) {
        return ms < 0 ? null : Instant.ofEpochMilli(ms).toString();
    }
}
