/**
 * The packet stage: captured packets in, TCP segments out. {@link org.kwire.net.PacketDecoder} decodes a packet
 * down to its TCP segment: the link layer by its LINKTYPE_ ({@link org.kwire.net.LinkTypes}: Ethernet, Linux cooked
 * captures, raw IP, loopback and the others it lists), any number of 802.1Q/802.1ad VLAN tags, IPv4 and IPv6 (extension
 * headers skipped) and TCP. IP fragments are reassembled ({@code Defragmenter}: by the keys RFC 791 and RFC 8200
 * name, the bytes that arrived first winning where fragments overlap), the segment of a reassembled datagram belonging
 * to its last fragment's packet.
 *
 * <h2>In, out</h2>
 * In: a packet's captured bytes, its link type, its length on the wire, its number and timestamp. Out: a
 * {@link org.kwire.net.TcpSegment} (addresses as raw numbers, {@link org.kwire.net.Endpoint}s on demand, the payload
 * as a range of the packet's buffer or the reassembled datagram's, never a copy), or {@code null} for anything that is
 * not TCP over IP, counted. The IP length bounds the payload, so Ethernet padding is never data; a packet the snaplen
 * cut gives its captured part and the number of payload bytes missing.
 *
 * <h2>Memory, errors, threads</h2>
 * Decoding allocates nothing but for fragments: the segment returned is one view that the next call overwrites (keep a
 * {@link org.kwire.net.TcpSegment#copy()}). Fragments wait a bounded capture time, in bounded number and bytes; past a
 * bound the oldest datagram is given up and counted. Nothing is thrown on bad packets: they are {@code null}, counted
 * by reason (the capture pipeline turns the malformed ones and the incomplete datagrams into
 * {@code capture.packets_malformed} and {@code ip.fragments_incomplete} notes). Not thread-safe: one decoder per
 * capture, fed by one thread.
 *
 * <h2>Rules from</h2>
 * tcpdump.org "Link-layer header types", IEEE 802.1Q and 802.1ad, RFC 791 (IPv4), RFC 8200 (IPv6), RFC 9293 (TCP).
 *
 * <h2>API status</h2>
 * Internal: may change without notice.
 */
package org.kwire.net;
