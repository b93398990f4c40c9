/**
 * Writing Kafka messages: the inverse of the interpreter, not a stage of the analysis.
 * {@link org.kwire.encode.InstanceEncoder} writes an instance of a {@link org.kwire.plan.MessagePlan} in Kafka's wire
 * encoding, as a whole size-prefixed frame with its request or response header (correlation_id and client_id as
 * given) or as a body alone, every value chosen by a {@link org.kwire.encode.ValueSource}.
 * {@link org.kwire.encode.MinimalValues} chooses the smallest legal instance (numbers zero, strings and bytes empty,
 * one element per array, nullable structs present, no tagged fields, every records field one empty 61-byte
 * RecordBatch v2): what {@code kwire schema --minimal} dissects; tests encode random values and decode them again.
 *
 * <h2>In, out</h2>
 * A plan, a header version (request 0-2, response 0-1) and the header's values in; a {@link java.nio.ByteBuffer}
 * positioned at 0 holding the frame (or a {@code byte[]} body) out.
 *
 * <h2>Errors</h2>
 * None of its own: the value source must respect the plan (null only where the field is nullable, numbers within their
 * type); what a source that does not writes is not checked here.
 *
 * <h2>Threads</h2>
 * An encoder keeps nothing between calls but its value source: it is as thread-safe as that source
 * ({@link org.kwire.encode.MinimalValues} is stateless).
 *
 * <h2>Rules from</h2>
 * Kafka's protocol guide ("Protocol Primitive Types", "Common Request and Response Structure"), the message schemas
 * through their plans, and Kafka's docs "Record Batch" for the empty batch.
 *
 * <h2>API status</h2>
 * Internal: may change without notice.
 */
package org.kwire.encode;
