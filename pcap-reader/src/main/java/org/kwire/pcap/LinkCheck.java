package org.kwire.pcap;

import org.kwire.net.LinkTypes;

import java.nio.ByteBuffer;

/**
 * The packets of one interface (a pcap file's, or a pcapng interface of one section), watched until one of them holds
 * IPv4 or IPv6 where the interface's link type puts it ({@link LinkTypes#networkLayer}). An interface none of whose
 * packets does, but whose packets hold IP where another link type would put it, declares the wrong link type (e.g. a
 * pcapng section written with another interface's link type, or {@code editcap -T}): every one of its packets is skipped
 * by the decoder, which decodes by the declared link type as libpcap readers do, so {@link #problem()} says so. An
 * interface of only other protocols (ARP, LLDP, spanning tree) is not a problem. Another link type is taken to fit when
 * its IP header's length agrees with the packet's length on the wire (up to Ethernet's padding), in most of the first
 * {@link #TRIED} packets. Not thread-safe.
 */
final class LinkCheck {

    /** Packets tried with the other link types. */
    static final int TRIED = 16;
    private static final int[] OTHERS = {LinkTypes.ETHERNET, LinkTypes.LINUX_SLL, LinkTypes.LINUX_SLL2, LinkTypes.NULL,
            LinkTypes.RAW};
    /** Ethernet pads frames to 60 bytes: an IP datagram may be this much shorter than its frame. */
    private static final int PADDING = 46;

    private final String iface;
    private final int linkType;
    private final int[] fits = new int[OTHERS.length];
    private long packets;
    private long first;
    private long last;
    private boolean ip;

    /**
     * @param iface    how warnings name the interface, e.g. {@code "interface 0 (section 2)"}
     * @param linkType its LINKTYPE_ value
     */
    LinkCheck(String iface, int linkType) {
        this.iface = iface;
        this.linkType = linkType;
    }

    /** One more packet of the interface. */
    void see(Packet p) {
        if (ip || !LinkTypes.isSupported(linkType)) {
            return;
        }
        packets++;
        first = packets == 1 ? p.number() : first;
        last = p.number();
        ByteBuffer b = p.data();
        int start = b.position();
        int end = b.limit();
        ip = LinkTypes.networkLayer(linkType, b, start, end) >= 0;
        for (int i = 0; !ip && packets <= TRIED && i < OTHERS.length; i++) {
            if (OTHERS[i] != linkType && fits(b, LinkTypes.networkLayer(OTHERS[i], b, start, end), end,
                    p.originalLength())) {
                fits[i]++;
            }
        }
    }

    /** True if an IP header at {@code ip} (or none, if negative) has a length that agrees with the packet's. */
    private static boolean fits(ByteBuffer b, int ip, int end, int wire) {
        if (ip < 0) {
            return false;
        }
        int onWire = wire - (ip - b.position()); // bytes from the IP header to the end of the frame on the wire
        int length;
        if ((b.get(ip) & 0xff) >> 4 == 4) {
            if (end - ip < 20 || (b.get(ip) & 0x0f) < 5) {
                return false;
            }
            length = b.getShort(ip + 2) & 0xffff;
        } else {
            if (end - ip < 40) {
                return false;
            }
            length = 40 + (b.getShort(ip + 4) & 0xffff);
        }
        return length >= 20 && length <= onWire && onWire - length <= PADDING;
    }

    /** The warning when the interface's packets fit another link type and never its own, else null. */
    String problem() {
        if (ip || packets == 0) {
            return null;
        }
        long tried = Math.min(packets, TRIED);
        for (int i = 0; i < OTHERS.length; i++) {
            if (fits[i] * 2 > tried) {
                return iface + " has link type " + linkType + " (" + LinkTypes.name(linkType) + "), but none of its " + packets
                        + " packet(s) (frames " + first + "-" + last + ") holds IPv4 or IPv6 where that link type puts it, "
                        + "and they hold it where link type " + OTHERS[i] + " (" + LinkTypes.name(OTHERS[i]) + ") does: "
                        + "they were skipped (is the interface's link type right?)";
            }
        }
        return null;
    }
}
