package org.kwire.net;

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

    private LinkTypes() {
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
