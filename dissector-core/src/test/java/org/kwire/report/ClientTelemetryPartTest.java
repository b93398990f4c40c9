package org.kwire.report;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The client_telemetry part merges exactly in any order (the latest point by its time, of equal times the larger
 * value; sums; the earliest first-seen) and is cut to its bounds by first seen, counting what it leaves out.
 */
class ClientTelemetryPartTest {

    private static TelemetrySeriesPart point(String metric, String topic, long time, Double value, long firstSeen) {
        return new TelemetrySeriesPart(metric, "gauge", "ms", new TreeMap<>(Map.of("topic", topic)), time, value, null, null,
                1, firstSeen);
    }

    private static ClientTelemetryPart part(String instance, long firstSeen, TelemetryClientPart.Subscription s,
                                            TelemetrySeriesPart... series) {
        return ClientTelemetryPart.bounded(List.of(new TelemetryClientPart("10.0.0.1", "app", instance, s, 1, false,
                firstSeen, 0, firstSeen, List.of(series))), 0, 0);
    }

    @Test
    void mergingKeepsTheLatestPointWhateverTheOrder() {
        TelemetryClientPart.Subscription early = new TelemetryClientPart.Subscription(7, 0, List.of("org.apache.kafka."), 500,
                List.of("zstd"), 1 << 20, true, 100);
        TelemetryClientPart.Subscription late = new TelemetryClientPart.Subscription(8, 0, List.of(""), 1000,
                List.of("zstd"), 1 << 20, true, 200);
        ClientTelemetryPart a = part("i1", 100, early, point("lat", "t", 50, 1.5, 100), point("lat", "u", 70, 3.0, 100));
        ClientTelemetryPart b = part("i1", 150, late, point("lat", "t", 60, 2.5, 150), point("lat", "u", 70, 2.0, 150));
        ClientTelemetryPart ab = a.merge(b);
        assertEquals(ab, b.merge(a));
        TelemetryClientPart c = ab.clients().get(0);
        assertEquals(2, c.pushes());
        assertEquals(100, c.firstSeenNanos());
        assertEquals(8, c.subscription().subscriptionId(), "the later response");
        assertEquals(List.of(new TelemetrySeriesPart("lat", "gauge", "ms", new TreeMap<>(Map.of("topic", "t")), 60, 2.5, null,
                        null, 2, 100),
                new TelemetrySeriesPart("lat", "gauge", "ms", new TreeMap<>(Map.of("topic", "u")), 70, 3.0, null, null, 2, 100)),
                c.series(), "t: the later point; u: equal times, the larger value");
        assertNull(ClientTelemetryPart.NONE.toSection(null));
        ClientTelemetry section = ab.toSection((address, id) -> new String[] {"apache-kafka-java", "4.4.0"});
        assertEquals("apache-kafka-java", section.clients().get(0).softwareName());
        assertEquals(List.of(new ClientTelemetry.Point(Map.of("topic", "t"), 2.5, null, null, 60, "1970-01-01T00:00:00.000000060Z", 2),
                new ClientTelemetry.Point(Map.of("topic", "u"), 3.0, null, null, 70, "1970-01-01T00:00:00.000000070Z", 2)),
                section.clients().get(0).metrics().get(0).points());
    }

    @Test
    void theBoundsKeepTheFirstSeenAndCountTheRest() {
        List<TelemetrySeriesPart> many = new ArrayList<>();
        for (int i = 0; i < ClientTelemetryPart.MAX_SERIES + 3; i++) {
            many.add(new TelemetrySeriesPart("m" + i, "sum", "", new TreeMap<>(), 1, (double) i, null, null, 4, i));
        }
        ClientTelemetryPart p = ClientTelemetryPart.bounded(List.of(new TelemetryClientPart("a", "app", "i", null, 9, true,
                5, 0, 0, many)), 2, 1);
        assertEquals(ClientTelemetryPart.MAX_SERIES, p.clients().get(0).series().size());
        assertEquals(1 + 3 * 4, p.pointsLeftOut(), "the last 3 series' 4 points each, and the 1 counted before");
        assertEquals(2, p.pushesLeftOut());
        assertEquals("m0", p.clients().get(0).series().get(0).metric());

        List<TelemetryClientPart> clients = new ArrayList<>();
        for (int i = 0; i < ClientTelemetryPart.MAX_CLIENTS + 2; i++) {
            clients.add(new TelemetryClientPart("a", "app", "i" + i, null, 3, false, i, 0, i, List.of()));
        }
        ClientTelemetryPart c = ClientTelemetryPart.bounded(clients, 0, 0);
        assertEquals(ClientTelemetryPart.MAX_CLIENTS, c.clients().size());
        assertEquals(2 * 3, c.pushesLeftOut(), "the 2 clients seen last, 3 pushes each");
    }
}
