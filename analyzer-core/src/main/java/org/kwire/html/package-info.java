/**
 * The HTML page of a report ({@code kwire report}): {@link org.kwire.html.ReportPage} renders a
 * {@link org.kwire.report.Report} as one self-contained document, one class per section, with markup built by
 * escaping every text from the report ({@link org.kwire.html.Markup}), tables, and charts as inline SVG (scales,
 * frames, stacked bars, columns, lines over time, latency ranges). The stylesheet is the resource {@code org/kwire/html/report.css},
 * inlined.
 * <p>
 * Contract. In: a report (as written, or read back from its JSON). Out: the page as a string; no script, nothing
 * loaded from elsewhere. Errors: none for a report that passed {@code docs/report.schema.json}. Thread safety: the
 * classes hold no mutable shared state; a page is rendered on the calling thread.
 */
package org.kwire.html;
