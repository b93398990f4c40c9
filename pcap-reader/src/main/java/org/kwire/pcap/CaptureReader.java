package org.kwire.pcap;

import org.kwire.net.LinkTypes;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the file readers share: the input, the file's name for messages, warnings, packet numbering. A warning of a
 * kind already given (e.g. thousands of blocks naming the same undefined interface) is counted, not repeated: it is
 * listed once, with how many times it occurred and the last place.
 */
abstract class CaptureReader implements PacketSource {

    final ByteInput in;
    private final String name;
    private final Map<String, Repeated> warnings = new LinkedHashMap<>();
    /** Number of the last packet returned. */
    long number;
    /** True once reading has ended (end of file or damage). */
    boolean done;

    CaptureReader(ByteInput in, String name) {
        this.in = in;
        this.name = name;
    }

    /** A warning's first text, how often its kind occurred, and where the last occurrence was. */
    private static final class Repeated {
        final String first;
        long count = 1;
        long lastPacket;

        Repeated(String first, long lastPacket) {
            this.first = first;
            this.lastPacket = lastPacket;
        }
    }

    /** Records a problem, prefixed with the file name; the same text again is counted. */
    final void warn(String w) {
        warn(w, w);
    }

    /**
     * Records a problem of a kind, prefixed with the file name; further problems of the same kind are counted, and the
     * warning says how many there were and the packet after which the last one was.
     *
     * @param kind identifies repeats, e.g. {@code "undefined interface 3"}
     */
    final void warn(String kind, String w) {
        Repeated r = warnings.get(kind);
        if (r == null) {
            warnings.put(kind, new Repeated(name + ": " + w, number));
        } else {
            r.count++;
            r.lastPacket = number;
        }
    }

    /** Warns about an interface whose packets held IP only where another link type than its own puts it. */
    final void checked(LinkCheck c) {
        String problem = c.problem();
        if (problem != null) {
            warn(problem);
        }
    }

    /** Reading ended (at the end of the input or damage): the interfaces still open are {@link #checked}. */
    abstract void finished();

    /** Warns once about an interface whose link type {@link org.kwire.net.PacketDecoder} does not decode. */
    final void checkLinkType(String iface, int linkType) {
        if (!LinkTypes.isSupported(linkType)) {
            warn(iface + " has link type " + linkType + " (" + LinkTypes.name(linkType) + "), which kwire does not decode: "
                    + "its packets are read but skipped");
        }
    }

    /**
     * Ends reading: the input ran out inside a record or block. When the input's own data is damaged (e.g. gzip), that
     * damage is the reason, given with the packets read before it (the sizes {@code why} names may come from bytes
     * the damage altered).
     */
    final Packet stop(String why) {
        String d = in.damage();
        warn(d == null ? why : "capture ends early after packet " + number + ": " + d);
        return ended();
    }

    /**
     * Ends reading at bytes that make no sense (a length or magic number that cannot be right): damage of the input
     * itself (known, or found in the rest of a file) is added, as what may have altered them.
     *
     * @throws IOException if the rest of the file cannot be read
     */
    final Packet corrupt(String why) throws IOException {
        String d = in.damage() != null ? in.damage() : in.damageBeyond();
        warn(d == null ? why : why + "; the compressed data is damaged, which may have altered those bytes: " + d);
        return ended();
    }

    /** Ends reading at the end of the input, with a warning if the input's data was damaged. */
    final Packet end() {
        String d = in.damage();
        if (d != null) {
            warn(in.endedEarly() ? "capture ends early after packet " + number + ": " + d
                    : "capture read to its end (" + number + " packets), but " + d);
        }
        return ended();
    }

    private Packet ended() {
        if (!done) {
            done = true;
            finished();
        }
        return null;
    }

    /** The file name as given, for messages. */
    final String name() {
        return name;
    }

    @Override
    public final List<String> warnings() {
        List<String> out = new ArrayList<>();
        for (Repeated r : warnings.values()) {
            out.add(r.count == 1 ? r.first : r.first + " (" + r.count + " times in all, the last after packet " + r.lastPacket + ")");
        }
        return out;
    }

    @Override
    public final long position() {
        return in.position();
    }

    @Override
    public final void close() throws IOException {
        in.close();
    }
}
