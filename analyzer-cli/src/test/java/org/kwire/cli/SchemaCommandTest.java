package org.kwire.cli;

import org.apache.kafka.common.message.DescribeTopicPartitionsRequestData;
import org.apache.kafka.common.message.DescribeTopicPartitionsResponseData;
import org.apache.kafka.common.protocol.ObjectSerializationCache;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.kwire.protocol.ErrorCodes;
import org.kwire.summary.TopicNames;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code kwire schema API --version N --minimal} reproduces the reference pages' object trees node for node: names,
 * types, values, offsets and sizes (the about texts of structural nodes are kwire's own).
 */
class SchemaCommandTest {

    /** One line of an object tree. */
    record Node(String name, String type, String value, int offset, int size) {
    }

    private static final Pattern NODE = Pattern.compile("^(\\S+)\\s+(.*?)\\s*\\[0x([0-9a-f]+), (\\d+)B\\].*$");

    /** Parses an object tree, multi-line or flattened to one line, into its nodes in order. */
    static List<Node> parse(String tree) {
        List<Node> nodes = new ArrayList<>();
        for (String token : tree.replace('\n', ' ').split("\\+-- ")) {
            String t = token.strip().replaceAll("^(\\|\\s*)+", "").strip();
            if (t.isEmpty() || t.equals("|")) {
                continue;
            }
            t = t.replaceAll("(\\s\\|)+$", "");
            Matcher m = NODE.matcher(t);
            assertTrue(m.matches(), "unparsable node: " + t);
            String typeAndValue = m.group(2).strip();
            int eq = typeAndValue.indexOf("= ");
            String type = eq < 0 ? typeAndValue : typeAndValue.substring(0, eq).strip();
            String value = eq < 0 ? "" : typeAndValue.substring(eq + 2).strip();
            nodes.add(new Node(m.group(1), type, value, Integer.parseInt(m.group(3), 16), Integer.parseInt(m.group(4))));
        }
        return nodes;
    }

    private static String seed(String page, String direction) throws IOException {
        try (InputStream in = SchemaCommandTest.class.getResourceAsStream("seeds/" + page + "-" + direction + ".tree")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** kwire's trees of the minimal request and response, split at the blank line between them. */
    private static String[] kwireTrees(String api, int version) {
        CliRun run = CliRun.of("schema", api, "--version", Integer.toString(version), "--minimal");
        assertEquals(0, run.exit(), run.err());
        String[] parts = run.out().split("\n\n");
        return new String[]{parts[0].substring(parts[0].indexOf('\n') + 1), parts[1].substring(parts[1].indexOf('\n') + 1)};
    }

    /**
     * Where kwire shows more than the pages: the pages describe the empty batch's crc in words ("crc32c of the bytes
     * that follow") where kwire shows the stored and computed values, and kwire names the flags of the attributes
     * ("0 none, CreateTime" for the pages' "0"); presence markers are compared apart. Uuids: the pages write the
     * standard 8-4-4-4-12 form, kwire Kafka's base64 form (the one spelling of its reports); the pages' are converted.
     * Error codes: kwire adds the code's name ({@code 0 (NONE)}); added to the pages' too.
     */
    private static List<Node> comparable(List<Node> nodes) {
        return nodes.stream().filter(n -> !n.name().equals("present")).map(n -> switch (n.name()) {
            case "crc" -> new Node(n.name(), n.type(), "", n.offset(), n.size());
            case "attributes" -> new Node(n.name(), n.type(), n.value().split(" ")[0], n.offset(), n.size());
            default -> n.type().equals("uuid") ? new Node(n.name(), n.type(), TopicNames.canonical(n.value()), n.offset(),
                    n.size())
                    : n.type().equals("int16") && n.name().endsWith("ErrorCode") && !n.value().contains("(")
                    ? new Node(n.name(), n.type(), n.value() + " (" + ErrorCodes.name(Integer.parseInt(n.value())) + ")",
                    n.offset(), n.size()) : n;
        }).toList();
    }

    @ParameterizedTest
    @CsvSource({"EndQuorumEpoch, 1", "ShareFetch, 0"})
    void minimalInstancesMatchTheReferencePagesExactly(String api, int version) throws IOException {
        String[] ours = kwireTrees(api, version);
        assertEquals(comparable(parse(seed(api + "-v" + version, "request"))), comparable(parse(ours[0])));
        assertEquals(comparable(parse(seed(api + "-v" + version, "response"))), comparable(parse(ours[1])));
    }

    /**
     * The DescribeTopicPartitions page omits the presence marker of the nullable Cursor / NextCursor struct. Kafka
     * writes it (checked here with kafka-clients), so kwire's messages are one byte longer: every node at or after the
     * marker moves one byte on, and the nodes that contain it grow by one byte.
     */
    @Test
    void describeTopicPartitionsMatchesThePageExceptForTheNullableStructMarker() throws IOException {
        String[] ours = kwireTrees("DescribeTopicPartitions", 0);
        ObjectSerializationCache cache = new ObjectSerializationCache();
        DescribeTopicPartitionsRequestData req = new DescribeTopicPartitionsRequestData()
                .setCursor(new DescribeTopicPartitionsRequestData.Cursor());
        req.topics().add(new DescribeTopicPartitionsRequestData.TopicRequest());
        assertEquals(30 - 15, req.size(cache, (short) 0), "Kafka's request body: 29-byte page + 1 marker - 15 header bytes");
        DescribeTopicPartitionsResponseData resp = new DescribeTopicPartitionsResponseData()
                .setNextCursor(new DescribeTopicPartitionsResponseData.Cursor());
        DescribeTopicPartitionsResponseData.DescribeTopicPartitionsResponseTopic topic =
                new DescribeTopicPartitionsResponseData.DescribeTopicPartitionsResponseTopic();
        topic.partitions().add(new DescribeTopicPartitionsResponseData.DescribeTopicPartitionsResponsePartition()
                .setReplicaNodes(List.of(0)).setIsrNodes(List.of(0)).setEligibleLeaderReplicas(List.of(0))
                .setLastKnownElr(List.of(0)).setOfflineReplicas(List.of(0)));
        resp.topics().add(topic);
        assertEquals(88 - 9, resp.size(cache, (short) 0), "Kafka's response body: 87-byte page + 1 marker - 9 header bytes");

        assertEquals(comparable(withMarker(parse(seed("DescribeTopicPartitions-v0", "request")), "Cursor")),
                comparable(parse(ours[0])));
        assertEquals(comparable(withMarker(parse(seed("DescribeTopicPartitions-v0", "response")), "NextCursor")),
                comparable(parse(ours[1])));
        assertTrue(ours[0].contains("+-- present"), "the marker is shown as its own node");
    }

    /** The page's nodes as they are once a 1-byte marker is written at the start of the named struct. */
    private static List<Node> withMarker(List<Node> page, String struct) {
        int marker = page.stream().filter(n -> n.name().equals(struct)).findFirst().orElseThrow().offset();
        List<Node> out = new ArrayList<>();
        for (Node n : page) {
            int offset = n.offset();
            int size = n.size();
            if (n.name().equals(struct)) {
                size++; // the struct now starts with its marker
            } else if (n.offset() >= marker) {
                offset++; // everything from the struct's first field on moves one byte
            } else if (marker < n.offset() + n.size()) {
                size++; // the message, its frame and its body contain the marker
            }
            String value = n.name().equals("size") ? Integer.toString(Integer.parseInt(n.value()) + 1) : n.value();
            out.add(new Node(n.name(), n.type(), value, offset, size));
        }
        return out;
    }
}
