package org.kwire.metrics;

import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes the metrics as a node_exporter textfile (the Prometheus text format 0.0.4, without timestamps), atomically:
 * into a temporary file beside the target, then renamed over it, so that the textfile collector never reads half a
 * file.
 */
public final class MetricsFile {

    private MetricsFile() {
    }

    /**
     * @throws IOException if the file cannot be written
     */
    public static void write(PrometheusRegistry registry, Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(tmp)) {
                write(registry, out);
            }
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Writes the metrics in the Prometheus text format to {@code out}. */
    public static void write(PrometheusRegistry registry, OutputStream out) throws IOException {
        PrometheusTextFormatWriter.create().write(out, registry.scrape());
    }
}
