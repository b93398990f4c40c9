/**
 * Consumer groups as the wire shows them (issue 22): the typed group fields of each decoded body
 * ({@link org.kwire.groups.GroupFacts}, gathered in the interpreter's one pass by
 * {@link org.kwire.groups.GroupFactsCollector}; classic assignments decoded from their embedded
 * {@code ConsumerProtocolAssignment} bytes with the bundled schema), the exchanges of each group kept as a mergeable
 * log ({@link org.kwire.groups.GroupsPart}), and the report section replayed from it
 * ({@link org.kwire.groups.GroupReplay}): members, generations or member epochs (KIP-848), assignments, rebalances
 * with their causes, committed offsets.
 */
package org.kwire.groups;
