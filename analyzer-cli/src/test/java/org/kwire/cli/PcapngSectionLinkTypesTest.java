package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;
import org.kwire.net.LinkTypes;
import org.kwire.pcap.CaptureFiles;
import org.kwire.pcap.Packet;
import org.kwire.pcap.PacketSource;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A pcapng whose second section declares another link type (issue 20: "146 frames fall to 9, no warning"), made from
 * test-captures/java-basic.pcapng (340 Ethernet packets, 146 Kafka frames) with a second section header and interface
 * after packet 30. Each section is read with its own interfaces' link types: a second section of raw IP packets, in
 * either byte order, gives the same analysis as the original. A second section that declares a link type its packets
 * do not have (their Ethernet bytes unchanged) loses them, as libpcap readers would, but no longer silently: a warning
 * names the interface, its packets and the link type they fit, and {@code --strict} exits with 4. An interface of a
 * link type kwire does not decode is warned about once.
 */
class PcapngSectionLinkTypesTest {

    private static final int AFTER = 30;
    private static final int ETHERNET_HEADER = 14;

    private static Path made(Path dir, String name, ByteOrder order, int linkType, int strip) throws IOException {
        return PcapEdit.secondSection(TestCaptures.path("java-basic.pcapng"), dir.resolve(name + ".pcapng"), AFTER, order,
                linkType, strip);
    }

    private static List<Packet> packets(Path f) throws IOException {
        List<Packet> out = new ArrayList<>();
        try (PacketSource s = CaptureFiles.open(f)) {
            for (Packet p; (p = s.next()) != null; ) {
                out.add(p);
            }
            assertEquals(List.of(), s.warnings());
        }
        return out;
    }

    /** A packet's bytes from its IP header on. */
    private static byte[] ip(Packet p) {
        ByteBuffer b = p.data();
        int at = LinkTypes.networkLayer(p.linkType(), b, b.position(), b.limit());
        byte[] out = new byte[b.limit() - at];
        b.duplicate().position(at).get(out);
        return out;
    }

    private static JsonNode analyze(Path f, int exit, String... options) throws IOException {
        List<String> args = new ArrayList<>(List.of("analyze"));
        args.addAll(List.of(options));
        args.add(f.toString());
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertEquals(exit, r.exit(), r.err());
        return r.json();
    }

    @Test
    void aSecondSectionOfRawIpInEitherByteOrderIsReadWithItsOwnLinkType(@TempDir Path dir) throws IOException {
        List<Packet> original = packets(TestCaptures.path("java-basic.pcapng"));
        JsonNode whole = analyze(TestCaptures.path("java-basic.pcapng"), 0);
        for (ByteOrder order : List.of(ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN)) {
            Path f = made(dir, "raw-" + order, order, LinkTypes.RAW, ETHERNET_HEADER);
            List<Packet> read = packets(f);
            assertEquals(340, read.size());
            for (int i = 0; i < read.size(); i++) {
                assertEquals(i < AFTER ? LinkTypes.ETHERNET : LinkTypes.RAW, read.get(i).linkType(), "packet " + (i + 1));
                assertEquals(original.get(i).timestampNanos(), read.get(i).timestampNanos());
                assertArrayEquals(ip(original.get(i)), ip(read.get(i)), "packet " + (i + 1));
            }
            JsonNode r = analyze(f, 0, "--strict");
            assertEquals(146, r.get("capture").get("frames").asInt());
            assertEquals(whole.get("apis"), r.get("apis"), order.toString());
            assertEquals(whole.get("connections"), r.get("connections"));
            assertEquals(0, r.get("warnings").size());
        }
    }

    @Test
    void aSecondSectionDeclaringALinkTypeItsPacketsDoNotHaveIsAWarning(@TempDir Path dir) throws IOException {
        Path f = made(dir, "sll", ByteOrder.LITTLE_ENDIAN, LinkTypes.LINUX_SLL, 0);
        JsonNode r = analyze(f, 4, "--strict");
        assertEquals(340, r.get("capture").get("packets").asInt());
        assertEquals(16, r.get("capture").get("frames").asInt(), "the Kafka frames of packets 1-30");
        List<String> warnings = new ArrayList<>();
        r.get("warnings").forEach(w -> warnings.add(w.asText()));
        assertEquals(List.of("warning [capture]: " + f + ": interface 0 (section 2) has link type 113 (linux-sll), but none "
                + "of its 310 packet(s) (frames 31-340) holds IPv4 or IPv6 where that link type puts it, and they hold it "
                + "where link type 1 (ether) does: they were skipped (is the interface's link type right?)"), warnings);
        assertEquals(1, r.get("expert").get("capture.reader").asInt());
    }

    @Test
    void aSecondSectionOfALinkTypeKwireDoesNotDecodeIsWarnedAboutOnce(@TempDir Path dir) throws IOException {
        Path f = made(dir, "user0", ByteOrder.BIG_ENDIAN, 147, 0);
        JsonNode r = analyze(f, 4, "--strict");
        assertEquals(16, r.get("capture").get("frames").asInt());
        List<String> warnings = new ArrayList<>();
        r.get("warnings").forEach(w -> warnings.add(w.asText()));
        assertEquals(List.of("warning [capture]: " + f + ": interface 0 (section 2) has link type 147 (linktype-147), which "
                + "kwire does not decode: its packets are read but skipped"), warnings);
    }
}
