package org.kwire.pcap;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** What the file readers share: the input, the file's name for messages, warnings, packet numbering. */
abstract class CaptureReader implements PacketSource {

    final ByteInput in;
    private final String name;
    private final List<String> warnings = new ArrayList<>();
    /** Number of the last packet returned. */
    long number;
    /** True once reading has ended (end of file or damage). */
    boolean done;

    CaptureReader(ByteInput in, String name) {
        this.in = in;
        this.name = name;
    }

    /** Records a problem, prefixed with the file name. */
    final void warn(String w) {
        warnings.add(name + ": " + w);
    }

    /** Ends reading: the input ended or is damaged here; the input's own damage (e.g. gzip) is added. */
    final Packet stop(String why) {
        String d = in.damage();
        warn(d == null ? why : why + " (" + d + ")");
        done = true;
        return null;
    }

    /** Ends reading at the end of the input, with a warning if the input's data was damaged. */
    final Packet end() {
        return in.damage() == null ? endQuietly() : stop("capture ends early after packet " + number);
    }

    private Packet endQuietly() {
        done = true;
        return null;
    }

    /** The file name as given, for messages. */
    final String name() {
        return name;
    }

    @Override
    public final List<String> warnings() {
        return warnings;
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
