package org.kwire.cli;

import org.apache.commons.cli.CommandLine;
import org.kwire.analysis.Analysis;
import org.kwire.partial.Partial;
import org.kwire.partial.PartialCodec;
import org.kwire.partial.PartialMerge;
import org.kwire.pcap.CaptureFiles;
import org.kwire.report.Report;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * {@code kwire analyze --jobs N FILE...}: the files, in time order (never by name), cut into N runs analyzed apart into
 * {@link Partial}s on N threads, the partials merged and turned into the report; and {@code kwire analyze --partial}: the files
 * analyzed as one slice, its partial written instead of the report (for {@code kwire merge}).
 */
final class JobsRun {

    private final CommandLine cl;
    private final InputStream stdin;
    private final boolean terminal;

    JobsRun(CommandLine cl, InputStream stdin, boolean terminal) {
        this.cl = cl;
        this.stdin = stdin;
        this.terminal = terminal;
    }

    /**
     * Checks the options that go with {@code --jobs} and {@code --partial} (whether the files are then split or not, so
     * that a command line means the same on every machine), and says whether {@code --jobs} splits the files
     * ({@link FileGroups#slices}); if not, they are analyzed as one, which gives the same report.
     */
    boolean splits() throws CliException {
        for (String o : new String[] {"metrics-file", "index"}) {
            if (cl.hasOption(o)) {
                throw new CliException(ExitCodes.USAGE, "--" + o + " does not go with --jobs or --partial");
            }
        }
        for (String o : new String[] {"metrics-clients", "metrics-topics", "metrics-groups"}) {
            if (cl.hasOption(o)) {
                throw new CliException(ExitCodes.USAGE, "--" + o + " does not go with --jobs or --partial: they write no "
                        + "metrics (--metrics-file does not go with them)");
            }
        }
        format();
        int jobs = jobs();
        if (cl.hasOption("boundary-bytes")) {
            Cli.sizeValue(cl, "boundary-bytes", 1, 0); // a size, also where the files are not split
        }
        String split = cl.getOptionValue("split", "auto");
        if (!split.equals("auto") && !split.equals("always")) {
            throw new CliException(ExitCodes.USAGE, "--split " + split + ": auto or always");
        }
        if (cl.hasOption("split") && !cl.hasOption("jobs")) {
            throw new CliException(ExitCodes.USAGE, "--split goes with --jobs");
        }
        List<String> named = InputOptions.captures(cl);
        if (split.equals("always") || named.contains("-")) {
            return true; // standard input: refused with its own line
        }
        long bytes = 0;
        for (String n : named) {
            try {
                bytes += Files.size(Path.of(n));
            } catch (IOException | RuntimeException e) {
                return true; // said by the analysis, in its words
            }
        }
        return FileGroups.slices(jobs, named.size(), bytes, Runtime.getRuntime().availableProcessors(), false) > 1;
    }

    private AnalyzeCommand.Format format() throws CliException {
        if (cl.hasOption("partial")) {
            refuseWithPartial(cl, "analyze");
            for (String o : new String[] {"jobs", "split"}) {
                if (cl.hasOption(o)) {
                    throw new CliException(ExitCodes.USAGE, "--" + o + " does not go with --partial: a partial is one analysis "
                            + "of its files (run analyze --partial on each part, then kwire merge)");
                }
            }
        }
        AnalyzeCommand.Format format = OutputOptions.format(cl, AnalyzeCommand.FORMATS, terminal
                && OutputOptions.file(cl) == null && !cl.hasOption("partial") ? AnalyzeCommand.Format.TEXT
                : AnalyzeCommand.Format.JSON);
        if (format != AnalyzeCommand.Format.JSON && format != AnalyzeCommand.Format.TEXT) {
            throw new CliException(ExitCodes.USAGE, "--jobs and --partial make a report: --format json or text");
        }
        return format;
    }

    /**
     * Refuses the options that have no effect when {@code command --partial} writes a partial (JSON, exit code 0):
     * {@code --format} other than json, and {@code --strict}.
     */
    static void refuseWithPartial(CommandLine cl, String command) throws CliException {
        String format = cl.getOptionValue("format");
        if (format != null && !format.equals("json")) {
            throw new CliException(ExitCodes.USAGE, command + ": --partial writes a partial (JSON), not a report: --format "
                    + format + " does not go with it");
        }
        if (cl.hasOption("strict")) {
            throw new CliException(ExitCodes.USAGE, command + ": --strict does not go with --partial: warnings are counted in "
                    + "the partial and kwire merge --strict exits 4 on them");
        }
    }

    private int jobs() throws CliException {
        int jobs = Cli.intValue(cl, "jobs", 1);
        if (jobs < 1) {
            throw new CliException(ExitCodes.USAGE, "--jobs " + jobs + ": at least 1");
        }
        return jobs;
    }

    int run(PrintStream out, PrintStream err) throws CliException {
        String output = OutputOptions.file(cl);
        AnalyzeCommand.Format format = format();
        int jobs = jobs();
        Analysis analysis = AnalysisOptions.analysis(AnalysisOptions.config(cl));
        Cli.library(analysis::run); // every option checked and every key log read, before any work
        List<String> named = InputOptions.captures(cl);
        Path bundled = null;
        try {
            List<CaptureInputs.Input> inputs = new ArrayList<>(CaptureInputs.named(named));
            bundled = AnalyzeCommand.addBundled(cl, named, inputs, err);
            CaptureInputs.of(inputs, stdin);
            Partial merged = cl.hasOption("partial") ? slice(analysis, inputs) : parallel(analysis, inputs, jobs);
            if (cl.hasOption("partial")) {
                writePartial(merged, output, out);
                return ExitCodes.OK;
            }
            Report r = analysis.report(merged, w -> Cli.warn(err, w));
            CaptureReports.write(r, format, output, out);
            return OutputOptions.exitCode(cl, r);
        } finally {
            AnalyzeCommand.deleteBundled(bundled);
        }
    }

