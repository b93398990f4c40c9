package org.kwire.net;

import java.nio.ByteBuffer;

/** LINKTYPE_ values (tcpdump.org "Link-layer header types") that kwire decodes. */
public final class LinkTypes {
    /** BSD loopback: 4-byte address family in the capturing host's byte order. */
    public static final int NULL = 0;
    /** Ethernet II, with optional 802.1Q / 802.1ad tags. */
    public static final int ETHERNET = 1;
    /** Raw IP on OpenBSD and some others. */
    public static final int RAW_ALT_12 = 12;
    public static final int RAW_ALT_14 = 14;
    /** Raw IPv4 or IPv6, version from the first nibble. */
    public static final int RAW = 101;
    /** OpenBSD loopback: 4-byte address family, network byte order. */
    public static final int LOOP = 108;
    /** Linux cooked capture v1: 16-byte header, protocol type at offset 14. */
    public static final int LINUX_SLL = 113;
    public static final int IPV4 = 228;
    public static final int IPV6 = 229;
    /** Linux cooked capture v2: 20-byte header, protocol type at offset 0. */
    public static final int LINUX_SLL2 = 276;

    /** {@link #networkLayer}: the link header is cut short. */
    public static final int CUT = -1;
    /** {@link #networkLayer}: the link header names another protocol than IP, or IP of another version than 4 or 6. */
    public static final int NOT_IP = -2;
    /** {@link #networkLayer}: a link type kwire does not decode. */
    public static final int UNSUPPORTED = -3;

    private static final int ETHERTYPE_IPV4 = 0x0800;
    private static final int ETHERTYPE_IPV6 = 0x86DD;
    private static final int ETHERTYPE_VLAN = 0x8100;
    private static final int ETHERTYPE_QINQ = 0x88A8;
    private static final int ETHERTYPE_QINQ_OLD = 0x9100;

    private LinkTypes() {
    }

    /**
     * Where a packet of this link type has its IPv4 or IPv6 header: its index in {@code b} (between {@code start} and
     * {@code end}, its version nibble 4 or 6), or {@link #CUT}, {@link #NOT_IP} or {@link #UNSUPPORTED}. Ethernet and
     * Linux cooked headers name the protocol by EtherType (after any number of 802.1Q/802.1ad tags); loopback headers
     * and raw IP are taken by the version nibble.
     */
    public static int networkLayer(int linkType, ByteBuffer b, int start, int end) {
        int ip = switch (linkType) {
            case ETHERNET -> end - start < 14 ? CUT : etherType(b, start + 14, b.getShort(start + 12) & 0xffff, end);
            case LINUX_SLL -> end - start < 16 ? CUT : etherType(b, start + 16, b.getShort(start + 14) & 0xffff, end);
            case LINUX_SLL2 -> end - start < 20 ? CUT : etherType(b, start + 20, b.getShort(start) & 0xffff, end);
            case NULL, LOOP -> end - start < 4 ? CUT : start + 4;
            case RAW, RAW_ALT_12, RAW_ALT_14, IPV4, IPV6 -> start;
            default -> UNSUPPORTED;
        };
        if (ip < 0) {
            return ip;
        }
        if (ip >= end) {
            return CUT;
        }
        int version = (b.get(ip) & 0xff) >> 4;
        return version == 4 || version == 6 ? ip : NOT_IP;
    }

    /** Index of the IP header after an EtherType at {@code p} (skipping VLAN tags), or {@link #CUT} / {@link #NOT_IP}. */
    private static int etherType(ByteBuffer b, int p, int type, int end) {
        while (type == ETHERTYPE_VLAN || type == ETHERTYPE_QINQ || type == ETHERTYPE_QINQ_OLD) {
            if (end - p < 4) {
                return CUT;
            }
            type = b.getShort(p + 2) & 0xffff;
            p += 4;
        }
        return type == ETHERTYPE_IPV4 || type == ETHERTYPE_IPV6 ? p : NOT_IP;
    }

    /** True if {@link PacketDecoder} decodes packets of this link type. */
    public static boolean isSupported(int linkType) {
        return switch (linkType) {
            case NULL, ETHERNET, RAW, RAW_ALT_12, RAW_ALT_14, LOOP, LINUX_SLL, IPV4, IPV6, LINUX_SLL2 -> true;
            default -> false;
        };
    }

    /** Short name for reports, e.g. {@code "ether"}, or {@code "linktype-N"}. */
    public static String name(int linkType) {
        return switch (linkType) {
            case NULL -> "null";
            case ETHERNET -> "ether";
            case RAW, RAW_ALT_12, RAW_ALT_14 -> "raw";
            case LOOP -> "loop";
            case LINUX_SLL -> "linux-sll";
            case IPV4 -> "ipv4";
            case IPV6 -> "ipv6";
            case LINUX_SLL2 -> "linux-sll2";
            default -> "linktype-" + linkType;
        };
    }
}
