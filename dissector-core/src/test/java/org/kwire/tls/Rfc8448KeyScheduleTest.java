package org.kwire.tls;

import org.junit.jupiter.api.Test;

import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The TLS 1.3 key schedule and record protection against RFC 8448 section 3 ("Simple 1-RTT Handshake",
 * TLS_AES_128_GCM_SHA256): the published secrets, traffic keys and IVs, and the published protected records.
 */
class Rfc8448KeyScheduleTest {

    private static final HexFormat HEX = HexFormat.of();
    private static final Hkdf HKDF = new Hkdf("HmacSHA256");
    /** SHA-256 of the empty string, the transcript hash of "derived" (RFC 8446 section 7.1). */
    private static final byte[] EMPTY_HASH = h("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    static final byte[] CLIENT_HS = h("b3eddb126e067f35a780b3abf45e2d8f3b1a950738f52e9600746a0e27a55a21");
    static final byte[] SERVER_HS = h("b67b7d690cc16c4e75e54213cb2d37b4e9c912bcded9105d42befd59d391ad38");
    static final byte[] CLIENT_AP = h("9e40646ce79a7f9dc05af8889bce6552875afa0b06df0087f792ebb7c17504a5");
    static final byte[] SERVER_AP = h("a11af9f05531f856ad47116b45a950328204b4f44bfb6b3a4b4f1f3fcb631643");
    /** {client} send application_data record: 50 bytes 00..31 (the header is the record's first 5 bytes). */
    static final byte[] CLIENT_DATA_RECORD = h("1703030043a23f7054b62c94d0affafe8228ba55cbefacea42f914aa66bcab3f"
            + "2b9819a8a5b46b395bd54a9a20441e2b62974e1f5a6292a2977014bd1e3deae63aeebb21694915e4");
    /** {server} send application_data record: the same 50 bytes, the server's second application record. */
    static final byte[] SERVER_DATA_RECORD = h("17030300432e937e11ef4ac740e538ad36005fc4a46932fc3225d05f82aa1b36"
            + "e30efaf97d90e6dffc602dcb501a59a8fcc49c4bf2e5f0a21c0047c2abf332540dd032e167c2955d");
    /** {client} send alert record: close_notify, the client's second application record. */
    static final byte[] CLIENT_ALERT_RECORD = h("1703030013c9872760655666b74d7ff1153efd6db6d0b0e3");

    static byte[] h(String hex) {
        return HEX.parseHex(hex);
    }

    @Test
    void secretsOfTheKeySchedule() {
        byte[] early = HKDF.extract(new byte[0], new byte[32]);
        assertEquals("33ad0a1c607ec03b09e6cd9893680ce210adf300aa1f2660e1b22e10f170f92a", HEX.formatHex(early));
        byte[] derived = HKDF.deriveSecret(early, "derived", EMPTY_HASH);
        assertEquals("6f2615a108c702c5678f54fc9dbab69716c076189c48250cebeac3576c3611ba", HEX.formatHex(derived));
        byte[] handshake = HKDF.extract(derived, h("8bd4054fb55b9d63fdfbacf9f04b9f0d35e6d63f537563efd46272900f89492d"));
        assertEquals("1dc826e93606aa6fdc0aadc12f741b01046aa6b99f691ed221a9f0ca043fbeac", HEX.formatHex(handshake));
        byte[] helloHash = h("860c06edc07858ee8e78f0e7428c58edd6b43f2ca3e6e95f02ed063cf0e1cad8");
        assertArrayEquals(CLIENT_HS, HKDF.deriveSecret(handshake, "c hs traffic", helloHash));
        assertArrayEquals(SERVER_HS, HKDF.deriveSecret(handshake, "s hs traffic", helloHash));
        byte[] master = HKDF.extract(HKDF.deriveSecret(handshake, "derived", EMPTY_HASH), new byte[32]);
        assertEquals("18df06843d13a08bf2a449844c5f8a478001bc4d4c627984d5a41da8d0402919", HEX.formatHex(master));
        byte[] serverFinishedHash = h("9608102a0f1ccc6db6250b7b7e417b1a000eaada3daae4777a7686c9ff83df13");
        assertArrayEquals(CLIENT_AP, HKDF.deriveSecret(master, "c ap traffic", serverFinishedHash));
        assertArrayEquals(SERVER_AP, HKDF.deriveSecret(master, "s ap traffic", serverFinishedHash));
    }

    @Test
    void trafficKeysAndIvs() {
        assertEquals("3fce516009c21727d0f2e4e86ee403bc", HEX.formatHex(HKDF.trafficKey(SERVER_HS, 16)));
        assertEquals("5d313eb2671276ee13000b30", HEX.formatHex(HKDF.trafficIv(SERVER_HS)));
        assertEquals("dbfaa693d1762c5b666af5d950258d01", HEX.formatHex(HKDF.trafficKey(CLIENT_HS, 16)));
        assertEquals("5bd3c71b836e0b76bb73265f", HEX.formatHex(HKDF.trafficIv(CLIENT_HS)));
        assertEquals("9f02283b6c9c07efc26bb9f2ac92e356", HEX.formatHex(HKDF.trafficKey(SERVER_AP, 16)));
        assertEquals("cf782b88dd83549aadf1e984", HEX.formatHex(HKDF.trafficIv(SERVER_AP)));
        assertEquals("17422dda596ed5d9acd890e3c63f5051", HEX.formatHex(HKDF.trafficKey(CLIENT_AP, 16)));
        assertEquals("5b78923dee08579033e523d9", HEX.formatHex(HKDF.trafficIv(CLIENT_AP)));
    }

    @Test
    void publishedRecordsOpenWithTheApplicationKeys() {
        CipherSuite suite = CipherSuite.of(0x1301);
        assertEquals("TLS_AES_128_GCM_SHA256", suite.name());
        byte[] fifty = new byte[50];
        for (int i = 0; i < 50; i++) {
            fifty[i] = (byte) i;
        }
        RecordProtection client = RecordProtection.tls13(suite, CLIENT_AP);
        RecordProtection.Opened data = client.open(23, 0x0303, fragment(CLIENT_DATA_RECORD));
        assertNotNull(data);
        assertEquals(23, data.type());
        assertArrayEquals(fifty, data.data());
        RecordProtection.Opened alert = client.open(23, 0x0303, fragment(CLIENT_ALERT_RECORD));
        assertEquals(21, alert.type());
        assertArrayEquals(new byte[] {1, 0}, alert.data(), "warning close_notify");
        assertEquals(2, client.sequence());

        RecordProtection server = RecordProtection.tls13(suite, SERVER_AP);
        assertNull(server.openAt(23, 0x0303, fragment(SERVER_DATA_RECORD), 0), "the server's first record was its ticket");
        assertArrayEquals(fifty, server.openAt(23, 0x0303, fragment(SERVER_DATA_RECORD), 1).data());
        assertNull(RecordProtection.tls13(suite, SERVER_AP).open(23, 0x0303, fragment(CLIENT_DATA_RECORD)),
                "the other direction's key does not authenticate");
    }

    @Test
    void keyUpdateDerivesTheNextSecretWithItsLabel() {
        byte[] next = HKDF.nextTrafficSecret(CLIENT_AP);
        assertArrayEquals(HKDF.expandLabel(CLIENT_AP, "traffic upd", new byte[0], 32), next);
        assertEquals(32, next.length);
    }

    @Test
    void tls12PrfMatchesThePublishedSha256Vector() {
        byte[] out = new Prf("HmacSHA256").prf(h("9bbe436ba940f017b17652849a71db35"), "test label",
                h("a0ba9f936cda311827a6f796ffd5198c"), 100);
        assertEquals("e3f229ba727be17b8d122620557cd453c2aab21d07c3d495329b52d4e61edb5a6b301791e90d35c9c9a46b4e14baf9af"
                + "0fa022f7077def17abfd3797c0564bab4fbc91666e9def9b97fce34f796789baa48082d122ee42c5a72e5a5110fff701"
                + "87347b66", HEX.formatHex(out));
    }

    static byte[] fragment(byte[] record) {
        byte[] f = new byte[record.length - 5];
        System.arraycopy(record, 5, f, 0, f.length);
        return f;
    }
}
