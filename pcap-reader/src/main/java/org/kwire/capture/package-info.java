/**
 * The capture pipeline: packets from capture files or a live interface ({@code org.kwire.pcap}, {@code org.kwire.live})
 * → link, IP and TCP headers ({@code org.kwire.net}) → TCP reassembly ({@code org.kwire.tcp}) → dissector-core's
 * stream stage ({@code org.kwire.stream}: Kafka frames, conversations, exchanges). The only package of pcap-reader that
 * knows dissector-core: {@link org.kwire.capture.TcpToStream} is the seam, one TCP connection's reassembled streams
 * handed on as the stage's {@link org.kwire.stream.StreamInput}. {@link org.kwire.capture.PacketPipeline} numbers the
 * packets of one capture (several files form one), adds the key logs of pcapng Decryption Secrets Blocks to the
 * stage's TLS secrets as they are read, and gathers the capture's warnings as expert notes
 * ({@link org.kwire.capture.CaptureFacts}). A {@link org.kwire.capture.CaptureTap} may watch a pipeline (packet times,
 * connection starts, each connection's stream-stage input: what a partial analysis of one rotated file keeps for a
 * merge). One thread feeds a pipeline.
 * <p>
 * <b>Threads.</b> A pipeline from {@link org.kwire.capture.CaptureAnalyzer#start()} runs the stream stage on the
 * feeding thread. One from {@link org.kwire.capture.CaptureAnalyzer#startSplit()} runs it on a thread of its own
 * ({@code kwire-stream}): the feeding thread reads, decodes and reassembles, and each connection's events
 * ({@link org.kwire.capture.QueuedHandler}) and each key log read go into batches
 * ({@link org.kwire.capture.HandoffBatch}: at most 512 events or 1 MiB of data) through a ring of 16
 * ({@link org.kwire.capture.StreamHandoff}; the feeding thread waits when all are full), replayed on the stream thread
 * into {@link org.kwire.capture.TcpToStream} in the same order: the stage sees the same calls as on one thread.
 * {@link org.kwire.capture.PacketPipeline#end()} returns once the stream thread has handled everything; a throwable
 * there is thrown again, the same object, from {@code feed}, {@code accept} or {@code end} (never a hang). A split
 * pipeline takes no {@link org.kwire.capture.CaptureTap}.
 * <p>
 * <b>Sharded.</b> {@link org.kwire.capture.CaptureAnalyzer#startSplit(int)} with 2 or more shares the connections out
 * by their 4-tuple over that many stream threads ({@link org.kwire.capture.ShardedHandoff}, {@code kwire-stream-1..N}):
 * each replays every batch, hands on only its own connections' events to a stream stage of its own
 * ({@code StreamStage.deferred}), and records what that stage calls on the listener and observers, each call tagged
 * with the index of the event that caused it ({@link org.kwire.capture.ShardBatch}); one merging thread
 * ({@code kwire-merge}) runs the calls of all shards in that order, batch by batch: the listener and observers get
 * exactly the calls of one stream thread, in the same order, on one thread. A pcapng key log is added where every
 * shard has reached it ({@link org.kwire.capture.ShardBarrier}); TLS sessions are looked up in capture order
 * ({@code SessionCache.ordered}). The same ring of 16 batches bounds it; errors come out as above.
 * <p>
 * <b>Bytes stay valid.</b> The bytes of a data event are handed on without a copy, because no source reuses them
 * ({@link org.kwire.stream.StreamInput#data}'s promise, which the stream stage relies on for frames it keeps as slices
 * on either path): a mapped capture file gives slices of its mapping; standard input and gzip files a new array per
 * packet; a live capture a new array per packet; IP reassembly a datagram of its own; TCP reassembly copies a segment
 * it holds out of order into a buffer of its own, never reused (its ring of recently delivered chunks only compares
 * retransmissions and is never handed on). A source that reused its buffers would have to copy before handing a
 * packet on.
 * <p>
 * <b>Errors.</b> A source that cannot be read throws {@link java.io.IOException} from
 * {@link org.kwire.capture.PacketPipeline#feed}; damage inside a capture (a truncated file, bad packets, lost bytes)
 * becomes warnings and expert notes ({@code capture.*}, {@code ip.*}, {@code tcp.*}), never an exception.
 * <p>
 * <b>API status.</b> Internal: may change without notice. pcap-reader's front door,
 * {@code org.kwire.api.capture.KafkaCapture}, is built on this pipeline and is the stable way in.
 */
package org.kwire.capture;
