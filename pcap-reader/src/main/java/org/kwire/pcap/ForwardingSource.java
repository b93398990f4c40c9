package org.kwire.pcap;

import java.io.IOException;
import java.util.List;

/**
 * A packet source that passes everything to the source it wraps; subclasses override what they change (as
 * {@link java.io.FilterInputStream} does for streams).
 */
public abstract class ForwardingSource implements PacketSource {

    /** The wrapped source. */
    protected final PacketSource source;

    /** @param source the source every call goes to unless overridden */
    protected ForwardingSource(PacketSource source) {
        this.source = source;
    }

    @Override
    public Packet next() throws IOException {
        return source.next();
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
    public boolean headersOnly() {
        return source.headersOnly();
    }

    @Override
    public void close() throws IOException {
        source.close();
    }
}
