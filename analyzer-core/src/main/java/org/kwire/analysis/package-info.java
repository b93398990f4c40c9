/**
 * The analysis of captures as a library: what {@code kwire analyze}, {@code kwire merge}, the Spark job and the
 * benchmarks share, without a command line.
 * <p>
 * Contract. In: an {@link org.kwire.analysis.AnalysisConfig} — typed, checked settings (broker ports, limits,
 * schemas, the exchange filter, TLS key logs, the report's options, workers, boundary bytes), made with its builder,
 * from a command line's option values ({@link org.kwire.analysis.AnalysisOption}: kwire's option names and one-line
 * refusals, {@link org.kwire.analysis.ConfigException}) or from a partial's identity — and capture files or streams.
 * Out: {@link org.kwire.analysis.Analysis} turns captures into the {@link org.kwire.report.Report} of one analysis,
 * a slice into a {@link org.kwire.partial.Partial}, merged partials into their report (its JSON:
 * {@link org.kwire.json.ReportJson}); {@link org.kwire.analysis.AnalysisRun} and
 * {@link org.kwire.analysis.CapturePass} are the wiring under it (schemas, plans, topic names, filter, TLS secrets;
 * the tracker and stream stage into any sinks), for commands that add sinks of their own (events, metrics, dissect).
 * Errors: a refused setting is a {@code ConfigException} (unchecked; {@code kwire} exits 2); a schemas directory, key
 * log or capture that cannot be read an {@code IOException} with a one-line message ({@code kwire} exits 3).
 * Threads: configs are immutable; an {@code Analysis} is thread-safe (each call makes a run of its own sharing the
 * read-only schemas and plans); a run, its trackers and stages are confined to the analysis using them.
 */
package org.kwire.analysis;
