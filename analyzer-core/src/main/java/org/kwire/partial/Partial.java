package org.kwire.partial;

import org.kwire.stream.TrafficCensus;
import org.kwire.report.ReportPart;

import java.util.List;
import java.util.Map;

/**
 * A partial result: the mergeable analysis of one or more slices of a capture (files analyzed apart, on other cores or
 * machines), written by {@code kwire analyze --partial}, read by {@code kwire merge}, made by {@code --jobs} and the
 * Spark job. Merging partials of consecutive slices ({@link PartialMerge}) and building the report
 * ({@link PartialReport}) gives the report of one analysis of all their files together. Serialized as JSON
 * ({@link PartialCodec}), described in {@code docs/PARTIAL.md} and {@code docs/partial.schema.json}.
 *
 * @param kwirePartial the format's version ({@link #VERSION})
 * @param analysis     the analysis options that must be the same for every slice (ports, limits, filters), by name
 * @param slices       the slices, in the order their files were given
 * @param census       what the TCP traffic carried, per server port (for the "no Kafka traffic found" warning)
 * @param report       the report's mergeable state
 */
public record Partial(int kwirePartial, Map<String, String> analysis, List<SliceFacts> slices, TrafficCensus.Counts census,
                      ReportPart report) {

    /** The version of this format. */
    public static final int VERSION = 1;
}
