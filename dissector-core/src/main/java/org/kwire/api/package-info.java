/**
 * kwire as a library: the front door. One small type per job, built on kwire's own machinery (the one schema
 * interpreter, the stream stage, the conversation matcher, the frame summarizer), nothing decoded twice over:
 * <ul>
 *   <li>a request frame, a response frame given its request's API and version, a records field:
 *       {@link org.kwire.api.KafkaDecoder} → {@link org.kwire.api.DecodedFrame} ({@link org.kwire.api.FrameHeader},
 *       values in Kafka's JSON shape, tree) and {@link org.kwire.api.RecordsCheck};</li>
 *   <li>one connection's raw bytes, both directions (a proxy, an agent): {@link org.kwire.api.ConnectionDecoder},
 *       telling a {@link org.kwire.api.ConnectionListener} of frames, {@link org.kwire.api.KafkaExchange}s and
 *       problems;</li>
 *   <li>a capture file or stream: pcap-reader's {@code org.kwire.api.capture.KafkaCapture}.</li>
 * </ul>
 *
 * <h2>In</h2>
 * {@link java.nio.ByteBuffer}s read from {@code position()} to {@code limit()}, never changed; a frame with or
 * without its 4-byte size prefix as the caller says ({@link org.kwire.api.Framing}), never guessed.
 *
 * <h2>Out</h2>
 * Values, not strings to parse: headers as records, bodies as Jackson trees in the shape of kafka-clients'
 * {@code *JsonConverter.write(data, version, false)}, problems as {@link org.kwire.api.Problem}s (a registered
 * {@link org.kwire.expert.ExpertItem}, an offset, a message), absence as {@code Optional}, {@code OptionalInt},
 * {@code OptionalLong}. Offsets are bytes from the start of what the caller gave; latencies microseconds.
 *
 * <h2>Errors</h2>
 * Bad bytes inside a frame or a records field are problems of the result, never exceptions and never values; bytes
 * that are not one frame with a readable header throw {@link org.kwire.api.NotAFrameException}.
 *
 * <h2>Threads</h2>
 * {@link org.kwire.api.KafkaDecoder} and every result are immutable and thread-safe; a
 * {@link org.kwire.api.ConnectionDecoder} is one connection's, fed by one thread at a time, its listener called on
 * that thread.
 *
 * <h2>Stability</h2>
 * The types of this package are the library's API: recorded member by member in docs/api/java-api.txt, which the
 * build checks, and changed in 0.x only with a note in CHANGELOG.md. Types of other kwire packages that they expose
 * ({@code org.kwire.expert.ExpertItem} and its ids, {@code org.kwire.records.BatchInfo},
 * {@code org.kwire.tree.FieldNode}, ...) are part of the API as far as it exposes them (docs/LIBRARY.md, "Stability").
 */
package org.kwire.api;
