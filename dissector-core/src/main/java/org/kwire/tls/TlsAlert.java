package org.kwire.tls;

/**
 * One alert (RFC 8446 section 6).
 *
 * @param sender      {@code client} or {@code server}
 * @param level       {@code warning} or {@code fatal}, null if it was encrypted and not decrypted
 * @param description its name ({@code close_notify}, {@code handshake_failure}, ...), null if not decrypted
 * @param frame       capture frame number of the packet that completed its record
 * @param encrypted   true if it was sent protected (after ChangeCipherSpec in TLS 1.2, always after the ServerHello
 *                    in TLS 1.3)
 */
public record TlsAlert(String sender, String level, String description, long frame, boolean encrypted) {
}
