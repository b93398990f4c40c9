package org.kwire.html;

import org.kwire.report.CaptureSummary;
import org.kwire.report.Report;

/** Facts about the capture: files, packets, bytes, time span, connections, frames, damage. */
final class CaptureSection implements PageSection {

    @Override
    public String id() {
        return "capture";
    }

    @Override
    public String title() {
        return "Capture";
    }

    @Override
    public void write(Report r, Markup m) {
        CaptureSummary c = r.capture();
        new Table("table-capture", "fact", "value")
                .row("files", String.join(", ", c.files()))
                .row("packets", c.packets())
                .row("capture bytes", c.bytes())
                .row("first packet (UTC)", c.firstTimestamp())
                .row("last packet (UTC)", c.lastTimestamp())
                .row("TCP connections", c.tcpConnections())
                .row("Kafka connections", c.kafkaConnections())
                .row("Kafka frames", c.frames())
                .row("malformed frames", c.malformedFrames())
                .row("incomplete frames", c.incompleteFrames())
                .row("responses without request, API unknown", r.responsesWithoutRequest())
                .writeTo(m);
    }
}
