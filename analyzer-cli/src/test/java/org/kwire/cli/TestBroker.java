package org.kwire.cli;

import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.PreboundSocketFactoryManager;
import org.apache.kafka.common.test.TestKitNodes;

import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * Real Kafka in-process: a single node (combined KRaft broker and controller) on a random port, or a cluster of
 * brokers and a separate controller, each node on its own port on loopback.
 */
final class TestBroker {

    private TestBroker() {
    }

    /**
     * Formats and starts the node under {@code dir}, waiting until it serves; close the kit to stop it.
     *
     * @param config broker settings beyond the test kit's defaults
     */
    static KafkaClusterTestKit start(Path dir, Map<String, String> config) throws Exception {
        KafkaClusterTestKit cluster = formatted(new TestKitNodes.Builder().setCombined(true).setNumControllerNodes(1)
                .setNumBrokerNodes(1).setBaseDirectory(dir).build(), config);
        startUp(cluster);
        return cluster;
    }

    /**
     * Formats, without starting them, one KRaft controller and {@code brokers} brokers (not combined; broker ids 0 to
     * brokers - 1; brokers replicate over the listener clients use) under {@code dir}. The kit has bound their ports
     * already ({@link #ports}): a capture started now sees every connection from its first packet. Start them with
     * {@link #startUp}; close the kit to stop them.
     *
     * @param config settings of every node beyond the test kit's defaults
     */
    static KafkaClusterTestKit formattedCluster(Path dir, int brokers, Map<String, String> config) throws Exception {
        return formatted(new TestKitNodes.Builder().setCombined(false).setNumControllerNodes(1)
                .setNumBrokerNodes(brokers).setBaseDirectory(dir).build(), config);
    }

    private static KafkaClusterTestKit formatted(TestKitNodes nodes, Map<String, String> config) throws Exception {
        KafkaClusterTestKit.Builder builder = new KafkaClusterTestKit.Builder(nodes);
        config.forEach(builder::setConfigProp);
        KafkaClusterTestKit cluster = builder.build();
        try {
            QuietStdout.run(cluster::format); // Kafka's Formatter prints the bootstrap metadata to stdout
            return cluster;
        } catch (Exception | Error e) {
            cluster.close();
            throw e;
        }
    }

    /** Starts a formatted kit's nodes and waits until its brokers serve; closes the kit if they do not. */
    static void startUp(KafkaClusterTestKit cluster) throws Exception {
        try {
            cluster.startup();
            cluster.waitForReadyBrokers();
        } catch (Exception | Error e) {
            cluster.close();
            throw e;
        }
    }

    /**
     * {@link #start} for consumer groups on one broker: the offsets topic with one replica, no delay before a new
     * group's first rebalance.
     */
    static KafkaClusterTestKit startForGroups(Path dir) throws Exception {
        return start(dir, Map.of("offsets.topic.replication.factor", "1", "group.initial.rebalance.delay.ms", "0"));
    }

    /** The broker's port, from the kit's bootstrap servers ({@code host:port}). */
    static int port(KafkaClusterTestKit cluster) {
        return Integer.parseInt(cluster.bootstrapServers().replaceAll(".*:", ""));
    }

    /**
     * Each node's port by node id, known before the nodes start: the brokers' on the listener clients and followers
     * use, the controllers' on the controller listener. The kit binds them when it is built and hands each to its
     * node's socket server at start-up; its {@code PreboundSocketFactoryManager} (private) is the one place that
     * knows them before then.
     */
    static Map<Integer, Integer> ports(KafkaClusterTestKit cluster) throws Exception {
        Field f = KafkaClusterTestKit.class.getDeclaredField("socketFactoryManager");
        f.setAccessible(true);
        PreboundSocketFactoryManager sockets = (PreboundSocketFactoryManager) f.get(cluster);
        Map<Integer, Integer> out = new TreeMap<>();
        for (int id : cluster.brokers().keySet()) {
            out.put(id, sockets.getOrCreatePortForListener(id, cluster.nodes().brokerListenerName().value()));
        }
        for (int id : cluster.controllers().keySet()) {
            out.put(id, sockets.getOrCreatePortForListener(id, cluster.nodes().controllerListenerName().value()));
        }
        return out;
    }
}
