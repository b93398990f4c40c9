package org.kwire.pcap;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Several captures read as one, packet by packet in timestamp order, as Wireshark's {@code mergecap} merges them
 * (its default, chronological mode): the next packet is always the earliest of the packets each input would give
 * next. Each input is read in its own order, so a file whose timestamps go backwards stays as it is. Packets keep
 * their numbers within their file; the pipeline numbers the merged sequence 1, 2, ... as {@code mergecap}'s output
 * would be numbered. One packet per input is held ahead.
 * <p>
 * The order the inputs were given never matters but for inputs that start at the same instant: the inputs are first
 * put in <em>time order</em>, by the timestamp of their first packet (inputs without packets last), and on equal
 * timestamps the input later in that order wins, as in mergecap given the files in that order (Wireshark 4.0
 * {@code wiretap/merge.c}: an equal timestamp counts as earlier). Rotated files named so that the shell's glob does
 * not sort them by time ({@code tcpdump -C}: {@code cap.pcap}, {@code cap.pcap1}, {@code cap.pcap10}, ...,
 * {@code cap.pcap2}) merge as if given in time order. Inputs whose first packets have equal timestamps keep the order
 * given. The split analyses ({@code --jobs}, {@code kwire merge}, the Spark job) order their slices by the same rule,
 * so that they number frames as this merge does. Not thread-safe.
 */
public final class MergedSource implements PacketSource {

    private final List<PacketSource> sources;
    /** The next packet of each source (null once it ended), read ahead on the first call of {@link #next()}. */
    private final Packet[] heads;
    /** The sources' indices in time order, set on the first call of {@link #next()}; until then the order given. */
    private int[] order;
    private boolean started;
    /** The inputs' decryption secrets taken so far, renumbered; per input, how many of its own. */
    private final List<DecryptionSecrets> secrets = new ArrayList<>();
    private final List<DecryptionSecrets> secretsView = java.util.Collections.unmodifiableList(secrets);
    private final int[] secretsTaken;

    private MergedSource(List<PacketSource> sources) {
        this.sources = List.copyOf(sources);
        this.heads = new Packet[sources.size()];
        this.secretsTaken = new int[sources.size()];
        this.order = java.util.stream.IntStream.range(0, sources.size()).toArray();
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
            order = timeOrder(heads);
        }
        int earliest = -1;
        for (int i : order) {
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

    /**
     * The indices of inputs by the timestamp of their first packet ({@code firsts}, null for an input without
     * packets: last), equal timestamps in the order given.
     */
    static int[] timeOrder(Packet[] firsts) {
        return java.util.stream.IntStream.range(0, firsts.length).boxed()
                .sorted(java.util.Comparator.comparing((Integer i) -> firsts[i] == null)
                        .thenComparingLong(i -> firsts[i] == null ? 0 : firsts[i].timestampNanos()))
                .mapToInt(Integer::intValue).toArray();
    }

    /** The warnings of every input, inputs in time order once reading started (before: in the order given). */
    @Override
    public List<String> warnings() {
        List<String> all = new ArrayList<>();
        for (int i : order) {
            all.addAll(sources.get(i).warnings());
        }
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

    /** The comments of every input, inputs in time order once reading started (before: in the order given). */
    @Override
    public List<String> comments() {
        List<String> all = new ArrayList<>();
        for (int i : order) {
            all.addAll(sources.get(i).comments());
        }
        return all;
    }

    /**
     * The decryption secrets of every input as they are read, in the order they were read (a list that only grows, as
     * the pipeline takes it), numbered 1, 2, ... across the inputs: a key log embedded in one rotated file decrypts
     * the connections of the others, as in one pcapng merged from them.
     */
    @Override
    public List<DecryptionSecrets> decryptionSecrets() {
        for (int i = 0; i < sources.size(); i++) {
            List<DecryptionSecrets> of = sources.get(i).decryptionSecrets();
            for (int k = secretsTaken[i]; k < of.size(); k++) {
                DecryptionSecrets d = of.get(k);
                secrets.add(new DecryptionSecrets(d.type(), d.data(), secrets.size() + 1));
            }
            secretsTaken[i] = of.size();
        }
        return secretsView;
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
