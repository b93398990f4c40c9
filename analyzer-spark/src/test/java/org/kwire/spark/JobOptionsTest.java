package org.kwire.spark;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The Spark job's options: kwire analyze's analysis options into the config, refused in kwire's words. */
class JobOptionsTest {

    @Test
    void analysisOptionsAndCaptures() {
        JobOptions o = JobOptions.of(List.of("-q", "--port", "9093,9094", "--topic", "orders", "-r", "hdfs:///a.pcap",
                "file:///b/*.pcap"));
        assertEquals(Map.of("port", "9093,9094", "topic", "orders"), o.config().identity());
        assertEquals(List.of("hdfs:///a.pcap", "file:///b/*.pcap"), o.files());
    }

    @Test
    void refusalsAreKwiresLines() {
        assertEquals("analyze: Unrecognized option: --format", refused("--format", "json", "a.pcap"));
        assertEquals("analyze: Missing argument for option: top", refused("a.pcap", "--top"));
        assertEquals("--port abc: not a number", refused("--port", "abc", "a.pcap"));
        assertEquals("--max-frame-size 10: at least 64 bytes (smaller frames cannot hold a Kafka request header and "
                + "client_id)", refused("--max-frame-size", "10", "a.pcap"));
    }

    private static String refused(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> JobOptions.of(List.of(args))).getMessage();
    }
}
