package org.kwire.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The mergeable state of the report's {@code client_telemetry} (KIP-714): per client its subscription, pushes and
 * series ({@link TelemetryClientPart}). Bounded: at most {@link #MAX_CLIENTS} clients and {@link #MAX_SERIES} series in
 * all, the first seen (by capture time) kept; the pushes of clients left out and the data points of series left out
 * are counted. Merging adds clients of one key and keeps each series' latest point ({@link TelemetrySeriesPart});
 * it gives the part of one analysis of both slices exactly as long as no slice alone reached a bound.
 *
 * @param clients        by address, client_id, instance id
 * @param pushesLeftOut  pushes of clients past the first {@link #MAX_CLIENTS}
 * @param pointsLeftOut  data points of series past the first {@link #MAX_SERIES}
 */
public record ClientTelemetryPart(List<TelemetryClientPart> clients, long pushesLeftOut, long pointsLeftOut) {

    /** Most clients kept. */
    public static final int MAX_CLIENTS = 10_000;
    /** Most series (a client's metric name and data point attributes) kept, all clients together. */
    public static final int MAX_SERIES = 10_000;
    /** None seen (and what a partial written before this section reads as). */
    public static final ClientTelemetryPart NONE = new ClientTelemetryPart(List.of(), 0, 0);

    /** Keeps an unmodifiable copy of the clients. */
    public ClientTelemetryPart {
        clients = clients == null ? List.of() : List.copyOf(clients);
    }

    /** Both parts' clients, those of one key merged, cut to the bounds. */
    ClientTelemetryPart merge(ClientTelemetryPart o) {
        if (o.clients.isEmpty() && o.pushesLeftOut == 0 && o.pointsLeftOut == 0) {
            return this;
        }
        Map<String, TelemetryClientPart> all = new TreeMap<>();
        clients.forEach(c -> all.put(c.key(), c));
        o.clients.forEach(c -> all.merge(c.key(), c, TelemetryClientPart::merge));
        return bounded(all.values(), pushesLeftOut + o.pushesLeftOut, pointsLeftOut + o.pointsLeftOut);
    }

    /** These clients cut to the bounds (the first seen kept), sorted by key. */
    static ClientTelemetryPart bounded(java.util.Collection<TelemetryClientPart> in, long pushesLeft, long pointsLeft) {
        List<TelemetryClientPart> byFirst = new ArrayList<>(in);
        byFirst.sort(Comparator.comparingLong(TelemetryClientPart::firstSeenNanos).thenComparing(TelemetryClientPart::key));
        while (byFirst.size() > MAX_CLIENTS) {
            pushesLeft += byFirst.remove(byFirst.size() - 1).pushes();
        }
        record Owned(TelemetryClientPart client, TelemetrySeriesPart series) {
        }
        List<Owned> series = new ArrayList<>();
        byFirst.forEach(c -> c.series().forEach(s -> series.add(new Owned(c, s))));
        Map<String, List<TelemetrySeriesPart>> kept = new TreeMap<>();
        byFirst.forEach(c -> kept.put(c.key(), new ArrayList<>()));
        if (series.size() > MAX_SERIES) {
            series.sort(Comparator.comparingLong((Owned x) -> x.series.firstSeenNanos())
                    .thenComparing(x -> x.client.key()).thenComparing(x -> x.series.key()));
        }
        for (int i = 0; i < series.size(); i++) {
            Owned x = series.get(i);
            if (i < MAX_SERIES) {
                kept.get(x.client.key()).add(x.series);
            } else {
                pointsLeft += x.series.points();
            }
        }
        List<TelemetryClientPart> out = new ArrayList<>();
        for (TelemetryClientPart c : byFirst) {
            List<TelemetrySeriesPart> s = kept.get(c.key());
            s.sort(Comparator.comparing(TelemetrySeriesPart::key));
            out.add(c.withSeries(s));
        }
        out.sort(Comparator.comparing(TelemetryClientPart::key));
        return new ClientTelemetryPart(out, pushesLeft, pointsLeft);
    }

    /**
     * The report's section, or null if no client pushed telemetry or got a subscription.
     *
     * @param software a client's software name and version by address and client_id (the {@code clients} section's),
     *                 or null
     */
    ClientTelemetry toSection(org.kwire.groups.GroupReplay.Software software) {
        if (clients.isEmpty() && pushesLeftOut == 0 && pointsLeftOut == 0) {
            return null;
        }
        return ClientTelemetry.of(this, software);
    }
}
