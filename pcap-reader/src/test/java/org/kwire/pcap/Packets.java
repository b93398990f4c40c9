package org.kwire.pcap;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads every packet of a capture, for tests. */
final class Packets {

    private Packets() {
    }

    /** The packets and the source's warnings and comments, as read by {@link CaptureFiles}. */
    record Read(List<Packet> packets, List<String> warnings, List<String> comments) {
    }

    static Read read(Path file) throws IOException {
        try (PacketSource s = CaptureFiles.open(file)) {
            List<Packet> packets = new ArrayList<>();
            for (Packet p; (p = s.next()) != null; ) {
                packets.add(p);
            }
            return new Read(packets, List.copyOf(s.warnings()), List.copyOf(s.comments()));
        }
    }

    static byte[] bytes(Packet p) {
        byte[] b = new byte[p.capturedLength()];
        p.data().duplicate().get(b);
        return b;
    }
}
