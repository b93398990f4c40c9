package org.kwire.cli;

import org.kwire.analysis.Analysis;
import org.kwire.partial.Partial;
import org.kwire.partial.SliceFacts;
import org.kwire.pcap.CaptureFiles;
import org.kwire.pcap.Packet;
import org.kwire.pcap.PacketSource;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * How {@code analyze --jobs N} cuts its files into slices: the files in time order (by their first packet, as one
 * analysis and the merge order them), then cut into at most N runs of consecutive files of about equal bytes, each run
 * analyzed as one slice (its files merged by time, as one analysis reads them). Rotated files of one capture point
 * then cross only N - 1 slice boundaries instead of one per file: each slice's connections start mid-stream once, not
 * once per file, and the merge joins N - 1 boundaries. Where the runs overlap in time (files of several capture points
 * interleaving: other brokers' rotations), a run would hold parts of several capture points that the merge cannot tell
 * apart, so {@link #consecutive} fails and the files are analyzed one slice each instead. Stateless.
 */
final class FileGroups {

    private FileGroups() {
    }

    /**
     * Bytes each run gets at least under {@code --split auto}: a run's fixed costs (its connections found again
     * mid-stream, their edges joined by the merge, which builds the report on one thread: about 0.2 s for two runs of
     * the 532 MB benchmark capture) must stay small against its analysis (about 0.6 GB/s on one core).
     */
    static final long MIN_SLICE_BYTES = 256L << 20;

    /**
     * How many runs {@code --jobs N} analyzes at once: N ({@code always}), else as many as pay: no more than the files,
     * one per {@link #MIN_SLICE_BYTES} of them, and one per two processors, since one analysis already keeps about
     * two busy (reading and TCP on one thread, framing and the report on another, decoding on the workers: 1.75
     * processors on average over a run of the 532 MB benchmark capture): on two processors two runs take longer than one
     * analysis of the same files (docs/PERFORMANCE.md, "`--jobs`"). At least 1: the files analyzed as one.
     */
    static int slices(int jobs, int files, long bytes, int processors, boolean always) {
        if (always) {
            return Math.min(jobs, Math.max(1, files));
        }
        long pay = Math.min(Math.min(jobs, files), Math.min(processors / 2, bytes / MIN_SLICE_BYTES));
        return (int) Math.max(1, pay);
    }

    /**
     * The inputs in time order: by the timestamp of their first packet (files without packets last), equal times in
     * the order given.
     *
     * @throws IOException if a file cannot be opened as a capture
     */
    static List<CaptureInputs.Input> inTimeOrder(List<CaptureInputs.Input> inputs) throws IOException {
        long[] first = new long[inputs.size()];
        for (int i = 0; i < first.length; i++) {
            try (PacketSource s = CaptureFiles.open(inputs.get(i).path())) {
                Packet p = s.next();
                first[i] = p == null ? Long.MAX_VALUE : p.timestampNanos();
            }
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < first.length; i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingLong(i -> first[i]));
        List<CaptureInputs.Input> out = new ArrayList<>();
        order.forEach(i -> out.add(inputs.get(i)));
        return out;
    }

    /**
     * The files cut into at most {@code runs} runs of consecutive files, each of about {@code total / runs} bytes
     * (a run takes files until it reaches its share; every run holds at least one file).
     */
    static List<List<CaptureInputs.Input>> runs(List<CaptureInputs.Input> files, int runs) throws IOException {
        long[] bytes = new long[files.size()];
        long total = 0;
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = Files.size(files.get(i).path());
            total += bytes[i];
        }
        List<List<CaptureInputs.Input>> out = new ArrayList<>();
        List<CaptureInputs.Input> run = new ArrayList<>();
        long done = 0;
        for (int i = 0; i < bytes.length; i++) {
            run.add(files.get(i));
            done += bytes[i];
            int left = bytes.length - i - 1;
            int runsLeft = runs - out.size() - 1;
            boolean share = (double) done >= (double) total * (out.size() + 1) / runs;
            if (left > 0 && runsLeft > 0 && (share || left == runsLeft)) {
                out.add(run);
                run = new ArrayList<>();
            }
        }
        out.add(run);
        return out;
    }

    /** Opens a run's files as one capture, merged by time. */
    static PacketSource open(List<CaptureInputs.Input> run) throws IOException {
        return Analysis.open(run.stream().map(CaptureInputs.Input::path).toList());
    }

    /**
     * Whether the merged slices follow each other in time (each ends at or before the next begins): runs of one
     * capture point's rotated files always do.
     */
    static boolean consecutive(Partial merged) {
        long end = Long.MIN_VALUE;
        for (SliceFacts s : merged.slices()) {
            if (s.packets() == 0) {
                continue;
            }
            if (s.firstTimestampNanos() < end) {
                return false;
            }
            end = s.lastTimestampNanos();
        }
        return true;
    }
}
