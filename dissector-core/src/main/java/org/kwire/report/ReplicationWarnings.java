package org.kwire.report;

import java.util.ArrayList;
import java.util.List;

/** The warnings of the {@code replication} section: a bound reached ({@link ReplicationAccumulator}). Stateless. */
final class ReplicationWarnings {

    private ReplicationWarnings() {
    }

    static List<String> of(ReplicationPart p) {
        List<String> out = new ArrayList<>(0);
        if (p.linesOmitted() > 0) {
            out.add("replication: " + p.linesOmitted() + " Fetch exchange(s) of lines past the first "
                    + ReplicationAccumulator.MAX_LINES + " (class, broker, replica id, client_id) are not counted there");
        }
        if (p.leadership().partitionsOmitted() > 0) {
            out.add("replication: leaders of " + p.leadership().partitionsOmitted() + " partition sighting(s) past the first "
                    + ReplicationAccumulator.MAX_PARTITIONS + " partitions are not followed");
        }
        if (p.lag().omitted() > 0) {
            out.add("consumer_lag: " + p.lag().omitted() + " update(s) past the first " + LagAccumulator.MAX_ENTRIES
                    + " entries of a list (fetch lags, high watermarks, commits) are not kept");
        }
        if (p.lag().series().omitted() > 0) {
            out.add("consumer_lag: " + p.lag().series().omitted() + " sample(s) or series past the first "
                    + LagSeriesAccumulator.MAX_SERIES + " series of a list over time (fetch lags, high watermarks, "
                    + "commits) are not kept in over_time");
        }
        return out;
    }
}
