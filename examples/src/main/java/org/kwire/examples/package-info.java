/**
 * kwire's library examples, each a program a user would write with the front door ({@code org.kwire.api},
 * {@code org.kwire.api.capture}) and nothing else of kwire, in at most 10 lines and 4 kwire types between its
 * {@code // user code} markers; each is run by a test that checks its result against Kafka's own values:
 * <ul>
 *   <li>{@link org.kwire.examples.DecodeRequest}: (a) a request frame to one line, its body in Kafka's JSON;</li>
 *   <li>{@link org.kwire.examples.DecodeResponse}: (b) its response, given the request, to the errors it carries;</li>
 *   <li>{@link org.kwire.examples.CaptureLatencies}: (c) a pcap file to the slowest exchange of each API;</li>
 *   <li>{@link org.kwire.examples.RecordsCrc}: (d) the batches of a records field whose CRC does not match;</li>
 *   <li>{@link org.kwire.examples.ProxyBytes}: (e) one connection's bytes, both directions, as a proxy reads them,
 *       to frames and matched exchanges.</li>
 * </ul>
 * A real embedding, a Netty proxy in front of a broker, is {@link org.kwire.examples.netty}. Every example is
 * stateless and thread-safe (each call makes what it needs).
 */
package org.kwire.examples;
