/**
 * Consumer groups as the wire shows them (issue 22): the typed group fields of each decoded body
 * ({@link org.kwire.groups.GroupFacts}, gathered in the interpreter's one pass by
 * {@link org.kwire.groups.GroupFactsCollector}; classic assignments decoded from their embedded
 * {@code ConsumerProtocolAssignment} bytes with the bundled schema), the exchanges of each group kept as a mergeable
 * log ({@link org.kwire.groups.GroupsPart}), and the report section replayed from it
 * ({@link org.kwire.groups.GroupReplay}): members, generations or member epochs (KIP-848), assignments, rebalances
 * with their causes, committed offsets.
 * <p>
 * In, out, threads: the collector runs inside the interpreter's pass over one body, on whichever thread examines the
 * frame (a record-batch worker or the stream thread), and gives immutable {@link org.kwire.groups.GroupFacts} that
 * keep copies of what they need, never the frame's buffers; the accumulator ({@link org.kwire.groups.GroupAccumulator})
 * and {@link org.kwire.groups.GroupWatch} take them in capture order on the sinks' thread and are not thread-safe;
 * {@link org.kwire.groups.GroupReplay} is stateless and thread-safe. The log is bounded (10,000 events, with a count of
 * what was left out). Internal: exported to kwire's own modules only.
 */
package org.kwire.groups;
