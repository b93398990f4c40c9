/**
 * The body stage: one frame's message body decoded by its compiled plan, into what a consumer asks for.
 * {@link org.kwire.dissect.Interpreter} is kwire's one schema interpreter: it walks a
 * {@link org.kwire.plan.MessagePlan} over a frame's body and reports every field, in wire order, to a
 * {@link org.kwire.dissect.DissectionVisitor}. The visitors here build the {@link org.kwire.tree.FieldNode} tree
 * ({@link org.kwire.dissect.TreeBuilder}: {@code kwire dissect}) or the body as Kafka's own JSON
 * ({@link org.kwire.dissect.ValuesBuilder}: what kafka-clients' generated {@code *JsonConverter.write(data, version,
 * false)} writes, plus an {@code error_name} beside each error code); {@code org.kwire.summary} has the report's fast
 * visitor, and {@link org.kwire.dissect.VisitorPair} feeds two from one pass, so a body is decoded once.
 * {@link org.kwire.dissect.FrameDissector} does whole frames (size prefix, header, body) and hands records fields to a
 * {@link org.kwire.dissect.RecordsHandler} ({@code org.kwire.records}).
 *
 * <h2>In, out</h2>
 * A frame as a {@link java.nio.ByteBuffer} from its {@code position()} (the size prefix) to its {@code limit()}, or as
 * {@code FrameBytes} slices, never changed; offsets in trees, values and problems are absolute indexes from the size
 * prefix. String, bytes and records callbacks give where the data is, not a copy, so a visitor pays only for what it
 * reads. Out: a tree, a Jackson {@code JsonNode}, or the visitor's own result; problems as
 * {@link org.kwire.dissect.BodyProblem}s or expert notes on the tree ({@code kafka.body.*},
 * {@code dissect.nodes_left_out}).
 *
 * <h2>Errors</h2>
 * Nothing is thrown on bad bytes: lengths and counts are checked against the bytes left before anything is read or
 * allocated, and problems (truncation, an invalid or overrunning length, a null where the version allows none,
 * trailing bytes, unknown tags) go to the visitor. A frame of an API or version no known schema defines keeps its body
 * as undecoded bytes with a {@code kafka.body.undecoded} note. A tree is capped at {@code maxNodes} nodes (values
 * likewise), the rest counted. SASL secrets (PLAIN passwords, SCRAM proofs, OAUTHBEARER tokens) are redacted unless
 * asked otherwise ({@link org.kwire.dissect.SaslSecrets}, keeping lengths so offsets stay true).
 *
 * <h2>Threads</h2>
 * {@link org.kwire.dissect.Interpreter}, {@link org.kwire.dissect.FrameDissector} (its plans and records handler
 * shared), {@link org.kwire.dissect.SaslSecrets}, {@link org.kwire.dissect.NumberDetail} and
 * {@link org.kwire.dissect.WireValues} are stateless or immutable and thread-safe. Visitors, passes
 * ({@link org.kwire.dissect.TreePass}, {@link org.kwire.dissect.ValuesPass}) and their results are one frame's, used on
 * one thread at a time.
 *
 * <h2>Rules from</h2>
 * Kafka's protocol guide ("Protocol Primitive Types") and message schema README: legacy strings and bytes (int16 and
 * int32 lengths, -1 = null), compact forms (uvarint length + 1, 0 = null), nullable structs behind an int8 marker,
 * tagged-field sections in flexible versions (KIP-482); SASL formats of RFC 4616, RFC 5802 and RFC 7628
 * (SaslAuthenticate, KIP-152).
 *
 * <h2>API status</h2>
 * Internal: may change without notice. The front door gives a frame's values and tree through
 * {@code org.kwire.api.DecodedFrame}.
 */
package org.kwire.dissect;
