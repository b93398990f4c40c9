/**
 * The TCP stage: decoded TCP segments in, each connection's two byte streams in order out.
 * {@link org.kwire.tcp.TcpReassembler} follows every connection (a 4-tuple from its SYN, or its first packet, to RST,
 * FIN from both sides, port reuse, an idle timeout of capture time, or the end) and reassembles each direction in
 * RFC 9293 sequence space (sequence numbers unwrapped to 64 bits): every stream byte is taken from the first segment
 * that carried it; retransmissions and overlaps are dropped, and noted where their bytes differ from the first copy;
 * segments ahead of the next byte are held until the bytes before them arrive, the receiver acknowledges past them,
 * the hold limit is reached or the stream ends, when the missing bytes become a gap of known size. Bytes the snaplen
 * cut are a gap with reason {@code snaplen}. Connections are numbered in order of first packet, as Wireshark's
 * {@code tcp.stream}; endpoint A is the SYN's sender when the handshake was captured, else the first packet's source.
 *
 * <h2>In, out</h2>
 * In: {@code org.kwire.net.TcpSegment}s in capture order ({@link org.kwire.tcp.TcpReassembler#accept}), then
 * {@link org.kwire.tcp.TcpReassembler#end}. Out, per connection, to the {@link org.kwire.tcp.TcpStreamHandler} a
 * factory makes for its {@link org.kwire.tcp.TcpConnection}, both directions interleaved in capture order: in-order
 * bytes with the capture frame number and timestamp of the packet that carried them (a range of the packet's own
 * buffer, or of a copy held out of order; valid after the call, never reused), gaps, FINs, notes, the end. Payload that
 * comes for a connection after its end and has no place in it is counted and told to a
 * {@link org.kwire.tcp.DataAfterClose} listener, never dropped silently. {@link org.kwire.tcp.HalfState} and
 * {@link org.kwire.tcp.ResumedTcp} let a later reassembly go on exactly where one stopped (the merge of rotated files).
 *
 * <h2>Memory, errors, threads</h2>
 * Bounded by {@link org.kwire.tcp.ReassemblyLimits}: bytes held out of order per direction, the idle timeout, the
 * closed 4-tuples remembered; per packet nothing is allocated but the copies of segments held out of order. Nothing is
 * thrown on bad traffic. Not thread-safe: one thread feeds a reassembler, and its handlers are called on that thread.
 *
 * <h2>Rules from</h2>
 * RFC 9293 (TCP: sequence space, SYN, FIN, RST, acknowledgments); Wireshark's {@code tcp.stream} numbering.
 *
 * <h2>API status</h2>
 * Internal: may change without notice.
 */
package org.kwire.tcp;
