/**
 * The stream stage: the in-order TCP bytes of each connection in, Kafka frames and request/response exchanges out.
 * No capture or TCP types appear here: a connection is a {@link org.kwire.stream.StreamConnection} (stream number,
 * endpoints, whether its SYN was seen) fed through a {@link org.kwire.stream.StreamInput} (bytes with the capture
 * frame number and timestamp of the packet that carried them, gaps of known size, the end), exactly as a TCP
 * reassembler delivers them. pcap-reader's {@code org.kwire.capture} feeds it from capture files and live interfaces;
 * anything else that reassembles TCP can feed it too.
 *
 * <h2>What it holds per connection ({@link org.kwire.stream.StreamDecoder})</h2>
 * <ul>
 *   <li>while deciding: the bytes and gaps seen so far, both directions, by reference (at most
 *       {@link org.kwire.stream.StreamDecoder#SNIFF_WINDOW} = 64 KiB, then the connection is {@code unknown});</li>
 *   <li>once Kafka ({@link org.kwire.stream.KafkaFraming}), per direction: a {@link org.kwire.frame.FrameAssembler}
 *       (the frame in progress as slices of the bytes it arrived in, at most its declared size, which
 *       {@code maxFrameSize} bounds); per connection: one {@link org.kwire.conversation.KafkaConversation}, whose
 *       pending table holds at most {@code maxPending} {@link org.kwire.conversation.RequestRecord}s (headers and
 *       places, never bytes);</li>
 *   <li>once TLS ({@link org.kwire.stream.TlsStage}): a {@link org.kwire.tls.TlsConnection} (see {@code org.kwire.tls}),
 *       whose decrypted bytes feed a second decoder of the same kind, for the plaintext;</li>
 *   <li>for the traffic census: a byte count and the first {@link org.kwire.stream.ConnectionTraffic#SNIFF_BYTES}
 *       bytes.</li>
 * </ul>
 *
 * <h2>What it emits</h2>
 * <ul>
 *   <li>to the one {@link org.kwire.conversation.ConversationListener} (normally the
 *       {@link org.kwire.summary.ExchangeTracker}): each request frame with its header decoded once
 *       ({@link org.kwire.protocol.RequestFrame}) and its pending entry; each response matched to its request by
 *       correlation_id (an {@link org.kwire.conversation.Exchange}); requests that got no response; expert notes;</li>
 *   <li>to every {@link org.kwire.stream.ConnectionObserver} registered on the {@link org.kwire.stream.StreamStage}:
 *       what each connection carries ({@link org.kwire.stream.Carried}), its gaps by
 *       {@link org.kwire.stream.GapCause}, TLS facts, its end, and its traffic (for
 *       {@link org.kwire.stream.TrafficCensus}).</li>
 * </ul>
 *
 * <h2>Deciding what a connection carries</h2>
 * <pre>
 *                        first bytes are a TLS record header, and the connection is on a broker port
 *                        or a key log holds secrets                                     +-----+
 *            +------------------------------------------------------------------------>| TLS |--- decrypted bytes --&gt;
 *            |                                                                          +-----+    a new decoder
 *  open --&gt; DECIDING                                                                                (client known,
 *            |  |  broker port: the client spoke (14 bytes), or the broker spoke first,              in sync)
 *            |  |  or a gap, or no SYN, or 64 KiB held, or the end with bytes held
 *            |  |  (both ends broker ports, no SYN: once the bytes tell the client, ClientSide)
 *            |  |  other port: the SYN sender's first 14 bytes are a request header, or
 *            |  |  (start lost) a request header followed by another one or by the end
 *            |  +------------------------------------------------------------&gt; KAFKA (held bytes replayed)
 *            +--- other port and not a request; 64 KiB undecided; TLS on another port without secrets;
 *                no payload --&gt; OTHER
 * </pre>
 * A connection on a broker port is reported whatever it carries ({@code kafka}, {@code tls}, {@code unknown},
 * {@code empty}); one on another port only if it turns out to be Kafka. When both ends are on broker ports (traffic
 * between brokers, or a client whose port is a broker port) the SYN's sender is the client; without a SYN, the bytes
 * tell ({@link org.kwire.stream.ClientSide}: a request whose body decodes, else request headers, else frames that are
 * no requests name the broker), and where they do not, the side that spoke first is taken and
 * {@code kafka.connection.client_guessed} noted.
 *
 * <h2>Framing each direction (like Netty's {@code LengthFieldBasedFrameDecoder}: a 4-byte big-endian length field at
 * offset 0, adjusted by 0, the length field kept in the frame)</h2>
 * <pre>
 *  IN_SYNC --- size prefix in [min, maxFrameSize] and the bytes arrived ---&gt; frame cut; IN_SYNC
 *  IN_SYNC --- size prefix below min (or negative) -------------------------&gt; note kafka.frame.size_invalid; RESYNC
 *  IN_SYNC --- size prefix over maxFrameSize -------------------------------&gt; note kafka.frame.too_large; SKIP it
 *  IN_SYNC --- gap inside a frame whose size is known ----------------------&gt; the frame cut incomplete
 *                                                                              (kafka.frame.cut_by_gap); VERIFY its end
 *  VERIFY  --- a frame plausibly starts at the declared end, or none -------&gt; IN_SYNC there
 *              starts inside the declared span either
 *  VERIFY  --- none at the declared end (or the other direction speaks, or -&gt; note kafka.frame.size_unconfirmed;
 *              the stream ends, first), but one inside the span                IN_SYNC there
 *  SKIP    --- an oversized frame's declared end reached -------------------&gt; IN_SYNC
 *  IN_SYNC --- gap between frames (inside a size prefix) -------------------&gt; note tcp.gap
 *                                                                              (kafka.frame.size_cut_by_gap); RESYNC
 *  RESYNC  --- a plausible frame start whose next frame also starts --------&gt; note kafka.frame.resync_skipped (bytes
 *              plausibly (or ends where the bytes held end, when the other      skipped); IN_SYNC
 *              direction speaks or the stream ends)
 *  (start)  the connection's start was captured ? IN_SYNC : RESYNC
 *  (end)    a frame in progress is cut incomplete (kafka.frame.incomplete_at_end)
 * </pre>
 * A plausible request start: a size prefix within bounds, a known api_key and version, a client_id length that fits
 * ({@link org.kwire.protocol.HeaderDecoder#looksLikeRequest}), and, once its frame is held whole, a body that decodes
 * as that request ({@link org.kwire.stream.RequestTrial}). A plausible response start: its correlation_id is pending
 * and, held whole, it decodes as that request's response; or it fills the rest of its segment exactly. A candidate is
 * taken only when the frame after it also starts plausibly (after a response, with another pending correlation_id),
 * or when the capture lost where that next frame starts; one that ends exactly where the bytes held end is taken
 * when the other direction speaks or the stream ends ({@link org.kwire.frame.FrameAssembler#settle}: a request is
 * handed on before its response), and one that nothing confirmed is never taken
 * ({@code org.kwire.frame.FrameHunt}). Requests as short as 0 bytes are legal while SASL tokens may come (after
 * SaslHandshake v0, KIP-43; or GSSAPI without it, KIP-12).
 *
 * <h2>Gaps and lost starts</h2>
 * Bytes the capture lost are never guessed: a gap of known size inside a frame whose size prefix was seen makes that
 * frame incomplete (handed on with what was captured, counted, never decoded beyond its header) and framing goes on
 * at its declared end, checked as above; a gap anywhere else resynchronises. A connection whose start was lost (no SYN, or a gap before its first
 * bytes) starts out of sync on a broker port; on another port its bytes are searched for two consecutive request
 * headers ({@link org.kwire.stream.RequestStart}). Bytes acknowledged at the end but never captured
 * ({@link org.kwire.stream.StreamInput#endGap}) are decided by the frame in progress.
 *
 * <h2>Threading</h2>
 * One thread feeds a stage and all its decoders (in capture order); the conversation listener and observers are
 * called on that thread. Nothing here is shared between connections but the stage's settings, the schemas and the TLS
 * key log and session cache, so connections are fed by several threads when each has a stage of its own: a
 * {@link org.kwire.stream.StreamStage#deferred} stage (one per shard of the connections) hands each call it would make
 * on the listener and observers to its caller as a task instead, and running the tasks of every shard in capture
 * order on one thread makes exactly the calls of one stage ({@code org.kwire.capture.ShardedHandoff}; the key log is
 * changed only where every shard has reached the same event, sessions are looked up in capture order through
 * {@code SessionCache.ordered}); see docs/ARCHITECTURE.md, "Sharded stream threads".
 *
 * <h2>Errors</h2>
 * Nothing is thrown on the traffic: what it gets wrong (framing, headers, gaps, TLS) becomes expert notes on the
 * listener and observers. A listener's or observer's exception propagates to the feeding call.
 *
 * <h2>API status</h2>
 * Internal: may change without notice. The front door's {@code org.kwire.api.ConnectionDecoder} (one connection's
 * bytes) and pcap-reader's {@code org.kwire.api.capture.KafkaCapture} (captures) are built on this stage and are the
 * stable way in.
 */
package org.kwire.stream;
