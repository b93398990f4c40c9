package org.kwire.text;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.kwire.analysis.Analysis;
import org.kwire.analysis.AnalysisConfig;
import org.kwire.json.ReportJson;
import org.kwire.report.Report;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The summary's {@code ! Lag} and {@code ! Throttled} entries show wire names by the one escaping rule: the report of
 * the bundled sample (basic-consumer's fetch lag, no throttling) with the client_id and group of its consumer's first
 * partition (basic-alpha-0, 19 behind; the others stay basic-consumer's, basic-beta-0's 18 the most) and a client's and
 * a broker's throttling made hostile (a terminal escape, a bidi override, a forged line).
 */
class LagAndThrottleEntriesTest {

    private static final ObjectMapper JSON = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);
    private static final String CLIENT = "c\u001b[2Jx\u202e";
    private static final String GROUP = "g\nFORGED-LINE kwire: all fine";

    @Test
    void wireNamesAreEscaped() throws Exception {
        Path capture = Path.of(System.getProperty("kwire.testCaptures", "../test-captures")).resolve("java-basic.pcap");
        Report plain = Analysis.of(AnalysisConfig.builder().build()).report(List.of(capture), w -> { });
        ObjectNode tree = (ObjectNode) JSON.readTree(ReportJson.toString(plain));
        ((ObjectNode) tree.at("/consumer_lag/fetch/0")).put("client_id", CLIENT).put("group", GROUP);
        ObjectNode client = (ObjectNode) tree.at("/load/clients/0");
        client.put("client_id", CLIENT);
        ((ObjectNode) client.get("throttle")).put("throttled", 2).put("throttle_time_ms", 1500).put("max_throttle_time_ms", 1000);
        ObjectNode broker = (ObjectNode) tree.at("/load/brokers/0");
        broker.put("broker", "b\u009b31m:9092");
        ((ObjectNode) broker.get("throttle")).put("throttled", 2).put("throttle_time_ms", 1500).put("max_throttle_time_ms", 1000);
        String text = TextReport.render(JSON.treeToValue(tree, Report.class));

        assertTrue(text.contains("\n! Lag             fetch lag, most behind: c\\x1b[2Jx\\u202e (127.0.0.1), 19 records in "
                + "basic-alpha-0,\n                  group g\\nFORGED-LINE kwire: all fine; basic-consumer (127.0.0.1),\n"
                + "                  18 in basic-beta-0, group basic-group\n"), text);
        assertTrue(text.contains("\n! Throttled       c\\x1b[2Jx\\u202e (127.0.0.1) 2 of 19 responses throttled, 1,500 ms in all,\n"
                + "                  max 1,000 ms; broker b\\x9b31m:9092 2 of 73, 1,500 ms, max 1,000 ms\n"), text);
        assertEquals(-1, text.indexOf('\u001b'));
        assertEquals(-1, text.indexOf('\u202e'));
        assertEquals(-1, text.indexOf("\nFORGED"));
    }
}
