package org.kwire.pcap;

import java.io.Closeable;
import java.io.IOException;
import java.util.List;

/**
 * A source of captured packets in capture order: a pcap or pcapng file (plain or gzip-compressed), or a live
 * interface. Damage that ends reading early (a truncated file) is reported through {@link #warnings()}, not thrown.
 */
public interface PacketSource extends Closeable {

    /**
     * The next packet, or {@code null} at the end of the input (including a truncated end, or a stopped live capture).
     *
     * @throws IOException only when the underlying file or device cannot be read
     */
    Packet next() throws IOException;

    /** Problems found so far, one sentence each (e.g. "capture truncated in packet 812: ..."). */
    List<String> warnings();

    /** Bytes of the input consumed so far (for progress), or -1 if unknown. */
    long position();

    /** Comments on the capture as a whole (pcapng section header {@code opt_comment}s, in file order); none by default. */
    default List<String> comments() {
        return List.of();
    }

    /**
     * True if the packet last returned by {@link #next()} carries only its first bytes (its headers) because the
     * source had no room to keep its payload (a live capture whose analysis fell behind): its connection's analysis
     * is to be dropped, not read with a hole in it. False for files.
     */
    default boolean headersOnly() {
        return false;
    }

    /**
     * The decryption secrets read so far (pcapng Decryption Secrets Blocks, in file order): the list grows while
     * packets are read, and a block's secrets are in it before the packets that follow it are returned. None by default.
     */
    default List<DecryptionSecrets> decryptionSecrets() {
        return List.of();
    }
}
