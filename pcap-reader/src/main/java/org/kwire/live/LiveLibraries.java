package org.kwire.live;

import java.util.ArrayList;
import java.util.List;

/**
 * Whether live capture's libraries are on the class path: pcap4j (libpcap through JNA), JNA and the SLF4J API pcap4j
 * logs through are optional dependencies of pcap-reader, which reading capture files never needs. Names none of their
 * classes, so that it, {@link LiveCapture} and {@link NetworkInterfaces} load without them; the classes that use
 * pcap4j ({@link LibpcapHandles}, {@link LibpcapDevices}, {@link CaptureLoop}, {@link Libpcap}) are touched only once
 * {@link #require()} passed.
 */
final class LiveLibraries {

    /** Per library: a class of it, and its Maven coordinates. */
    private static final String[][] LIBRARIES = {
        {"org.pcap4j.core.Pcaps", "org.pcap4j:pcap4j-core"},
        {"com.sun.jna.Native", "net.java.dev.jna:jna"},
        {"org.slf4j.LoggerFactory", "org.slf4j:slf4j-api"},
    };

    private LiveLibraries() {
    }

    /**
     * @throws LiveCaptureException ({@link LiveCaptureException.Reason#NO_PCAP4J}) naming the artifacts missing from
     *                              the class path, if any is
     */
    static void require() throws LiveCaptureException {
        List<String> missing = new ArrayList<>();
        for (String[] library : LIBRARIES) {
            try {
                Class.forName(library[0], false, LiveLibraries.class.getClassLoader());
            } catch (ClassNotFoundException | LinkageError e) {
                missing.add(library[1]);
            }
        }
        if (!missing.isEmpty()) {
            throw new LiveCaptureException(LiveCaptureException.Reason.NO_PCAP4J, "live capture needs optional "
                    + "dependencies of pcap-reader that are not on the class path: add " + String.join(", ", missing)
                    + " (reading capture files needs none of them)");
        }
    }
}
