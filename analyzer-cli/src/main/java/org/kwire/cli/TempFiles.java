package org.kwire.cli;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Temporary files as {@link Files#createTempFile} makes them (in {@code java.io.tmpdir}, created new — never an existing
 * file or link —, readable and writable by the owner only where the file system has POSIX permissions), but named
 * from the clock and a counter instead of a {@link java.security.SecureRandom}: the first secure random number of a run
 * initialises the JDK's security providers, which cost more than the rest of extracting the bundled sample
 * (docs/PERFORMANCE.md, "Start-up against tshark"). A name taken already is skipped, so a predictable name is safe.
 */
final class TempFiles {

    private static final AtomicLong NEXT = new AtomicLong(System.nanoTime() & 0xFFFF_FFFFL);

    private TempFiles() {
    }

    /**
     * A new empty file {@code <prefix><number><suffix>} in the temporary folder.
     *
     * @throws IOException if the folder is not writable, or no free name was found in 1000 tries
     */
    static Path create(String prefix, String suffix) throws IOException {
        Path dir = Path.of(System.getProperty("java.io.tmpdir"));
        FileAttribute<?>[] ownerOnly = FileSystems.getDefault().supportedFileAttributeViews().contains("posix")
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))}
                : new FileAttribute<?>[0];
        for (int tries = 0; ; tries++) {
            Path f = dir.resolve(prefix + Long.toUnsignedString(NEXT.getAndIncrement()) + suffix);
            try {
                return Files.createFile(f, ownerOnly);
            } catch (FileAlreadyExistsException e) {
                if (tries >= 1000) {
                    throw e;
                }
            }
        }
    }
}
