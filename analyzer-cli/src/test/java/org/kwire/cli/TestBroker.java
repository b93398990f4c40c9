package org.kwire.cli;

import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

import java.nio.file.Path;
import java.util.Map;

/** A real single-node Kafka broker (combined KRaft broker and controller) started in-process on a random port. */
final class TestBroker {

    private TestBroker() {
    }

    /**
     * Formats and starts the node under {@code dir}, waiting until it serves; close the kit to stop it.
     *
     * @param config broker settings beyond the test kit's defaults
     */
    static KafkaClusterTestKit start(Path dir, Map<String, String> config) throws Exception {
        TestKitNodes nodes = new TestKitNodes.Builder().setCombined(true).setNumControllerNodes(1).setNumBrokerNodes(1)
                .setBaseDirectory(dir).build();
        KafkaClusterTestKit.Builder builder = new KafkaClusterTestKit.Builder(nodes);
        config.forEach(builder::setConfigProp);
        KafkaClusterTestKit cluster = builder.build();
        try {
            QuietStdout.run(cluster::format); // Kafka's Formatter prints the bootstrap metadata to stdout
            cluster.startup();
            cluster.waitForReadyBrokers();
            return cluster;
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
}
