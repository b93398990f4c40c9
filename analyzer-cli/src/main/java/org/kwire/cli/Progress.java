package org.kwire.cli;

import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.kwire.pcap.Packet;
import org.kwire.pcap.PacketSource;

import java.io.IOException;
import java.util.List;

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
        return new Progress(new ProgressBarBuilder().setTaskName("kwire").setInitialMax(totalBytes)
                .setUnit(" MiB", 1 << 20).setStyle(ProgressBarStyle.ASCII).showSpeed().setMaxRenderedLength(100)
                .continuousUpdate().build());
    }

    /** The source, reporting how far it read; files already read count as done. */
    PacketSource track(PacketSource source) {
        if (bar == null) {
            return source;
        }
        long before = done;
        return new PacketSource() {
            private int count;

            @Override
            public Packet next() throws IOException {
                Packet p = source.next();
                if (++count % STEP == 0 || p == null) {
                    bar.stepTo(before + Math.max(0, source.position()));
                }
                return p;
            }

            @Override
            public List<String> warnings() {
                return source.warnings();
            }

            @Override
            public long position() {
                return source.position();
            }

            @Override
            public List<String> comments() {
                return source.comments();
            }

            @Override
            public void close() throws IOException {
                source.close();
            }
        };
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
