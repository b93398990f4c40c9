package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A TLS key log embedded in one of several rotated files (a pcapng Decryption Secrets Block, {@code editcap
 * --inject-secrets}): one analysis of the files together decrypts the connections of all of them with it, as of one
 * pcapng; the split analyses have only the key logs given with {@code --tls-keylog} at the merge, so the TLS
 * connections crossing out of the file with the block are let go and named (docs/PARTIAL.md, "TLS").
 */
class TlsSecretsAcrossFilesTest {

    private static final Path CAPTURES = Path.of(System.getProperty("kwire.testCaptures", "../test-captures"));
    private static final String PORT = "37485";

    @Test
    void secretsOfOneFileDecryptTheOthersInOneAnalysisAndCrossingsAreNamedWhenSplit(@TempDir Path dir) throws Exception {
        Path whole = CAPTURES.resolve("kafkajs-tls13-aes128.pcap");
        Path keys = CAPTURES.resolve("kafkajs-tls13-aes128.keys");
        List<Path> files = new ArrayList<>(Splits.split(whole, 76, dir.resolve("split")));
        Path first = dir.resolve("first.pcapng");
        Splits.run(List.of(Splits.tool("editcap"), "--inject-secrets", "tls," + keys, files.get(0).toString(), first.toString()));
        Files.delete(files.get(0));
        files.set(0, first);

        JsonNode withKeyLog = run("analyze", "-q", "--format", "json", "--port", PORT, "--tls-keylog", keys.toString(),
                whole.toString());
        List<String> together = new ArrayList<>(List.of("analyze", "-q", "--format", "json", "--port", PORT));
        files.forEach(f -> together.add(f.toString()));
        JsonNode embedded = run(together.toArray(String[]::new));
        assertEquals(withKeyLog.get("tls").get("decrypted"), embedded.get("tls").get("decrypted"));
        assertEquals(withKeyLog.get("apis"), embedded.get("apis"), "every file's connections decrypted");

        List<String> jobs = new ArrayList<>(together);
        jobs.addAll(2, List.of("--jobs", "2", "--split", "always"));
        JsonNode split = run(jobs.toArray(String[]::new));
        List<String> warnings = new ArrayList<>();
        split.get("warnings").forEach(w -> warnings.add(w.asText()));
        Set<String> named = Splits.named(warnings);
        assertFalse(named.isEmpty(), warnings.toString());
        assertTrue(Splits.crossing(files).containsAll(named), named.toString());
    }

    private static JsonNode run(String... args) throws Exception {
        CliRun r = CliRun.of(args);
        assertEquals(0, r.exit(), r.err());
        return r.json();
    }
}
