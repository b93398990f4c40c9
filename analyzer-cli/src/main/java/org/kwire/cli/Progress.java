package org.kwire.cli;

import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.kwire.pcap.PacketSource;
import org.kwire.pcap.TappedSource;

/**
 * A progress bar on stderr while capture files are read (bytes read of the total, rate, ETA), drawn by the
 * progressbar library. Shown only when the process has a terminal and {@code --quiet} is not given.
 */
final class Progress implements AutoCloseable {

    /** Packets between two updates of the bar. */
    private static final int STEP = 4096;

    private final ProgressBar bar;
    private long done;

    private Progress(ProgressBar bar) {
        this.bar = bar;
    }

    /** A bar over {@code totalBytes}, or an inactive one when not {@code wanted} or there is no terminal. */
    static Progress start(boolean wanted, long totalBytes) {
        if (!wanted || System.console() == null) {
            return new Progress(null);
        }
        boolean large = totalBytes >= 16L << 20;
        return new Progress(new ProgressBarBuilder().setTaskName("kwire").setInitialMax(totalBytes)
                .setUnit(large ? " MiB" : " KiB", large ? 1 << 20 : 1 << 10).setStyle(ProgressBarStyle.ASCII).showSpeed().setMaxRenderedLength(100)
                .continuousUpdate().build());
    }

    /** The source, reporting how far it read; files already read count as done. */
    PacketSource track(PacketSource source) {
        if (bar == null) {
            return source;
        }
        long before = done;
        int[] count = {0};
        return new TappedSource(source, p -> {
            if (++count[0] % STEP == 0 || p == null) {
                bar.stepTo(before + Math.max(0, source.position()));
            }
        });
    }

    /** Counts a finished file of {@code bytes}. */
    void fileDone(long bytes) {
        done += bytes;
        if (bar != null) {
            bar.stepTo(done);
        }
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
