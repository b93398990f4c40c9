package org.kwire.capture;

import org.kwire.expert.ExpertItem;
import org.kwire.expert.ExpertNote;
import org.kwire.net.PacketDecoder;
import org.kwire.net.TcpSegment;
import org.kwire.pcap.DecryptionSecrets;
import org.kwire.pcap.Packet;
import org.kwire.pcap.PacketSource;
import org.kwire.tcp.DataAfterClose;
import org.kwire.tcp.TcpReassembler;
import org.kwire.tls.KeyLog;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * One capture flowing through the pipeline: packets → TCP segments → reassembled streams → the stream stage a
 * {@link CaptureAnalyzer} set up. Packets are numbered 1, 2, ... across every source fed, so several files read one
 * after the other form one capture. Its methods are synchronized, so that another thread (a live capture's periodic
 * report) can read a consistent state between two packets by synchronizing on it.
 * <p>
 * A split pipeline ({@link CaptureAnalyzer#startSplit()}) hands TCP reassembly's events to a stream thread
 * ({@link StreamHandoff}) instead of the stream stage: {@link #end()} then also waits for that thread to have handled
 * everything, and a failure there is thrown again from {@link #feed}, {@link #accept} or {@link #end}.
 */
public final class PacketPipeline {

    private final PacketDecoder decoder = new PacketDecoder();
    private final TcpReassembler tcp;
    private final List<ExpertNote> warnings = new ArrayList<>();
    private final KeyLog keyLog;
    private long packets;
    private long first;
    private long last;
    private boolean ended;
    /** Warnings of the sources (before those {@link #end} adds), once ended. */
    private int sourceWarnings = -1;
    private final CaptureTap tap;
    private final Set<Integer> linkTypes = new TreeSet<>();
    /** The link type of the packet before, so that a capture of one link type adds to the set (boxed) once. */
    private int lastLinkType = -1;
    /** The stream thread's hand-off of a split pipeline, else null. */
    private final Handoff handoff;

    PacketPipeline(TcpReassembler tcp, KeyLog keyLog, CaptureTap tap) {
        this(tcp, keyLog, tap, null);
    }

    PacketPipeline(TcpReassembler tcp, KeyLog keyLog, CaptureTap tap, Handoff handoff) {
        this.tcp = tcp;
        this.keyLog = keyLog;
        this.tap = tap;
        this.handoff = handoff;
    }

    /**
     * Reads every packet of {@code source} until it ends, then keeps its warnings.
     *
     * @throws IOException if the source cannot be read (damage inside a capture is a warning instead)
     */
    public void feed(PacketSource source) throws IOException {
        try {
            read(source);
        } catch (IOException e) {
            throw afterStreamThread(e);
        } catch (RuntimeException e) {
            throw afterStreamThread(e);
        } catch (Error e) {
            throw afterStreamThread(e);
        }
    }

    /**
     * {@code e}, once a split pipeline's stream thread has handled what was read before it (as a single thread
     * would have), with what failed on that thread, if anything else did, added as suppressed.
     */
    private <T extends Throwable> T afterStreamThread(T e) {
        if (handoff != null && handoff.failure() != e) {
            try {
                handoff.finish();
            } catch (RuntimeException | Error other) {
                if (other != e) {
                    e.addSuppressed(other);
                }
            }
        }
        return e;
    }

    private void read(PacketSource source) throws IOException {
        int secrets = 0;
        for (Packet p; (p = source.next()) != null; ) {
            if (source.decryptionSecrets().size() > secrets) {
                secrets = takeSecrets(source.decryptionSecrets(), secrets);
            }
            if (source.headersOnly()) {
                shed(p);
            } else {
                accept(p);
            }
        }
        takeSecrets(source.decryptionSecrets(), secrets);
        synchronized (this) {
            source.warnings().forEach(w -> warn(ExpertItem.CAPTURE_READER, w));
        }
    }

    /** Adds the TLS key logs of the Decryption Secrets Blocks from index {@code from} on to the key log; returns the count. */
    private synchronized int takeSecrets(List<DecryptionSecrets> blocks, int from) {
        for (DecryptionSecrets s : blocks.subList(from, blocks.size())) {
            if (s.type() == DecryptionSecrets.TLS_KEY_LOG) {
                String secrets = new String(s.data(), java.nio.charset.StandardCharsets.ISO_8859_1);
                String source = "pcapng Decryption Secrets Block " + s.number();
                if (handoff == null) {
                    keyLog.add(secrets, source);
                } else { // the stream stage reads the key log: added in its order, on its thread
                    handoff.runOnStreams(() -> keyLog.add(secrets, source));
                }
            } else {
                warn(ExpertItem.CAPTURE_SECRETS_UNSUPPORTED, "pcapng Decryption Secrets Block " + s.number() + " holds secrets of type 0x"
                        + Integer.toHexString(s.type()) + ", not a TLS key log; not used");
            }
        }
        return blocks.size();
    }

    /** One packet, in capture order; renumbered to follow the packets before it. */
    public synchronized void accept(Packet p) {
        TcpSegment s = decodeNext(p);
        if (s != null) {
            int before = tcp.connections();
            tcp.accept(s);
            for (int i = before; i < tcp.connections(); i++) {
                tap.connectionStarted(i, s.has(TcpSegment.SYN) && !s.has(TcpSegment.ACK));
            }
        }
    }

    /** The link types (LINKTYPE_ values) of the packets read. */
    public synchronized Set<Integer> linkTypes() {
        return Set.copyOf(linkTypes);
    }

    /** Counts, renumbers and decodes the next packet: its TCP segment, or null. */
    private TcpSegment decodeNext(Packet p) {
        packets++;
        tap.packet(p.timestampNanos());
        if (p.linkType() != lastLinkType) {
            lastLinkType = p.linkType();
            linkTypes.add(lastLinkType);
        }
        Packet numbered = p.number() == packets ? p : p.withNumber(packets);
        if (packets == 1) {
            first = p.timestampNanos();
        }
        last = p.timestampNanos();
        return decoder.decode(numbered);
    }

    /**
     * A packet whose payload the source could not keep (a live capture's analysis fell behind): the analysis of its
     * connection is dropped ({@link TcpReassembler#shed}), counted and warned about, rather than read with a hole.
     */
    public synchronized void shed(Packet p) {
        TcpSegment s = decodeNext(p);
        if (s != null) {
            tcp.shed(s);
        }
    }

    /** Connections whose analysis was dropped because the source could not keep up ({@link #shed}). */
    public synchronized long shedConnections() {
        return tcp.shedConnections();
    }

    /** Packets not analyzed because their connection was shed. */
    public synchronized long shedPackets() {
        return tcp.shedSegments();
    }

    /**
     * Ends the connections that closed in the input and still wait for bytes in flight
     * ({@link TcpReassembler#endClosed}), before {@link #end}: a partial's boundary tells them from the connections
     * the end of the input cuts.
     */
    public synchronized void endClosed() {
        try {
            tcp.endClosed();
        } catch (RuntimeException e) {
            throw afterStreamThread(e);
        } catch (Error e) {
            throw afterStreamThread(e);
        }
    }

    /**
     * Ends every open connection (their handlers see the end of their streams); further packets are a bug.
     *
     * @throws IllegalStateException if called twice
     */
    public synchronized void end() {
        if (ended) {
            throw new IllegalStateException("pipeline already ended");
        }
        ended = true;
        try {
            tcp.end(packets);
        } catch (RuntimeException e) {
            throw afterStreamThread(e);
        } catch (Error e) {
            throw afterStreamThread(e);
        }
        if (handoff != null) {
            handoff.finish();
        }
        dataAfterClose();
        sourceWarnings = warnings.size();
        warnings.addAll(endWarnings(decoder.malformed(), tcp.shedConnections(), tcp.shedSegments(),
                decoder.incompleteDatagrams(), decoder.fragmentTimeoutSeconds()));
    }

    /**
     * The note on the payload that came after its connection ended and had no place in it (tcp.data_after_close), if
     * any: kept with the sources' warnings, so that a partial of one file keeps it as it is.
     */
    private void dataAfterClose() {
        DataAfterClose.Counts c = tcp.dataAfterClose();
        if (c.segments() == 0) {
            return;
        }
        warnings.add(new ExpertNote(ExpertItem.TCP_DATA_AFTER_CLOSE, c.firstPacket(), c.firstOffset(), c.firstWhere(),
                c.segments() + " segment(s) carrying " + c.bytes() + " bytes of payload came after their connection had "
                        + "ended (" + c.connections() + " connection(s); the first at frame " + c.firstPacket()
                        + (c.firstOffset() >= 0 ? ", stream offset " + c.firstOffset() : "")
                        + ") and have no place in its streams (beyond its FIN or RST, or before its first byte, e.g. "
                        + "a capture out of order): not analyzed"));
    }

    /**
     * The warnings of the end of a capture: packets skipped, connections shed, datagrams not reassembled (one note
     * each that is not zero); the same for one capture or for the sums of several slices of it.
     */
    public static List<ExpertNote> endWarnings(long malformedPackets, long shedConnections, long shedPackets,
                                               long incompleteDatagrams, long fragmentTimeoutSeconds) {
        List<ExpertNote> out = new ArrayList<>();
        if (malformedPackets > 0) {
            out.add(note(ExpertItem.CAPTURE_PACKETS_MALFORMED, malformedPackets + " packet(s) with a link, IP or TCP "
                    + "header cut short or invalid were skipped; the stream bytes they carried are gaps"));
        }
        if (shedConnections > 0) {
            out.add(note(ExpertItem.CAPTURE_CONNECTIONS_DROPPED, "the analysis of " + shedConnections + " connection(s) "
                    + "was dropped because it fell behind the capture (" + shedPackets + " packets not analyzed): the "
                    + "report misses the rest of those connections; a larger --queue-size or a narrower filter helps"));
        }
        if (incompleteDatagrams > 0) {
            out.add(note(ExpertItem.IP_FRAGMENTS_INCOMPLETE, incompleteDatagrams + " fragmented IP datagram(s) could "
                    + "not be reassembled (fragments missing, cut by the snaplen or given up after "
                    + fragmentTimeoutSeconds + " s)"));
        }
        return out;
    }

    /**
     * The counts behind {@link #endWarnings}: malformed packets, shed connections, shed packets, incomplete datagrams,
     * fragment timeout in seconds.
     */
    public synchronized long[] endCounts() {
        return new long[] {decoder.malformed(), tcp.shedConnections(), tcp.shedSegments(), decoder.incompleteDatagrams(),
                decoder.fragmentTimeoutSeconds()};
    }

    /** The sources' own warnings (damaged files, secrets not used, ...), without those {@link #end} added. */
    public synchronized List<ExpertNote> sourceWarnings() {
        return List.copyOf(sourceWarnings < 0 ? warnings : warnings.subList(0, sourceWarnings));
    }

    private static ExpertNote note(ExpertItem item, String text) {
        return new ExpertNote(item, 0, -1, "", text);
    }

    private void warn(ExpertItem item, String text) {
        warnings.add(note(item, text));
    }

    /**
     * What was read so far.
     *
     * @param names how the input is named in the report (files, or a live interface)
     * @param bytes size of the input in bytes (file sizes, or bytes captured live)
     */
    public synchronized CaptureFacts facts(List<String> names, long bytes) {
        return new CaptureFacts(names, packets, bytes, first, last, tcp.connections(), List.copyOf(warnings));
    }
}
