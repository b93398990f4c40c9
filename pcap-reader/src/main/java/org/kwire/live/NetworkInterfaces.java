package org.kwire.live;

import org.pcap4j.core.PcapAddress;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.PcapNetworkInterface;
import org.pcap4j.core.Pcaps;

import java.util.ArrayList;
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
     * @throws LiveCaptureException if libpcap is missing or fails
     */
    public static List<Device> list() throws LiveCaptureException {
        List<PcapNetworkInterface> all;
        try {
            all = Pcaps.findAllDevs();
        } catch (LinkageError e) {
            throw Libpcap.missing(e);
        } catch (PcapNativeException e) {
            throw Libpcap.failure("any interface", e);
        }
        List<Device> devices = new ArrayList<>();
        for (PcapNetworkInterface i : all) {
            List<String> addresses = new ArrayList<>();
            for (PcapAddress a : i.getAddresses()) {
                if (a.getAddress() != null) {
                    addresses.add(a.getAddress().getHostAddress());
                }
            }
            devices.add(new Device(i.getName(), i.getDescription() == null ? "" : i.getDescription(),
                    List.copyOf(addresses), i.isLoopBack(), i.isUp()));
        }
        return devices;
    }
}
