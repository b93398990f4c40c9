package org.kwire.pcap;

import java.io.IOException;
import java.util.List;

/**
 * A packet source that shows every packet it hands out to a {@link Tap} first (to save it, count it, ...); otherwise
 * it is the source it wraps.
 */
public final class TappedSource implements PacketSource {

    /** Sees each packet on its way out. */
    @FunctionalInterface
    public interface Tap {
        /**
         * @param packet the next packet, or null once the source has ended
         * @throws IOException to fail the read (e.g. the packet could not be saved)
         */
        void see(Packet packet) throws IOException;
    }

    private final PacketSource source;
    private final Tap tap;

    /** @param source the packets; @param tap sees each of them */
    public TappedSource(PacketSource source, Tap tap) {
        this.source = source;
        this.tap = tap;
    }

    @Override
    public Packet next() throws IOException {
        Packet p = source.next();
        tap.see(p);
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
    public List<DecryptionSecrets> decryptionSecrets() {
        return source.decryptionSecrets();
    }

    @Override
    public void close() throws IOException {
        source.close();
    }
}
