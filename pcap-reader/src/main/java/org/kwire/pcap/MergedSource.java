package org.kwire.pcap;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Several captures read as one, packet by packet in timestamp order, as Wireshark's {@code mergecap} merges them
 * (its default, chronological mode): the next packet is always the earliest of the packets each input would give
 * next; on equal timestamps the input given last wins, as in mergecap (Wireshark 4.0 {@code wiretap/merge.c}: an
 * equal timestamp counts as earlier). Each input is read in its own order, so a file whose timestamps go backwards
 * stays as it is. Packets keep their numbers within their file; the pipeline numbers the
 * merged sequence 1, 2, ... as {@code mergecap}'s output would be numbered. One packet per input is held ahead.
 */
public final class MergedSource implements PacketSource {

    private final List<PacketSource> sources;
    /** The next packet of each source (null once it ended), read ahead on the first call of {@link #next()}. */
    private final Packet[] heads;
    private boolean started;

    private MergedSource(List<PacketSource> sources) {
        this.sources = List.copyOf(sources);
        this.heads = new Packet[sources.size()];
    }

    /** The sources merged by timestamp; a single source is returned as it is. */
    public static PacketSource of(List<PacketSource> sources) {
        if (sources.isEmpty()) {
            throw new IllegalArgumentException("nothing to merge");
        }
        return sources.size() == 1 ? sources.get(0) : new MergedSource(sources);
    }

    @Override
    public Packet next() throws IOException {
        if (!started) {
            started = true;
            for (int i = 0; i < heads.length; i++) {
                heads[i] = sources.get(i).next();
            }
        }
        int earliest = -1;
        for (int i = 0; i < heads.length; i++) {
            if (heads[i] != null && (earliest < 0 || heads[i].timestampNanos() <= heads[earliest].timestampNanos())) {
                earliest = i;
            }
        }
        if (earliest < 0) {
            return null;
        }
        Packet p = heads[earliest];
        heads[earliest] = sources.get(earliest).next();
        return p;
    }

    /** The warnings of every input, in the order the inputs were given. */
    @Override
    public List<String> warnings() {
        List<String> all = new ArrayList<>();
        sources.forEach(s -> all.addAll(s.warnings()));
        return all;
    }

    /** Bytes consumed of all inputs together, or -1 if one of them cannot tell. */
    @Override
    public long position() {
        long sum = 0;
        for (PacketSource s : sources) {
            long p = s.position();
            if (p < 0) {
                return -1;
            }
            sum += p;
        }
        return sum;
    }

    @Override
    public List<String> comments() {
        List<String> all = new ArrayList<>();
        sources.forEach(s -> all.addAll(s.comments()));
        return all;
    }

    /** Closes every input; the first failure is thrown after all were tried. */
    @Override
    public void close() throws IOException {
        IOException failure = null;
        for (PacketSource s : sources) {
            try {
                s.close();
            } catch (IOException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
