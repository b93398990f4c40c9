package org.kwire.cli;

import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarConsumer;
import me.tongfei.progressbar.ProgressBarStyle;
import org.kwire.pcap.PacketSource;
import org.kwire.pcap.TappedSource;

import java.io.PrintStream;

/**
 * A progress bar on stderr while captures are read (bytes read of the total, rate, ETA; bytes read and rate only when
 * the total is unknown, as for standard input), drawn by the progressbar library on one line that carriage returns
 * redraw (no cursor-movement escape codes) and that is erased when reading ends. Shown only when stderr is a terminal
 * and {@code --quiet} is not given.
 */
final class Progress implements AutoCloseable {

    /** Packets between two looks at the clock. */
    private static final int STEP = 64;
    /** Least time between two updates of the bar, ns. */
    private static final long UPDATE_NANOS = 100_000_000L;
    /** Widest line the bar draws, characters. */
    private static final int WIDTH = 100;

    private final ProgressBar bar;

    private Progress(ProgressBar bar) {
        this.bar = bar;
    }

    /**
     * A bar on {@code err} over {@code totalBytes} (-1: unknown), or an inactive one when not {@code wanted} or
     * {@code err} is not a terminal.
     */
    static Progress start(boolean wanted, long totalBytes, PrintStream err) {
        if (!wanted || err != System.err || !Terminal.isTerminal(Terminal.STDERR)) {
            return new Progress(null);
        }
        boolean large = totalBytes < 0 || totalBytes >= 16L << 20;
        return new Progress(new ProgressBarBuilder().setTaskName("kwire").setInitialMax(totalBytes)
                .setUnit(large ? " MiB" : " KiB", large ? 1 << 20 : 1 << 10).setStyle(ProgressBarStyle.ASCII)
                .showSpeed(new java.text.DecimalFormat("#,##0.0"))
                .setConsumer(new LineConsumer(err)).clearDisplayOnFinish().continuousUpdate().build());
    }

    /** The source (all inputs merged), reporting how far it read. */
    PacketSource track(PacketSource source) {
        if (bar == null) {
            return source;
        }
        int[] count = {0};
        long[] last = {System.nanoTime()};
        return new TappedSource(source, p -> {
            if (++count[0] % STEP == 0 && System.nanoTime() - last[0] >= UPDATE_NANOS || p == null) {
                last[0] = System.nanoTime();
                bar.stepTo(Math.max(0, source.position()));
            }
        });
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
    }

    /** Draws each rendering over the last with a carriage return; {@link #clear()} blanks the line. */
    private static final class LineConsumer implements ProgressBarConsumer {

        private final PrintStream err;
        private int drawn;

        LineConsumer(PrintStream err) {
            this.err = err;
        }

        @Override
        public int getMaxRenderedLength() {
            return WIDTH;
        }

        @Override
        public void accept(String line) {
            String l = line.length() > WIDTH ? line.substring(0, WIDTH) : line;
            err.print("\r" + l + " ".repeat(Math.max(0, drawn - l.length())));
            drawn = l.length();
            err.flush();
        }

        @Override
        public void clear() {
            err.print("\r" + " ".repeat(drawn) + "\r");
            drawn = 0;
            err.flush();
        }

        @Override
        public void close() {
            err.flush();
        }
    }
}
