package org.kwire.cli;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.kwire.live.CaptureSettings;
import org.kwire.pcap.RingWriter;
import org.kwire.tcp.ReassemblyLimits;

import java.net.InetSocketAddress;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The options of {@code kwire live} (docs/GUIDE.md, "kwire live"), read and checked.
 *
 * @param duration       seconds to capture, 0 until stopped
 * @param interval       seconds between interval reports, 0 for none
 * @param capture        snaplen, libpcap buffer, analysis queue
 * @param limits         TCP reassembly bounds
 * @param write          file to save packets to, or null
 * @param rotation       when {@code write} starts new files
 * @param metrics        where to serve /metrics, or null
 */
record LiveOptions(long duration, long interval, CaptureSettings capture, ReassemblyLimits limits, String write,
                   RingWriter.Rotation rotation, InetSocketAddress metrics) {

    /** HOST:PORT, [v6]:PORT or :PORT (every interface). */
    private static final Pattern ADDRESS = Pattern.compile("(\\[[0-9A-Fa-f:.]+\\]|[^\\[\\]:]*):(\\d{1,5})");

    static Options options() {
        Options o = new Options();
        o.addOption(Option.builder("i").longOpt("interface").hasArg().argName("IFACE")
                .desc("interface to capture on (kwire interfaces lists them; 'any' for all on Linux)").build());
        o.addOption(Option.builder("f").longOpt("filter").hasArg().argName("BPF")
                .desc("capture filter, tcpdump syntax (default: tcp port N for each --port)").build());
        o.addOption(Option.builder().longOpt("duration").hasArg().argName("S")
                .desc("stop after S seconds, or a duration with a unit: 30s, 5m, 1h (default: until Ctrl-C or SIGTERM)").build());
        o.addOption(Option.builder().longOpt("report-interval").hasArg().argName("S")
                .desc("every S seconds, write the counts so far to stderr as one line (JSON, or text with --format "
                        + "text): packets, connections, requests, errors, and per API").build());
        o.addOption(Option.builder().longOpt("format").hasArg().argName("FORMAT")
                .desc("text: the final report and the interval lines for people (default when stdout is a terminal); "
                        + "json: as JSON (default otherwise); ndjson: one JSON event per exchange as it completes, as "
                        + "kwire analyze --format ndjson writes them (flushed at least every second), then one per "
                        + "rebalance and leader change, instead of the final report (interval lines stay on stderr, as JSON)")
                .build());
        OutputOptions.output(o, "the final report (or the events)", "");
        o.addOption(Option.builder("q").longOpt("quiet")
                .desc("no status lines on stderr (capturing on, serving metrics on, the closing packets line); warnings, "
                        + "errors and interval lines are still written").build());
        o.addOption(Option.builder("w").longOpt("write").hasArg().argName("FILE")
                .desc("also save the captured packets to FILE as pcapng").build());
        o.addOption(Option.builder().longOpt("ring-size").hasArg().argName("MB")
                .desc("with -w: start a new file when the current one reaches MB megabytes (10^6 bytes), or a size with a "
                        + "unit: 512K, 64M, 1G (K = 1024 bytes)").build());
        o.addOption(Option.builder().longOpt("ring-duration").hasArg().argName("S")
                .desc("with -w: start a new file after S seconds (or 30s, 5m, 1h)").build());
        o.addOption(Option.builder().longOpt("ring-files").hasArg().argName("N")
                .desc("with --ring-size or --ring-duration: keep only the N newest files (a ring buffer)").build());
        o.addOption(Option.builder().longOpt("snaplen").hasArg().argName("BYTES")
                .desc("bytes captured per packet at most (default " + CaptureSettings.DEFAULT_SNAPLEN + ")").build());
        o.addOption(Option.builder("B").longOpt("buffer-size").hasArg().argName("MiB")
                .desc("libpcap's capture buffer in the kernel, MiB or a size with a unit: 512K, 64M, 1G (default "
                        + CaptureSettings.DEFAULT_BUFFER_MIB + ")").build());
        o.addOption(Option.builder().longOpt("queue-size").hasArg().argName("MiB")
                .desc("captured bytes waiting for the analysis at most, MiB or a size with a unit: 64M, 1G (default "
                        + CaptureSettings.DEFAULT_QUEUE_MIB
                        + "); beyond, connections' analysis is dropped, counted").build());
        o.addOption(Option.builder().longOpt("idle-timeout").hasArg().argName("S")
                .desc("end a TCP connection after S seconds without a packet (or 30s, 5m, 1h; default "
                        + ReassemblyLimits.DEFAULT_IDLE_NANOS / 1_000_000_000L + ")").build());
        o.addOption(Option.builder().longOpt("metrics").hasArg().argName("HOST:PORT")
                .desc("serve Prometheus metrics on http://HOST:PORT/metrics while capturing (port 0: any free one); "
                        + "clients' own pushed metrics (KIP-714) as kwire_client_telemetry, at most "
                        + org.kwire.metrics.MetricsSink.CLIENT_TELEMETRY_SERIES + " series").build());
        MetricsRun.addOptions(o, true);
        AnalysisOptions.add(o);
        LimitOptions.decompressed(o);
        Records.addOptions(o, false);
        AnalysisOptions.addReport(o);
        OutputOptions.help(o);
        return o;
    }

    /** Reads the options; a bad value is a usage error. */
    static LiveOptions of(CommandLine cl) throws CliException {
        long snaplen = Cli.sizeValue(cl, "snaplen", 1, CaptureSettings.DEFAULT_SNAPLEN);
        long idle = Cli.secondsValue(cl, "idle-timeout", (int) (ReassemblyLimits.DEFAULT_IDLE_NANOS / 1_000_000_000L));
        long buffer = Cli.sizeValue(cl, "buffer-size", 1 << 20, (long) CaptureSettings.DEFAULT_BUFFER_MIB << 20);
        long queue = Cli.sizeValue(cl, "queue-size", 1 << 20, (long) CaptureSettings.DEFAULT_QUEUE_MIB << 20);
        if (snaplen == 0 || idle == 0 || buffer == 0 || queue == 0 || buffer > 2047L << 20 || snaplen > Integer.MAX_VALUE) {
            throw new CliException(ExitCodes.USAGE, "live: --snaplen, --idle-timeout, --buffer-size and --queue-size must be "
                    + "positive (--buffer-size at most 2047 MiB)");
        }
        if (cl.hasOption("duration") && Cli.secondsValue(cl, "duration", 0) == 0) {
            throw new CliException(ExitCodes.USAGE, "live: --duration 0: give a positive number of seconds, or leave it "
                    + "out to capture until Ctrl-C");
        }
        ReassemblyLimits limits = new ReassemblyLimits(ReassemblyLimits.DEFAULT_MAX_HELD, idle * 1_000_000_000L,
                ReassemblyLimits.DEFAULT_MAX_CLOSED);
        CaptureSettings capture = CaptureSettings.defaults((int) snaplen).withSizes((int) buffer, queue);
        return new LiveOptions(Cli.secondsValue(cl, "duration", 0), Cli.secondsValue(cl, "report-interval", 0), capture, limits,
                cl.getOptionValue("write"), rotation(cl), address(cl.getOptionValue("metrics")));
    }

    private static RingWriter.Rotation rotation(CommandLine cl) throws CliException {
        long size = Cli.sizeValue(cl, "ring-size", 1_000_000L, 0);
        long duration = Cli.secondsValue(cl, "ring-duration", 0) * 1_000_000_000L;
        int files = Cli.intValue(cl, "ring-files", 0);
        boolean any = cl.hasOption("ring-size") || cl.hasOption("ring-duration") || cl.hasOption("ring-files");
        if (any && !cl.hasOption("write")) {
            throw new CliException(ExitCodes.USAGE, "live: --ring-size, --ring-duration and --ring-files go with -w FILE");
        }
        if (cl.hasOption("ring-files") && size == 0 && duration == 0) {
            throw new CliException(ExitCodes.USAGE, "live: --ring-files needs --ring-size or --ring-duration (when to start a new file)");
        }
        if ((cl.hasOption("ring-size") && size == 0) || (cl.hasOption("ring-duration") && duration == 0)
                || (cl.hasOption("ring-files") && files == 0)) {
            throw new CliException(ExitCodes.USAGE, "live: --ring-size, --ring-duration and --ring-files must be positive");
        }
        return new RingWriter.Rotation(size, duration, files);
    }

    /** The address of {@code --metrics HOST:PORT}, or null. */
    static InetSocketAddress address(String value) throws CliException {
        if (value == null) {
            return null;
        }
        Matcher m = ADDRESS.matcher(value);
        int port = m.matches() ? Integer.parseInt(m.group(2)) : -1;
        if (port < 0 || port > 65535) {
            throw new CliException(ExitCodes.USAGE, "--metrics " + value + ": expected HOST:PORT ([v6]:PORT for IPv6, :PORT for "
                    + "every interface)");
        }
        String host = m.group(1).replaceAll("^\\[|\\]$", "");
        return InetSocketAddress.createUnresolved(host.isEmpty() ? "0.0.0.0" : host, port);
    }
}
