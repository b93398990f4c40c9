package org.kwire.text;

import org.kwire.report.LoadPart.BrokerThrottle;
import org.kwire.report.LoadSummary;
import org.kwire.report.LoadSummary.ClientLoad;
import org.kwire.report.Report;
import org.kwire.report.ThrottleStats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The summary's {@code Throttled} entry (the report's {@code load}): the {@value #TOP} clients (client_id and address)
 * whose responses the brokers throttled for a quota ({@code ThrottleTimeMs} above 0) the longest in all, and the
 * {@value #BROKERS} brokers that throttled the most: responses throttled of those with the field, the total and the
 * largest throttle time. Shown, needing a look, only when some response was throttled; none otherwise.
 */
final class ThrottleWords {

    /** Clients named at most. */
    static final int TOP = 3;
    /** Brokers named at most. */
    static final int BROKERS = 2;
    /** Most throttle time first, then the longest, then the most responses throttled. */
    private static final Comparator<ThrottleStats> MOST = Comparator.comparingLong(ThrottleStats::throttleTimeMs)
            .thenComparingLong(ThrottleStats::maxThrottleTimeMs).thenComparingLong(ThrottleStats::throttled).reversed();

    private ThrottleWords() {
    }

    /** The entry, or null when no response was throttled. */
    static SummaryEntry of(Report r) {
        LoadSummary load = r.load();
        if (load == null) {
            return null;
        }
        List<String> clients = new ArrayList<>();
        for (ClientLoad c : load.clients().stream().filter(c -> c.throttle().throttled() > 0)
                .sorted(Comparator.comparing(ClientLoad::throttle, MOST)).toList()) {
            clients.add(LagWords.client(c.clientId(), c.address()) + " " + figures(c.throttle(), clients.isEmpty()));
        }
        List<String> brokers = new ArrayList<>();
        for (BrokerThrottle b : load.brokers().stream().filter(b -> b.throttle().throttled() > 0)
                .sorted(Comparator.comparing(BrokerThrottle::throttle, MOST)).toList()) {
            brokers.add(b.broker() + " " + figures(b.throttle(), false));
        }
        if (clients.isEmpty() && brokers.isEmpty()) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        if (!clients.isEmpty()) {
            parts.add(LagWords.firstAndMore(clients, TOP, ", "));
        }
        if (!brokers.isEmpty()) {
            parts.add((brokers.size() == 1 ? "broker " : "brokers ") + LagWords.firstAndMore(brokers, BROKERS, ", "));
        }
        return new SummaryEntry(true, String.join("; ", parts));
    }

    /** {@code 4 of 11 responses throttled, 12,064 ms in all, max 6,009 ms}, or tersely {@code 4 of 11, 12,064 ms, max 6,009 ms}. */
    private static String figures(ThrottleStats t, boolean worded) {
        return Units.count(t.throttled()) + " of " + (worded ? Units.plural(t.responses(), "response") + " throttled, "
                : Units.count(t.responses()) + ", ") + Units.count(t.throttleTimeMs()) + " ms" + (worded ? " in all" : "")
                + ", max " + Units.count(t.maxThrottleTimeMs()) + " ms";
    }
}
