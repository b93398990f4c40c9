package org.kwire.live;

import java.util.List;

/** The interfaces libpcap can capture on (pcap_findalldevs). */
public final class NetworkInterfaces {

    /**
     * One capture device.
     *
     * @param name        what {@code -i} takes, e.g. {@code eth0}
     * @param description libpcap's description, or "" if none
     * @param addresses   its IP addresses in text form
     * @param loopback    true for a loopback interface
     * @param up          true if the interface is up
     */
    public record Device(String name, String description, List<String> addresses, boolean loopback, boolean up) {
    }

    private NetworkInterfaces() {
    }

    /**
     * The capture devices, in libpcap's order.
     *
     * @throws LiveCaptureException if pcap4j or JNA is not on the class path, or libpcap is missing or fails
     */
    public static List<Device> list() throws LiveCaptureException {
        LiveLibraries.require();
        return LibpcapDevices.all();
    }
}
