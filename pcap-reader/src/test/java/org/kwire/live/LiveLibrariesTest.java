package org.kwire.live;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.kwire.TestCaptures;
import org.kwire.api.KafkaExchange;
import org.kwire.api.capture.KafkaCapture;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * pcap4j, JNA and SLF4J are optional dependencies of pcap-reader: on a class path without them (a child JVM given
 * pcap-reader's and dissector-core's classes, Jackson and HdrHistogram only; no codec library either) a capture file
 * reads to the same exchanges and report as here, and live capture and the interface list each throw one
 * {@link LiveCaptureException} naming the artifacts to add, never a {@link NoClassDefFoundError}.
 */
class LiveLibrariesTest {

    private static final String MISSING = "NO_PCAP4J: live capture needs optional dependencies of pcap-reader that are"
            + " not on the class path: add org.pcap4j:pcap4j-core, net.java.dev.jna:jna, org.slf4j:slf4j-api (reading"
            + " capture files needs none of them)";

    @Test
    void withoutPcap4jACaptureFileReadsAsHereAndLiveCaptureNamesWhatToAdd() throws Exception {
        Path file = TestCaptures.path("java-basic.pcap");
        List<String> expected = new ArrayList<>();
        for (KafkaExchange e : KafkaCapture.create().exchanges(file)) {
            expected.add(e.toString());
        }
        assertEquals(73, expected.size(), "the sample's 73 exchanges");
        expected.add("packets 340, requests 73");
        expected.add("live: " + MISSING);
        expected.add("interfaces: " + MISSING);

        assertEquals(expected, runWithoutPcap4j(file));
    }

    @Test
    void withPcap4jOnTheClassPathNothingIsMissing() throws LiveCaptureException {
        LiveLibraries.require(); // throws if the check named a library that is here
    }

    private static List<String> runWithoutPcap4j(Path file)
            throws IOException, InterruptedException, URISyntaxException {
        List<String> classPath = new ArrayList<>();
        for (Class<?> c : List.of(KafkaCapture.class, KafkaExchange.class, WithoutPcap4jMain.class, ObjectMapper.class,
                JsonFactory.class, JsonProperty.class, Histogram.class)) {
            classPath.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
        }
        String joined = String.join(File.pathSeparator, classPath);
        for (String absent : List.of("pcap4j", "jna", "slf4j", "snappy", "lz4", "zstd")) {
            assertFalse(joined.contains(absent), joined);
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", joined, WithoutPcap4jMain.class.getName(), file.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), out);
        return out.lines().toList();
    }
}
