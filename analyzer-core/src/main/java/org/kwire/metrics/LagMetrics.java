package org.kwire.metrics;

import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import org.kwire.report.ConsumerLag;
import org.kwire.report.ConsumerLagBuilder;
import org.kwire.report.GroupTies;
import org.kwire.report.LagFacts;
import org.kwire.report.LagPart;
import org.kwire.summary.TopicNames;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongSupplier;

/**
 * The state of the lag gauges, {@code kwire_consumer_lag_records} and {@code kwire_replication_lag_records}: the
 * facts the report's {@code consumer_lag} and {@code replication} sections read ({@link LagFacts}: one rule), kept as
 * their last values, made series at each scrape:
 * <ul>
 * <li>{@code kind="fetch"}: per consumer client (client_id and address), topic and partition its last fetch lag,
 * labelled with its client_id and the group {@link GroupTies} ties it to ({@code group=""} if none or ambiguous);</li>
 * <li>{@code kind="committed"}: per group, topic and partition its last committed offset behind the partition's last
 * high watermark, computed as the report computes it ({@link ConsumerLagBuilder#committed}; {@code client_id=""});
 * none before a high watermark was seen;</li>
 * <li>replication: per leader broker, follower replica id, topic and partition its last lag.</li>
 * </ul>
 * Bounds: at most {@link #MAX_SERIES} keys per kind of fact (the report's own bound on these lists); label values
 * through the sink's {@link LabelLimiter}s, seen as the facts come (so places go in traffic order) and at each
 * scrape, values folded under {@code other} showing the largest lag among them.
 * With an expiry, a fact not updated for it is dropped, but a committed offset stays as long as its partition's high
 * watermark is seen (a group that stopped committing keeps its growing lag). Not thread-safe: the sink serializes.
 */
final class LagMetrics implements LagFacts.Listener {

    /** Keys kept per kind of fact (consumer fetch lags, high watermarks, commits, follower lags). */
    static final int MAX_SERIES = 10_000;

    /** A follower's last lag on a partition of its leader. */
    private record FollowerLag(String broker, int replicaId, String topic, int partition, long lag) {
    }

    private final LastValues<LagPart.FetchLag> fetch = new LastValues<>(MAX_SERIES);
    private final LastValues<LagPart.Watermark> watermarks = new LastValues<>(MAX_SERIES);
    private final LastValues<LagPart.Commit> commits = new LastValues<>(MAX_SERIES);
    private final LastValues<FollowerLag> followers = new LastValues<>(MAX_SERIES);
    private final GroupTies ties;
    private final TopicNames topics;
    private final Labels labels;
    private final LongSupplier clock;

    /**
     * @param ties   consumer clients tied to groups (fed by {@link GroupMetrics})
     * @param topics topic names learned from the capture
     * @param labels the sink's label bounds
     * @param clock  monotonic time, ns
     */
    LagMetrics(GroupTies ties, TopicNames topics, Labels labels, LongSupplier clock) {
        this.ties = ties;
        this.topics = topics;
        this.labels = labels;
        this.clock = clock;
    }

    @Override
    public void consumer(LagPart.FetchLag s) {
        labels.clients().label(s.clientId(), 0);
        topic(s.topic());
        fetch.put(String.join("\0", s.clientId(), s.address(), s.topic(), String.valueOf(s.partition()), s.against()), s,
                clock.getAsLong());
    }

    @Override
    public void watermark(LagPart.Watermark w) {
        watermarks.put(w.topic() + '\0' + w.partition(), w, clock.getAsLong());
    }

    @Override
    public void commit(LagPart.Commit c) {
        labels.groups().label(c.group(), 0);
        topic(c.topic());
        commits.put(c.group() + '\0' + c.topic() + '\0' + c.partition(), c, clock.getAsLong());
    }

    @Override
    public void follower(String kind, String broker, int replicaId, String topic, int partition, long lag, long frame) {
        labels.brokers().label(broker, 0);
        labels.replicas().label(String.valueOf(replicaId), 0);
        topic(topic);
        followers.put(broker + '\0' + replicaId + '\0' + topic + '\0' + partition,
                new FollowerLag(broker, replicaId, topic, partition, lag), clock.getAsLong());
    }

    /** The consumer lag series now: labels kind, group, client_id, topic, partition. */
    void consumerLag(GaugeWithCallback.Callback cb) {
        Map<List<String>, Long> series = new TreeMap<>(LagMetrics::compare);
        for (LagPart.FetchLag f : fetch.values()) {
            String group = GroupTies.tied(ties.groups(f.clientId(), f.address()));
            put(series, f.last(), "fetch", group == null ? "" : labels.groups().label(group, 0),
                    labels.clients().label(f.clientId(), 0), topic(f.topic()), String.valueOf(f.partition()));
        }
        for (ConsumerLag.CommittedLag c : ConsumerLagBuilder.committed(watermarks.values(), commits.values(), topics)) {
            if (c.lag() != null) {
                put(series, c.lag(), "committed", labels.groups().label(c.group(), 0), "",
                        labels.topics().label(c.topic() == null ? "" : c.topic(), 0), String.valueOf(c.partition()));
            }
        }
        series.forEach((l, v) -> cb.call(v, l.toArray(String[]::new)));
    }

    /** The replication lag series now: labels broker, replica_id, topic, partition. */
    void replicationLag(GaugeWithCallback.Callback cb) {
        Map<List<String>, Long> series = new TreeMap<>(LagMetrics::compare);
        for (FollowerLag f : followers.values()) {
            put(series, f.lag(), labels.brokers().label(f.broker(), 0),
                    labels.replicas().label(String.valueOf(f.replicaId()), 0), topic(f.topic()),
                    String.valueOf(f.partition()));
        }
        series.forEach((l, v) -> cb.call(v, l.toArray(String[]::new)));
    }

    /** Drops the facts not updated since {@code before} (ns), commits only once their high watermark is not seen either. */
    void expire(long before) {
        fetch.expire(before, f -> false);
        commits.expire(before, c -> watermarks.seen(c.topic() + '\0' + c.partition()) >= before);
        watermarks.expire(before, w -> false);
        followers.expire(before, f -> false);
    }

    /** A topic key (name, else id) as shown, through the topics' label bound. */
    private String topic(String key) {
        String name = topics.display(null, key);
        return labels.topics().label(name == null ? "" : name, 0);
    }

    /** One series: a label set under {@code other} takes the largest lag folded into it. */
    private static void put(Map<List<String>, Long> series, long lag, String... labelValues) {
        series.merge(List.of(labelValues), lag, Math::max);
    }

    private static int compare(List<String> a, List<String> b) {
        for (int i = 0; i < a.size(); i++) {
            int c = a.get(i).compareTo(b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }
}
