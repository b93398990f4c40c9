package org.kwire.report;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** {@link BrokerIds}: the advertised endpoint itself, else the one node on the port, else none. */
class BrokerIdsTest {

    @Test
    void hostNamesOnTheirOwnPortsAndOnASharedOne() {
        BrokerIds loopback = new BrokerIds(Map.of("localhost:9092", 1, "localhost:9093", 2));
        assertEquals(1, loopback.of("127.0.0.1:9092"));
        assertEquals(2, loopback.of("127.0.0.1:9093"));
        assertNull(loopback.of("127.0.0.1:9094"));
        BrokerIds hosts = new BrokerIds(Map.of("10.0.0.1:9092", 1, "kafka-2.example:9092", 2));
        assertEquals(1, hosts.of("10.0.0.1:9092"));
        assertNull(hosts.of("10.0.0.2:9092"), "two nodes on 9092: not a guess");
    }
}