    /** All inputs as one slice (merged by timestamp, as one analysis reads them). */
    private Partial slice(Analysis analysis, List<CaptureInputs.Input> inputs) throws CliException {
        CaptureInputs captures = CaptureInputs.of(inputs, stdin);
        return Cli.library(() -> {
            long bytes = captures.readsStdin() ? -1 : captures.bytes();
            return analysis.slice(captures.names(), captures::open, bytes);
        });
    }

    /**
     * The files in time order ({@link FileGroups#inTimeOrder}), cut into {@code jobs} runs of consecutive files
     * ({@link FileGroups#runs}), each run a slice analyzed on its own thread; the partials merged, in time order, as a
     * balanced tree (the merge is associative: each merge runs as soon as both its halves are there, on the thread that
     * completed the second). Where the runs overlap in time (several capture points' files interleave), the files are
     * analyzed one slice each instead. Slices holding the same packets are refused
     * ({@link org.kwire.partial.SliceOrder#refuseOverlaps}). Refused before any work if the heap cannot give every
     * decoding thread of the jobs at once decompression room ({@link Records#checkJobsHeap}); merges decode no
     * batches. A failure is reported as the first failing slice's, in time order.
     */
    private Partial parallel(Analysis analysis, List<CaptureInputs.Input> inputs, int jobs) throws CliException {
        for (CaptureInputs.Input i : inputs) {
            if (i.path() == null) {
                throw new CliException(ExitCodes.USAGE, "--jobs reads files, not standard input (-)");
            }
        }
        Records.checkJobsHeap(analysis.config().records(), jobs, inputs.size(), analysis.config().workers().orElse(0) + 1,
                Runtime.getRuntime().maxMemory());
        if (inputs.isEmpty()) {
            return null;
        }
        List<CaptureInputs.Input> files = Cli.readCaptures(() -> FileGroups.inTimeOrder(inputs));
        long bytes = 0;
        for (CaptureInputs.Input i : files) {
            bytes += Cli.readCaptures(() -> Files.size(i.path()));
        }
        int count = FileGroups.slices(jobs, files.size(), bytes, Runtime.getRuntime().availableProcessors(),
                "always".equals(cl.getOptionValue("split")));
        List<List<CaptureInputs.Input>> runs = Cli.readCaptures(() -> FileGroups.runs(files, count));
        Partial merged = slices(analysis, runs, jobs);
        if (runs.size() < files.size() && !FileGroups.consecutive(merged)) {
            List<List<CaptureInputs.Input>> each = new ArrayList<>();
            files.forEach(f -> each.add(List.of(f)));
            merged = slices(analysis, each, jobs);
        }
        try {
            org.kwire.partial.SliceOrder.refuseOverlaps(merged.slices());
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCodes.INPUT, e.getMessage());
        }
        return merged;
    }

    /** Each run a slice, on {@code jobs} threads, merged in the runs' order as a balanced tree. */
    private static Partial slices(Analysis analysis, List<List<CaptureInputs.Input>> runs, int jobs) throws CliException {
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(jobs, runs.size()));
        try {
            List<CompletableFuture<Partial>> parts = new ArrayList<>();
            for (List<CaptureInputs.Input> run : runs) {
                parts.add(CompletableFuture.supplyAsync(() -> {
                    try {
                        long bytes = 0;
                        for (CaptureInputs.Input i : run) {
                            bytes += Files.size(i.path());
                        }
                        return analysis.slice(run.stream().map(CaptureInputs.Input::name).toList(),
                                () -> FileGroups.open(run), bytes);
                    } catch (IOException e) {
                        throw new CompletionException(e);
                    }
                }, pool));
            }
            CompletableFuture<Partial> merged = tree(parts, 0, parts.size());
            try {
                return get(merged);
            } catch (CliException | IllegalStateException e) {
                for (Future<Partial> f : parts) {
                    get(f); // the first failing slice's own failure, if a slice failed
                }
                throw e;
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** The merge of the partials {@code [from, to)}, halves first. */
    private static CompletableFuture<Partial> tree(List<CompletableFuture<Partial>> parts, int from, int to) {
        if (to - from == 1) {
            return parts.get(from);
        }
        int mid = (from + to) >>> 1;
        return tree(parts, from, mid).thenCombine(tree(parts, mid, to), PartialMerge::merge);
    }

    private static Partial get(Future<Partial> f) throws CliException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException(ExitCodes.INPUT, "interrupted");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                return Cli.readCaptures(() -> {
                    throw io;
                });
            }
            if (cause instanceof IllegalArgumentException ia) {
                throw new CliException(ExitCodes.USAGE, ia.getMessage());
            }
            throw new IllegalStateException(cause);
        }
    }

    static void writePartial(Partial p, String output, PrintStream out) throws CliException {
        try (OutputStream stream = PartialCodec.compressing(Cli.output(output, out), output)) {
            PartialCodec.write(p, stream);
            stream.write('\n');
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT, "cannot write " + (output == null ? "stdout" : output) + ": " + e.getMessage());
        }
    }
}
