package org.kwire.report;

/**
 * What a report is asked to show.
 *
 * @param slowest          how many of the slowest exchanges to list
 * @param includeLongPolls count long-polls answered empty at their wait time in latency figures and the slowest list
 *                         ({@code --include-long-polls}); by default they are counted apart
 * @param targetKafka      the Kafka release the readiness section checks clients against ({@code --target-kafka},
 *                         e.g. {@code "4.0"}): one whose schemas kwire bundles
 */
public record ReportOptions(int slowest, boolean includeLongPolls, String targetKafka) {

    /** The release readiness is checked against by default: the one that removed the pre-2.1 versions (KIP-896). */
    public static final String DEFAULT_TARGET = "4.0";

    /** Defaults, with this many slowest exchanges listed. */
    public static ReportOptions defaults(int slowest) {
        return new ReportOptions(slowest, false, DEFAULT_TARGET);
    }
}
