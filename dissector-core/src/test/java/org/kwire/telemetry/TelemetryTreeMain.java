package org.kwire.telemetry;

import org.kwire.api.Framing;
import org.kwire.api.KafkaDecoder;
import org.kwire.tree.FieldNode;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Prints, for the size-prefixed PushTelemetry request in the file {@code args[0]}, the notes on its {@code Metrics}
 * node ({@code id at offset: message}) and its detail: what {@link OtlpLibrariesTest} reads from a JVM without the
 * OTLP libraries.
 */
public final class TelemetryTreeMain {

    private TelemetryTreeMain() {
    }

    public static void main(String[] args) throws Exception {
        ByteBuffer frame = ByteBuffer.wrap(Files.readAllBytes(Path.of(args[0])));
        FieldNode metrics = KafkaDecoder.create().request(frame, Framing.SIZE_PREFIXED).tree()
                .child("PushTelemetryRequest").child("Metrics");
        metrics.notes().forEach(n -> System.out.println(n.item().id() + " at " + n.offset() + ": " + n.message()));
        System.out.println(metrics.detail());
    }
}
