package org.kwire.partial;

import org.kwire.capture.PacketPipeline;
import org.kwire.expert.ExpertItem;
import org.kwire.expert.ExpertNote;
import org.kwire.report.CaptureSummary;
import org.kwire.report.PartReport;
import org.kwire.report.Report;
import org.kwire.report.ReportPart;
import org.kwire.schema.SchemaRegistry;
import org.kwire.stream.TrafficCensus;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The report of a (merged) partial: the capture facts of all its slices, the capture's own warnings (each slice's
 * readers', then the end-of-capture ones of all slices summed, then "no Kafka traffic found" from the merged census;
 * and the connections that cross a file boundary, listed first), and every frame and stream numbered as one analysis of all the
 * files merged by timestamp numbers them ({@link CaptureNumbering}).
 */
public final class PartialReport {

    private PartialReport() {
    }

    /**
     * @param brokerPorts the {@code --port} values (for the census's verdict)
     * @param warnings    receives each capture warning as it is added (e.g. to print {@code kwire: warning:} lines)
     */
    public static Report build(Partial p, SchemaRegistry schemas, Set<Integer> brokerPorts,
                               java.util.function.Consumer<String> warnings) {
        return build(p, schemas, brokerPorts, warnings, null);
    }

    /**
     * @param brokerPorts the {@code --port} values (for the census's verdict)
     * @param warnings    receives each capture warning as it is added (e.g. to print {@code kwire: warning:} lines)
     * @param replay      the stream stage that joins the connections crossing a file boundary ({@link Stitcher}); null:
     *                    they are not joined
     */
    public static Report build(Partial unstitched, SchemaRegistry schemas, Set<Integer> brokerPorts,
                               java.util.function.Consumer<String> warnings, Replay replay) {
        unstitched = ElidedBytes.restore(unstitched);
        List<SliceFacts> slices = unstitched.slices();
        List<Timeline> timelines = new ArrayList<>();
        slices.forEach(s -> timelines.add(s.timeline().decode()));
        long[] lastMaxima = new long[slices.size()];
        for (int i = 0; i < slices.size(); i++) {
            long[] m = timelines.get(i).maxima();
            lastMaxima[i] = m.length == 0 ? Long.MIN_VALUE : m[m.length - 1];
        }
        Stitcher.Result stitched = replay == null
                ? new Stitcher.Result(unstitched, java.util.Collections.nCopies(slices.size(), Set.of()), Set.of())
                : Stitcher.stitch(unstitched, replay, new CaptureNumbering(timelines), lastMaxima);
        Partial p = stitched.partial();
        CaptureNumbering numbering = new CaptureNumbering(timelines, stitched.continued());
        List<ExpertNote> capture = new ArrayList<>();
        long[] end = new long[5];
        List<String> files = new ArrayList<>();
        long packets = 0;
        long bytes = 0;
        long connections = -stitched.continuedCount();
        long first = Long.MAX_VALUE;
        long lastMax = Long.MIN_VALUE;
        long last = 0;
        for (int i = 0; i < slices.size(); i++) {
            SliceFacts s = slices.get(i);
            capture.addAll(s.warnings());
            end[0] += s.malformedPackets();
            end[1] += s.shedConnections();
            end[2] += s.shedPackets();
            end[3] += s.incompleteDatagrams();
            end[4] = Math.max(end[4], s.fragmentTimeoutSeconds());
            files.addAll(s.files());
            packets += s.packets();
            bytes += s.bytes();
            connections += s.tcpConnections();
            if (s.packets() > 0) {
                first = Math.min(first, s.firstTimestampNanos());
                long max = timelines.get(i).maxima()[(int) s.packets() - 1];
                if (max > lastMax) { // on equal times the slice given later comes first, the earlier one's packet last
                    lastMax = max;
                    last = s.lastTimestampNanos();
                }
            }
        }
        capture.addAll(PacketPipeline.endWarnings(end[0], end[1], end[2], end[3], end[4]));
        String verdict = TrafficCensus.of(brokerPorts, p.census()).verdict(packets,
                !p.report().tls().keyLogSources().isEmpty()); // as one analysis: was a key log (or secrets block) read
        if (verdict != null) {
            capture.add(new ExpertNote(ExpertItem.CAPTURE_NO_KAFKA, 0, -1, "", verdict));
        }
        ReportPart part = p.report();
        for (ExpertNote w : capture) {
            warnings.accept(w.message());
            part = PartReport.noted(part, w);
        }
        List<ExpertNote> crossings = Crossings.warnings(slices, stitched.joined());
        for (int i = crossings.size() - 1; i >= 0; i--) { // listed first, in order: the report's own reliability
            part = PartReport.noted(part, crossings.get(i), true);
        }
        crossings.forEach(w -> warnings.accept(w.message()));
        CaptureSummary summary = new CaptureSummary(List.copyOf(files), packets, bytes,
                packets == 0 ? null : Instant.ofEpochSecond(0, first).toString(),
                packets == 0 ? null : Instant.ofEpochSecond(0, last).toString(), connections, 0, 0, 0, 0);
        return PartReport.build(part, schemas, summary, numbering);
    }

    /** The ports of an analysis's options ({@code port} in {@link Partial#analysis()}), default 9092. */
    public static Set<Integer> ports(Partial p) {
        Set<Integer> out = new TreeSet<>();
        String v = p.analysis().get("port");
        if (v == null || v.isEmpty()) {
            out.add(9092);
            return out;
        }
        for (String x : v.split("[,\\s]+")) {
            out.add(Integer.parseInt(x.trim()));
        }
        return out;
    }
}
