package org.kwire.schema;

import org.apache.kafka.common.protocol.ApiKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bundled schemas agree with kafka-clients 4.4.0's own ApiKeys, and the merge rule picks the right release. */
class SchemaRegistryTest {

    private final SchemaRegistry schemas = SchemaRegistry.bundled();

    @Test
    void bundlesThreeReleasesNewestFirst() {
        assertEquals(List.of("4.4.0", "4.0.0", "3.9.1"), schemas.releases());
    }

    /**
     * What a release accepts, for the readiness check: for 4.4.0 exactly the range kafka-clients 4.4.0's ApiKeys
     * enables on a broker (ApiKeys.isVersionEnabled: oldest to latest, unstable versions included); for the releases
     * whose ranges only are bundled, what their schemas say (4.1 brought JoinGroup v0-1 back and dropped the share
     * group APIs' early-access v0).
     */
    @Test
    void requestVersionsAreWhatEachReleaseAccepts() {
        assertEquals(List.of("4.4.0", "4.3.1", "4.2.2", "4.1.2", "4.0.0", "3.9.1"), schemas.targetReleases());
        for (ApiKeys k : ApiKeys.values()) {
            VersionRange r = schemas.requestVersions("4.4.0", k.id);
            if (!k.hasValidVersion()) { // the ZooKeeper-era inter-broker APIs: gone since 4.0, the files kept empty
                assertTrue(r.isEmpty(), k.name);
                continue;
            }
            assertEquals(k.oldestVersion() + "-" + k.latestVersion(true), r.lowest() + "-" + r.highest(), k.name);
        }
        assertEquals("3-12", schemas.requestVersions("4.0.0", 0).toString());
        assertEquals("2-9", schemas.requestVersions("4.0.0", 11).toString());
        assertEquals("0-9", schemas.requestVersions("4.1.2", 11).toString());
        assertEquals("0", schemas.requestVersions("4.0.0", 78).toString());
        assertEquals("1", schemas.requestVersions("4.1.2", 78).toString());
        assertEquals("1-2", schemas.requestVersions("4.3.1", 78).toString());
        assertEquals("0-7", schemas.requestVersions("3.9.1", 4).toString(), "LeaderAndIsr, gone in 4.0");
        assertTrue(schemas.requestVersions("4.0.0", 4).isEmpty());
        assertTrue(schemas.requestVersions("4.1.2", 4).isEmpty());
        assertEquals(null, schemas.requestVersions("4.0.0", 94), "UnregisterController, new in 4.4");
        assertEquals("4.1.2", schemas.release("4.1"));
        assertEquals("4.0.0", schemas.release("4.0.0"));
        assertEquals("4.4.0", schemas.release("4"));
        assertEquals(null, schemas.release("4.5"));
    }

    @Test
    void everyApiOfKafka440HasItsNameVersionsAndFlexibility() {
        int checked = 0;
        for (ApiKeys k : ApiKeys.values()) {
            assertEquals(k.name, schemas.apiName(k.id), "name of api key " + k.id);
            for (short v = k.messageType.lowestSupportedVersion(); v <= k.messageType.highestSupportedVersion(true); v++) {
                assertTrue(schemas.versions(k.id, Direction.REQUEST).contains((int) v), k.name + " v" + v);
                assertEquals(k.requestHeaderVersion(v) == 2, schemas.isFlexible(k.id, Direction.REQUEST, v), k.name + " v" + v);
                checked++;
            }
        }
        assertEquals(309, checked, "api versions of kafka-clients 4.4.0");
    }

    @Test
    void mergeRuleTakesTheNewestReleaseDefiningEachVersion() {
        int produce = ApiKeys.PRODUCE.id;
        assertEquals("3.9.1", schemas.spec(produce, Direction.REQUEST, 0).orElseThrow().release()); // removed in 4.0 (KIP-896)
        assertEquals("4.4.0", schemas.spec(produce, Direction.REQUEST, 13).orElseThrow().release());
        int shareFetch = ApiKeys.SHARE_FETCH.id;
        assertEquals("4.0.0", schemas.spec(shareFetch, Direction.REQUEST, 0).orElseThrow().release()); // early access, removed in 4.1
        assertEquals("4.4.0", schemas.spec(shareFetch, Direction.RESPONSE, 1).orElseThrow().release());
        assertTrue(schemas.spec(produce, Direction.REQUEST, 99).isEmpty());
    }

    @Test
    void unknownApisAndNameLookup() {
        assertEquals("Unknown(999)", schemas.apiName(999));
        assertFalse(schemas.isKnownRequest(999, 0));
        assertEquals(75, schemas.apiKey("DescribeTopicPartitions"));
        assertEquals(3, schemas.apiKey("metadatarequest"));
        assertEquals(-1, schemas.apiKey("NoSuchApi"));
    }

    @Test
    void overlayFolderWinsForTheVersionsItDefines(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("MetadataRequest.json"), """
                // a patched Kafka: Metadata request v14 with one field
                { "apiKey": 3, "type": "request", "name": "MetadataRequest", "validVersions": "13-14",
                  "flexibleVersions": "9+", "fields": [
                    { "name": "Topics", "type": "[]MetadataRequestTopic", "versions": "0+", "nullableVersions": "1+",
                      "about": "The topics.", "fields": [ { "name": "Name", "type": "string", "versions": "0+" } ] } ] }
                """);
        SchemaRegistry merged = schemas.withOverlay(dir);
        assertEquals(dir.toString(), merged.spec(3, Direction.REQUEST, 14).orElseThrow().release());
        assertEquals(dir.toString(), merged.spec(3, Direction.REQUEST, 13).orElseThrow().release());
        assertEquals("4.4.0", merged.spec(3, Direction.REQUEST, 12).orElseThrow().release());
        assertTrue(schemas.spec(3, Direction.REQUEST, 14).isEmpty(), "the bundled registry is unchanged");
    }

    @Test
    void overlayWithoutSchemasIsRefused(@TempDir Path dir) {
        assertThrows(IOException.class, () -> schemas.withOverlay(dir));
    }

    /** {@code knowsApi} answers what {@code versions} does without the set: for every api key Kafka has and a few more. */
    @Test
    void knowsApiIsVersionsNotEmpty() {
        for (int key = -2; key <= 2000; key++) {
            for (Direction d : Direction.values()) {
                assertEquals(!schemas.versions(key, d).isEmpty(), schemas.knowsApi(key, d), key + " " + d);
            }
        }
        assertTrue(schemas.knowsApi(ApiKeys.PRODUCE.id, Direction.REQUEST));
        assertTrue(schemas.knowsApi(ApiKeys.FETCH.id, Direction.RESPONSE));
        assertFalse(schemas.knowsApi(-1, Direction.REQUEST));
        assertFalse(schemas.knowsApi(32000, Direction.RESPONSE));
    }
}
