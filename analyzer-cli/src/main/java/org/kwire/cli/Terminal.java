package org.kwire.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether a standard stream of this process is a terminal, as {@code isatty(3)} would say: on Linux from what
 * {@code /proc/self/fd/N} points to (a {@code /dev/pts/*} or {@code /dev/tty*} device); elsewhere, where that is not
 * available, {@link System#console()} decides (which needs stdin and stdout to be terminals). {@code kwire analyze}
 * writes text for people when its stdout is a terminal and JSON otherwise, and draws its progress bar only on a
 * terminal stderr, so that files and pipes never receive control characters.
 */
final class Terminal {

    /** File descriptor of stdout. */
    static final int STDOUT = 1;
    /** File descriptor of stderr. */
    static final int STDERR = 2;

    private Terminal() {
    }

    /** True if file descriptor {@code fd} of this process is a terminal. */
    static boolean isTerminal(int fd) {
        Path link = Path.of("/proc/self/fd/" + fd);
        try {
            String target = Files.readSymbolicLink(link).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return System.console() != null;
        }
    }
}
