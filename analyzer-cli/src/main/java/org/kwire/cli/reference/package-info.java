/**
 * The reference generated from the definitions kwire runs on, so the documentation cannot drift from the code:
 * per-command option pages (Markdown, {@code docs/reference/kwire-COMMAND.md}) and man pages (roff,
 * {@code docs/man/kwire-COMMAND.1}, {@code kwire.1}) from the commons-cli {@code Options} each command parses
 * ({@link org.kwire.cli.Commands}); bash and zsh completion ({@code docs/completion/}) from the same options; the
 * report fields from {@code docs/report.schema.json}; the metrics from the metric definitions
 * ({@code org.kwire.metrics.KwireMetrics}); the expert items from {@code org.kwire.expert.ExpertItem}.
 *
 * <p>Input: the repository's root directory (for the schema). Output: a sorted map from a path under the root to the
 * file's text, deterministic (sorted or in definition order, no dates), which {@link
 * org.kwire.cli.reference.ReferencePages#main} writes and a test compares with the committed files. Single-threaded,
 * no state.
 */
package org.kwire.cli.reference;
