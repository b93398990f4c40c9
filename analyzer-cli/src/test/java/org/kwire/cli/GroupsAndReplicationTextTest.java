package org.kwire.cli;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.kwire.TestCaptures;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The summary's {@code Rebalances} and {@code Replication} entries (issue 22, item 7) on real captures, against their
 * JSON reports' {@code consumer_groups} and {@code replication} sections (themselves checked against the clients' and
 * the shared capture set's truth in ConsumerGroupsTest and ReplicationTest).
 */
class GroupsAndReplicationTextTest {


    /**
     * The real 3-broker cluster: cluster-group formed generation 1 from cons-1 and cons-2 in 1.2 s (JoinGroup at
     * 21:40:15.838 to the last SyncGroup at 21:40:17.044), both left at the end (LeaveGroup, no SyncGroup after);
     * Fetch 337 consumer / 423 follower / 250 metadata log; follower 2, restarted, furthest behind: 2,502 records of
     * orders-4 at leader 3, 2,442 of orders-5 at leader 1; leaders of orders-0 and orders-5 moved off broker 2; 11
     * partitions answered FENCED_LEADER_EPOCH. Lag: the consumers' furthest behind in a Fetch, as consumer_lag.fetch
     * has them (its committed lags all 0: ConsumerLagTest).
     */
    @Test
    void theClusterRun() {
        Assumptions.assumeTrue(Files.isRegularFile(SharedCluster.CAPTURE), "the shared capture set is not at " + SharedCluster.CAPTURE);
        String text = text("--port", "9292,9293,9294,9299", SharedCluster.CAPTURE.toString());
        assertTrue(text.contains("\n  Record batches  512 produced, 1,857 fetched; every CRC valid (2,369)\n"
                + "! Lag             fetch lag, most behind: cons-2 (127.0.0.1), 348 records in orders-5, last 46,\n"
                + "                  group cluster-group; cons-1 (127.0.0.1), 245 in orders-2, last 6,\n"
                + "                  group cluster-group\n"
                + "  Rebalances      2 rebalances of group cluster-group; causes member_joined 2, member_left 2;\n"
                + "                  longest 1.2 s: generation 1, 0 -> 2 members; 1 not ended in the capture\n"
                + "  Replication     Fetch 337 consumer, 423 follower, 250 metadata log;\n"
                + "                  follower lag behind the high watermark, worst: 2,502 records (orders-4,\n"
                + "                  leader 3 -> follower 2), 2,442 (orders-5, 1 -> 2); leader moved: orders-0 2 -> 3,\n"
                + "                  orders-5 2 -> 1; leadership errors FENCED_LEADER_EPOCH 11\n"
                + "  End-to-end      Produce to first consumer fetch, p99: orders 7.1 s (492 batches);\n"
                + "                  170 fetched before their Produce response (0 ms)\n"
                + "! Warnings  "), text);
    }

    /** The controller's streams alone: the metadata log, its three FENCED_LEADER_EPOCH; no group. */
    @Test
    void theControllerStreams() {
        String text = text("--port", "9299", TestCaptures.path("cluster-controller.pcap").toString());
        assertEquals(1, count(text, "\n  Replication     Fetch 250 metadata log; leadership errors FENCED_LEADER_EPOCH 3\n"), text);
        assertEquals(0, count(text, "Rebalances"), text);
    }

    /** A share group (KIP-932): its member joined at epoch 2, then the group moved to epoch 3 without a cause in the bytes. */
    @Test
    void aShareGroup() {
        String text = text("--port", "9092", TestCaptures.path("share-group.pcap").toString());
        assertEquals(1, count(text, "\n  Rebalances      2 rebalances of group share-topic-share-group; causes member_joined 1;\n"
                + "                  longest 217.2 ms: epoch 2, 0 -> 1 member\n"), text);
        assertEquals(0, count(text, "Replication"), text);
    }

    /**
     * Nothing to say, no line: the bundled sample's one broker has no follower (its one rebalance is in its golden
     * file), and transactions.pcap's group only committed offsets (a transaction's), it never rebalanced.
     */
    @Test
    void noLineWithoutSomethingToSay() {
        String basic = text(TestCaptures.path("java-basic.pcap").toString());
        assertEquals(0, count(basic, "Replication"), basic);
        assertEquals(1, count(basic, "\n  Rebalances      1 rebalance of group basic-group; causes member_joined 1;\n"
                + "                  took 133.4 ms: generation 1, 0 -> 1 member\n"), basic);
        String txn = text(TestCaptures.path("transactions.pcap").toString());
        assertEquals(0, count(txn, "Rebalances") + count(txn, "Replication"), txn);
    }

    private static String text(String... args) {
        String[] a = new String[args.length + 3];
        a[0] = "analyze";
        a[1] = "--format";
        a[2] = "text";
        System.arraycopy(args, 0, a, 3, args.length);
        CliRun run = CliRun.of(a);
        assertEquals(0, run.exit(), run.err());
        return run.out();
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            n++;
        }
        return n;
    }
}
