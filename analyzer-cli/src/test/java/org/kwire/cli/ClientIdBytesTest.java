package org.kwire.cli;

import org.apache.kafka.common.message.MetadataRequestData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 20, finding 3: a client_id whose bytes are not UTF-8 was shown in {@code kwire dissect}'s trees as U+FFFD,
 * the same as a client_id holding a real U+FFFD. The invalid byte now reads {@code \xff}; the real U+FFFD stays.
 */
class ClientIdBytesTest {

    @Test
    void aClientIdThatIsNotUtf8ShowsItsBytes(@TempDir Path dir) throws IOException {
        byte[] invalid = CraftedPcap.request(new MetadataRequestData().setTopics(null), ApiKeys.METADATA, 12, "abXc", 1);
        invalid[4 + 10 + 2] = (byte) 0xff; // size, api key, version, correlation_id, client_id length, then "ab"
        byte[] replacement = CraftedPcap.request(new MetadataRequestData().setTopics(null), ApiKeys.METADATA, 12,
                "ab\ufffdc", 2);
        Path capture = new CraftedPcap().connection(2, 40000, 9092).handshake().client(invalid).client(replacement)
                .capture().write(dir.resolve("client-id.pcap"));
        CliRun run = CliRun.of("dissect", capture.toString());
        assertEquals(0, run.exit(), run.err());
        assertEquals(List.of("= \"ab\\xffc\" (int16 len=4)", "= \"ab\ufffdc\" (int16 len=6)"), run.out().lines()
                .filter(l -> l.contains("client_id ")).map(l -> l.substring(l.indexOf("= "), l.indexOf(")") + 1)).toList());
    }
}
