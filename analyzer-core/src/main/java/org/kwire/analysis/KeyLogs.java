package org.kwire.analysis;

import org.kwire.tls.KeyLog;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The key logs of {@code --tls-keylog}: a regular file is loaded (and, in {@code live}, read again as it grows); a
 * pipe, a FIFO, {@code /dev/stdin} or a shell's process substitution ({@code <(cat keys)}, {@code /dev/fd/N}) is read
 * to its end first, as tshark reads one, bounded as a file is ({@link KeyLog#load(InputStream, String)}); a
 * directory, a socket or a missing path is named as such in one line ({@code kwire} exits with its input code, 3).
 * Stateless.
 */
public final class KeyLogs {

    private KeyLogs() {
    }

    /**
     * The secrets of the key logs given.
     *
     * @param files the key logs, each read once
     * @throws IOException one line naming the key log: missing, unreadable or too large, a directory, a socket, or
     *                     one that holds no secret
     */
    public static KeyLog read(List<Path> files) throws IOException {
        KeyLog keys = new KeyLog();
        for (Path p : new LinkedHashSet<>(files)) {
            String f = p.toString();
            if (Files.isDirectory(p)) {
                throw new KeyLogException("--tls-keylog " + f + ": a directory, not a key log file");
            }
            if (!Files.exists(p)) {
                throw new KeyLogException("--tls-keylog " + f + ": no such file");
            }
            try {
                int secrets = keys.lines();
                int problems = keys.problems().size();
                if (Files.isRegularFile(p)) {
                    keys.load(p);
                } else if (socket(p)) {
                    throw new KeyLogException("--tls-keylog " + f + ": a socket, not a key log file");
                } else {
                    try (InputStream in = Files.newInputStream(p)) { // a pipe, a FIFO, /dev/stdin: to its end
                        keys.load(in, f);
                    }
                }
                if (keys.lines() == secrets && keys.problems().size() > problems) {
                    throw new KeyLogException("--tls-keylog " + f + ": not a key log (no TLS secret in it; "
                            + "an NSS key log has lines such as CLIENT_RANDOM <32-byte hex> <48-byte hex>)");
                }
            } catch (KeyLogException e) {
                throw e;
            } catch (IOException e) {
                throw new KeyLogException("--tls-keylog " + f + ": cannot be read (" + Why.of(e) + ")");
            }
        }
        return keys;
    }

    /** Whether {@code p} is a Unix domain socket (its {@code st_mode}, where the JDK gives it), which cannot be read. */
    private static boolean socket(Path p) {
        try {
            return (((Integer) Files.getAttribute(p, "unix:mode")) & 0170000) == 0140000;
        } catch (UnsupportedOperationException | IllegalArgumentException | IOException e) {
            return false; // reading it says what is wrong
        }
    }

    /** A key log refused, in one line. */
    private static final class KeyLogException extends IOException {
        private static final long serialVersionUID = 1L;

        KeyLogException(String message) {
            super(message);
        }
    }
}
