package org.kwire.live;

import org.pcap4j.core.PcapAddress;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.PcapNetworkInterface;
import org.pcap4j.core.Pcaps;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads the capture devices for {@link NetworkInterfaces} through pcap4j (pcap_findalldevs). Apart from it, so that the
 * public class loads without pcap4j on the class path ({@link LiveLibraries}).
 */
final class LibpcapDevices {

    private LibpcapDevices() {
    }

    /**
     * The capture devices, in libpcap's order.
     *
     * @throws LiveCaptureException if libpcap is missing or fails
     */
    static List<NetworkInterfaces.Device> all() throws LiveCaptureException {
        List<PcapNetworkInterface> all;
        try {
            all = Pcaps.findAllDevs();
        } catch (LinkageError e) {
            throw Libpcap.missing(e);
        } catch (PcapNativeException e) {
            throw Libpcap.failure("any interface", e);
        }
        List<NetworkInterfaces.Device> devices = new ArrayList<>();
        for (PcapNetworkInterface i : all) {
            List<String> addresses = new ArrayList<>();
            for (PcapAddress a : i.getAddresses()) {
                if (a.getAddress() != null) {
                    addresses.add(a.getAddress().getHostAddress());
                }
            }
            devices.add(new NetworkInterfaces.Device(i.getName(), i.getDescription() == null ? "" : i.getDescription(),
                    List.copyOf(addresses), i.isLoopBack(), i.isUp()));
        }
        return devices;
    }
}
