package org.kwire.metrics;

import org.kwire.groups.GroupAccumulator;
import org.kwire.groups.GroupEvent;
import org.kwire.groups.GroupWatch;
import org.kwire.report.GroupTies;
import org.kwire.summary.ExchangeSummary;

/**
 * Counts consumer group rebalances into {@code kwire_rebalances_total} (by group and first cause) and
 * {@code kwire_rebalance_duration_seconds} once each is final, from the same replay as the report's
 * {@code consumer_groups} section ({@link GroupWatch}: when the next starts, 60 s of capture time after it ended, or
 * when the analysis ends); and ties consumer clients to groups for the fetch lag
 * ({@link GroupTies}). Every group exchange makes its group seen for the group label's bound. Not thread-safe: the
 * sink serializes the calls.
 */
final class GroupMetrics implements GroupWatch.Listener {

    /** The cause label of a rebalance whose cause was not known when it started. */
    static final String UNKNOWN_CAUSE = "unknown";

    private final KwireMetrics m;
    private final LabelLimiter groups;
    private final GroupTies ties;
    private final GroupWatch watch = new GroupWatch(this);

    /**
     * @param metrics the instruments
     * @param groups  the group label's bound
     * @param ties    consumer clients tied to groups, fed here
     */
    GroupMetrics(KwireMetrics metrics, LabelLimiter groups, GroupTies ties) {
        this.m = metrics;
        this.groups = groups;
        this.ties = ties;
    }

    /** Takes one exchange (any API). */
    void onExchange(ExchangeSummary e) {
        GroupEvent ev = GroupAccumulator.event(e);
        if (ev != null) {
            if (ev.group() != null) {
                groups.label(ev.group(), 0);
            }
            if (GroupAccumulator.logged(ev)) {
                ties.add(ev);
                watch.on(ev);
            }
        }
        watch.at(e.response() != null ? e.response().frame().lastTimestampNanos()
                : e.request().frame().lastTimestampNanos());
    }

    @Override
    public void rebalance(String group, String cause, double seconds) {
        String label = groups.label(group, 1);
        m.rebalances.labelValues(label, cause == null ? UNKNOWN_CAUSE : cause).inc();
        if (seconds >= 0) {
            m.rebalanceDuration.labelValues(label).observe(seconds);
        }
    }

    /** The analysis ended: the rebalances still open are final. */
    void finish() {
        watch.finish();
    }
}
