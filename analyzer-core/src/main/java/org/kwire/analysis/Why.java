package org.kwire.analysis;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Why an I/O operation failed, in words for a one-line message: the JDK's file exceptions carry only the file's name
 * as their message ({@code NoSuchFileException: /x/y}), which reads as no reason at all. Stateless.
 */
public final class Why {

    private Why() {
    }

    /** The reason of {@code e}: {@code no such file}, {@code no such directory: /x}, {@code permission denied}, ... */
    public static String of(IOException e) {
        if (e instanceof NoSuchFileException n) {
            Path parent = n.getFile() == null ? null : Path.of(n.getFile()).toAbsolutePath().getParent();
            return parent != null && !Files.isDirectory(parent) ? "no such directory: " + parent : "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileNotFoundException && e.getMessage() != null && e.getMessage().endsWith(")")
                && e.getMessage().contains(" (")) {
            String m = e.getMessage(); // "FILE (reason)"
            return m.substring(m.lastIndexOf(" (") + 2, m.length() - 1).toLowerCase(Locale.ROOT);
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }
}
