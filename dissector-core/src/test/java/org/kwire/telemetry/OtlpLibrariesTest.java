package org.kwire.telemetry;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.HdrHistogram.Histogram;
import org.apache.kafka.common.record.internal.CompressionType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.api.KafkaDecoder;

import java.io.File;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * opentelemetry-proto and protobuf-java are optional dependencies of dissector-core: in a JVM without them (dissector-core,
 * Jackson and HdrHistogram only) a PushTelemetry request still dissects, its gzip payload decompressed (the JDK's
 * codec), and the payload is one {@code kafka.telemetry.library_unavailable} note naming both artifacts, never a
 * {@link NoClassDefFoundError}.
 */
class OtlpLibrariesTest {

    @Test
    void withoutTheOtlpLibrariesAPayloadIsOneNoteNamingThem(@TempDir Path dir) throws Exception {
        byte[] payload = PushTelemetryDissectTest.compressed(PushTelemetryDissectTest.metrics(), CompressionType.GZIP);
        ByteBuffer frame = PushTelemetryDissectTest.request(payload, CompressionType.GZIP, false);
        byte[] bytes = new byte[frame.remaining()];
        frame.get(bytes);
        Path file = Files.write(dir.resolve("push.bin"), bytes);
        int raw = PushTelemetryDissectTest.metrics().toByteArray().length;
        int at = 4 + 2 + 2 + 4 + 2 + "app-1".length() + 1 + 16 + 4 + 1 + 1 + (payload.length + 1 < 128 ? 1 : 2);

        List<String> classPath = new ArrayList<>();
        for (Class<?> c : List.of(KafkaDecoder.class, TelemetryTreeMain.class, ObjectMapper.class, JsonFactory.class,
                JsonProperty.class, Histogram.class)) {
            classPath.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
        }
        String joined = String.join(File.pathSeparator, classPath);
        assertTrue(!joined.contains("opentelemetry") && !joined.contains("protobuf"), joined);
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", joined, TelemetryTreeMain.class.getName(), file.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), out);
        assertEquals(List.of("kafka.telemetry.library_unavailable at " + at + ": PushTelemetry Metrics of " + raw
                        + " bytes not decoded: io.opentelemetry.proto:opentelemetry-proto and com.google.protobuf:protobuf-java"
                        + " are not on the class path (optional dependencies of dissector-core: add them to decode client"
                        + " telemetry)",
                "(compact, len+1=" + (payload.length + 1) + ") not decoded (kafka.telemetry.library_unavailable)"),
                out.lines().toList());
    }
}
