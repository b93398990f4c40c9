package org.kwire.cli;

import org.junit.jupiter.api.Test;

import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The bundled sample is extracted into a new temporary file readable by its owner only, byte for byte. */
class BundledSampleTest {

    @Test
    void theSampleIsWrittenIntoTheOwnerOnlyFileTempFilesMade() throws Exception {
        Path tmp = AnalyzeCommand.extractBundled();
        try {
            assertArrayEquals(Files.readAllBytes(Path.of("..", "test-captures", "java-basic.pcap")), Files.readAllBytes(tmp));
            if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
                assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(tmp)));
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
