/**
 * The framing stage: one direction of a connection's in-order bytes in, size-prefixed Kafka frames out (an int32
 * size, then that many bytes of header and body). {@link org.kwire.frame.FrameAssembler} follows size prefixes while
 * in sync ({@code FrameCutter}); after a gap, an invalid size prefix or a capture that began mid-connection it searches
 * for a frame start that a {@link org.kwire.frame.FrameStartValidator} accepts and the frame after it confirms
 * ({@code FrameHunt}), and reports the bytes it skipped. The state machine and its evidence rules are drawn in
 * {@code org.kwire.stream}'s package comment, which wires one assembler per direction.
 *
 * <h2>In, out</h2>
 * In: chunks of bytes with the capture frame number and timestamp of the packet that carried them
 * ({@link org.kwire.frame.FrameAssembler#accept}), gaps of known size the capture lost, the end of the stream, and
 * {@link org.kwire.frame.FrameAssembler#settle} before the other direction is fed. Out, to a
 * {@link org.kwire.frame.FrameSink}: {@link org.kwire.frame.KafkaFrame}s (the bytes as
 * {@link org.kwire.frame.FrameBytes}, the size prefix at index 0; where and when as
 * {@link org.kwire.frame.FrameInfo}) and expert notes ({@code kafka.frame.*}, {@code tcp.gap}). A frame the capture
 * lost bytes of is handed on incomplete ({@link org.kwire.frame.KafkaFrame#complete()} false) with what was captured.
 *
 * <h2>Memory and bytes</h2>
 * Nothing is copied or joined on the analysis path: a frame inside one chunk is one slice of it, a frame that spans
 * chunks is the list of their slices, a chunk the frame takes whole being kept as it is, not sliced again
 * ({@link org.kwire.frame.FrameBytes}; {@code contiguous()} joins once, for callers that need one array). So the chunks
 * (their bytes, position and limit) must not change after they are handed in and stay valid while a frame refers to
 * them ({@code org.kwire.stream.StreamInput#data} lists which sources guarantee it). A frame in progress holds at most
 * its declared size, which {@code maxFrameSize} bounds: a larger one is skipped by its size, never held, and a hostile
 * size prefix allocates nothing but the list of slices that arrived. A search holds at most one candidate frame plus
 * {@link org.kwire.frame.FrameStartValidator#HEAD_BYTES}, by reference.
 *
 * <h2>Errors, threads</h2>
 * Nothing is thrown on bad bytes: problems are notes. An assembler (and its cutter and hunt) is not thread-safe: one
 * thread feeds it and its sink is called on that thread. A {@link org.kwire.frame.FrameBytes} is never changed once
 * made: any number of threads may read it (the record-batch workers read frames after the feeding thread moved on).
 *
 * <h2>Rules from</h2>
 * Kafka's protocol guide, "Common Request and Response Structure" (the size prefix); for telling frame starts apart,
 * the header rules of {@code org.kwire.protocol} through the validator the stream stage passes in.
 *
 * <h2>API status</h2>
 * Internal: may change without notice. ({@link org.kwire.frame.FrameInfo} is reachable from
 * {@code org.kwire.summary.ExchangeSummary}; see there.)
 */
package org.kwire.frame;
