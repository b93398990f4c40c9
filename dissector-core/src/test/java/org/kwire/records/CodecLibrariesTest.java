package org.kwire.records;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.HdrHistogram.Histogram;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.RecordBatch;
import org.apache.kafka.common.record.internal.SimpleRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.api.KafkaDecoder;
import org.kwire.api.RecordsCheck;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
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
 * snappy-java, lz4-java and zstd-jni are optional dependencies of dissector-core: on a class path without them (a
 * child JVM given dissector-core's classes, Jackson and HdrHistogram only) a records field still decodes, its gzip
 * batch (the JDK's codec) fully, and each payload of the other codecs is one {@code kafka.records.codec_unavailable}
 * problem naming the artifact to add, never a {@link NoClassDefFoundError}.
 */
class CodecLibrariesTest {

    private static final int V2_HEADER = 61;
    private static final String[] CODECS = {"gzip", "snappy", "lz4", "zstd"};

    @Test
    void withoutTheCodecLibrariesEachPayloadIsOneProblemNamingItsArtifact(@TempDir Path dir) throws Exception {
        byte[][] batches = new byte[CODECS.length][];
        for (int i = 0; i < CODECS.length; i++) {
            batches[i] = batch(CODECS[i], 3L * i);
        }
        Path field = Files.write(dir.resolve("records.bin"), TestBatches.concat(batches));

        RecordsCheck here = KafkaDecoder.create().records(ByteBuffer.wrap(Files.readAllBytes(field)));
        assertEquals(List.of(), here.problems(), "with every library on the class path");
        assertEquals(12, here.records());
        assertEquals(4, here.crcValid());

        List<String> expected = new ArrayList<>();
        int at = batches[0].length;
        String[] artifacts = {"org.xerial.snappy:snappy-java", "at.yawk.lz4:lz4-java", "com.github.luben:zstd-jni"};
        for (int i = 1; i < CODECS.length; i++) {
            expected.add("kafka.records.codec_unavailable at " + (at + V2_HEADER) + ": " + CODECS[i] + " payload of "
                    + (batches[i].length - V2_HEADER) + " bytes not decoded: " + artifacts[i - 1] + " is not on the"
                    + " class path (an optional dependency of dissector-core: add it to decode " + CODECS[i]
                    + " payloads)");
            at += batches[i].length;
        }
        // the gzip batch, its payload decompressed: as many bytes as the same batch uncompressed
        expected.add("batches 4, records 12, crc valid 4, codecs {GZIP=1, SNAPPY=1, LZ4=1, ZSTD=1}, bytes uncompressed "
                + batch("none", 0).length);
        assertEquals(expected, runWithoutCodecs(field));
    }

    /** A RecordBatch v2 of three records built by kafka-clients with the codec, base offset {@code base}. */
    private static byte[] batch(String codec, long base) {
        SimpleRecord[] records = new SimpleRecord[3];
        for (int i = 0; i < records.length; i++) {
            byte[] value = ("value-" + i + "!").getBytes(StandardCharsets.UTF_8);
            records[i] = new SimpleRecord(1_700_000_000_000L + i, null, value);
        }
        ByteBuffer b = MemoryRecords.withRecords(RecordBatch.MAGIC_VALUE_V2, base, Compression.of(codec).build(),
                TimestampType.CREATE_TIME, records).buffer();
        byte[] bytes = new byte[b.remaining()];
        b.get(bytes);
        return bytes;
    }

    /** {@link RecordsCheckMain}'s lines, run in a JVM with dissector-core and its required libraries only. */
    private static List<String> runWithoutCodecs(Path field)
            throws IOException, InterruptedException, URISyntaxException {
        List<String> classPath = new ArrayList<>();
        for (Class<?> c : List.of(KafkaDecoder.class, RecordsCheckMain.class, ObjectMapper.class, JsonFactory.class,
                JsonProperty.class, Histogram.class)) {
            classPath.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
        }
        String joined = String.join(File.pathSeparator, classPath);
        assertTrue(!joined.contains("snappy") && !joined.contains("lz4") && !joined.contains("zstd"), joined);
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", joined, RecordsCheckMain.class.getName(), field.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), out);
        return out.lines().toList();
    }
}
