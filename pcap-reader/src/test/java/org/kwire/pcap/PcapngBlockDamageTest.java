package org.kwire.pcap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Damage to one block of test-captures/java-basic.pcapng (340 packets, one enhanced packet block each) that the
 * containers generator found losing a packet without a word (issue 20): a block's leading length grown over the next
 * block, its trailing length changed, its type changed to one pcapng does not define. The lengths are checked against
 * each other, the bytes of a grown block read again as the blocks they are, and an undefined block type named.
 */
class PcapngBlockDamageTest {

    /** The enhanced packet block of packet 100. */
    private static final int PACKET = 100;

    private static int blockOf(ByteBuffer b, int packet) {
        int n = 0;
        for (int p = 0; ; p += b.getInt(p + 4)) {
            if (b.getInt(p) == 6 && ++n == packet) {
                return p;
            }
        }
    }

    private static Packets.Read damaged(Path dir, String name, java.util.function.BiConsumer<ByteBuffer, Integer> damage)
            throws IOException {
        byte[] bytes = Files.readAllBytes(TestCaptures.path("java-basic.pcapng"));
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        damage.accept(b, blockOf(b, PACKET));
        return Packets.read(Files.write(dir.resolve(name + ".pcapng"), bytes));
    }

    private static void assertAllPackets(Packets.Read r) throws IOException {
        List<Packet> whole = Packets.read(TestCaptures.path("java-basic.pcapng")).packets();
        assertEquals(340, r.packets().size());
        for (int i = 0; i < 340; i++) {
            assertArrayEquals(Packets.bytes(whole.get(i)), Packets.bytes(r.packets().get(i)), "packet " + (i + 1));
            assertEquals(whole.get(i).timestampNanos(), r.packets().get(i).timestampNanos());
        }
    }

    @Test
    void aLeadingLengthGrownOverTheNextBlockIsReadByItsTrailingLength(@TempDir Path dir) throws IOException {
        int[] was = new int[1];
        Packets.Read r = damaged(dir, "grown", (b, at) -> {
            was[0] = b.getInt(at + 4);
            b.putInt(at + 4, was[0] * 2);
        });
        assertAllPackets(r);
        assertEquals(1, r.warnings().size());
        assertEquals(dir.resolve("grown.pcapng") + ": block of type 6 after packet 99 declares " + was[0] * 2 + " bytes, but "
                + "its trailing length says " + was[0] + ": read as " + was[0] + " bytes, the rest as the next blocks (a damaged "
                + "length?)", r.warnings().get(0));
    }

    @Test
    void aTrailingLengthThatDiffersIsNamedAndTheLeadingOneKept(@TempDir Path dir) throws IOException {
        int[] was = new int[1];
        Packets.Read r = damaged(dir, "trailing", (b, at) -> {
            was[0] = b.getInt(at + 4);
            b.putInt(at + was[0] - 4, 7);
        });
        assertAllPackets(r);
        assertEquals(List.of(dir.resolve("trailing.pcapng") + ": block of type 6 after packet 99 declares " + was[0]
                + " bytes at its start and 7 at its end: read by the first (a damaged length?)"), r.warnings());
    }

    @Test
    void aBlockTypePcapngDoesNotDefineIsNamed(@TempDir Path dir) throws IOException {
        Packets.Read r = damaged(dir, "type", (b, at) -> b.putInt(at, 11));
        assertEquals(339, r.packets().size());
        assertEquals(List.of(dir.resolve("type.pcapng") + ": block of type 11 after packet 99, which pcapng does not define, "
                + "skipped (a damaged block?)"), r.warnings());
    }
}
