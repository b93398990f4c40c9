package org.kwire.cli;

import com.yammer.metrics.core.Meter;
import com.yammer.metrics.core.Metric;
import com.yammer.metrics.core.MetricName;
import com.yammer.metrics.core.MetricsRegistryListener;
import org.apache.kafka.server.metrics.KafkaYammerMetrics;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Kafka's own request counts: the {@code kafka.network:type=RequestMetrics} meters of every broker and controller
 * running in this JVM, as they count from the moment {@link #watch()} is called. Kafka's nodes share one Yammer
 * registry and, for one name, one meter; a node that stops removes the meter from the registry while the others go on
 * marking it, so this keeps each meter object it saw (by identity) and its count when first seen. The meters Kafka
 * marks: {@code RequestsPerSec} per {@code request} ({@code FetchConsumer} and {@code FetchFollower} apart: a Fetch
 * whose replica id is &ge; 0 is a follower's, {@code FetchRequest.isFromFollower}) and {@code version}, once its
 * response is sent; {@code ErrorsPerSec} per {@code request} (the API's name) and {@code error}, for each error of
 * {@code AbstractResponse.errorCounts} when the response is handed to the network thread. Thread-safe.
 */
final class BrokerMeters implements MetricsRegistryListener, AutoCloseable {

    private final Map<Meter, String> names = new ConcurrentHashMap<>();
    private final Map<Meter, Long> start = new ConcurrentHashMap<>();

    private BrokerMeters() {
    }

    /** Starts watching the registry (meters registered already are counted from now). */
    static BrokerMeters watch() {
        BrokerMeters m = new BrokerMeters();
        KafkaYammerMetrics.defaultRegistry().addListener(m);
        return m;
    }

    @Override
    public void onMetricAdded(MetricName name, Metric metric) {
        if (metric instanceof Meter m && name.getGroup().equals("kafka.network") && name.getType().equals("RequestMetrics")) {
            start.putIfAbsent(m, m.count());
            names.putIfAbsent(m, name.getMBeanName());
        }
    }

    @Override
    public void onMetricRemoved(MetricName name) {
        // the meter object stays counted: other nodes may still mark it
    }

    /**
     * The marks since {@link #watch()} of the meters named {@code name} whose tags include each of {@code tags}
     * ({@code key=value}), added up.
     */
    long count(String name, String... tags) {
        long n = 0;
        for (Map.Entry<Meter, String> e : names.entrySet()) {
            String mbean = e.getValue();
            boolean match = mbean.contains(",name=" + name + ",") || mbean.endsWith(",name=" + name);
            for (String tag : tags) {
                match &= mbean.contains("," + tag + ",") || mbean.endsWith("," + tag);
            }
            if (match) {
                n += e.getKey().count() - start.get(e.getKey());
            }
        }
        return n;
    }

    @Override
    public void close() {
        KafkaYammerMetrics.defaultRegistry().removeListener(this);
    }
}
