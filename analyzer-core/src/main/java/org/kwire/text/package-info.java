/**
 * The report as text for people ({@code kwire analyze --format text}): {@link org.kwire.text.TextReport} renders a
 * {@link org.kwire.report.Report} as a summary that fits one screen, then one section per part of the report
 * (readiness, APIs, clients, brokers, transactions, topics, errors, the slowest exchanges, warnings), with tables,
 * units and wrapping of their own; {@link org.kwire.text.VisibleText} is the rule every kwire output applies to text
 * from a capture (one line of printable characters).
 * <p>
 * Contract. In: a report. Out: ASCII lines of at most {@link org.kwire.text.TextReport#WIDTH} columns. Errors: none.
 * Thread safety: stateless; rendered on the calling thread.
 */
package org.kwire.text;
