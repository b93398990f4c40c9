package org.kwire.stream;

/**
 * One TCP connection as the stream stage knows it: no capture types, only what deciding and reporting need.
 * Endpoint A is the side that sent the SYN when the handshake was captured, else the source of the first packet seen.
 *
 * @param stream  stream number, 0-based in order of first packet (Wireshark's {@code tcp.stream})
 * @param a       endpoint A as reports write it: {@code host:port}, {@code [v6]:port} for IPv6
 * @param aPort   endpoint A's TCP port
 * @param b       endpoint B, likewise
 * @param bPort   endpoint B's TCP port
 * @param synSeen true if the connection's SYN was captured: A is certainly the client, and both byte streams start
 *                at their first byte
 */
public record StreamConnection(int stream, String a, int aPort, String b, int bPort, boolean synSeen) {
}
