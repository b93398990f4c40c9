package org.kwire.cli;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Hostile pcapng containers made from a real little-endian pcapng (draft-ietf-opsawg-pcapng): one field of one block
 * made hostile, found by walking the blocks (block types; total lengths, leading or trailing; the section header's
 * byte-order magic and version; an interface's link type, snaplen and first option; a packet block's interface id,
 * timestamp, captured and original lengths), or a copy of the file's first section header and interface inserted
 * before a block in the middle, in either byte order.
 */
final class PcapngMutations {

    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    private static final int SHB = 0x0A0D0D0A;
    private static final int IDB = 1;
    private static final int EPB = 6;

    private PcapngMutations() {
    }

    /** Offsets of the blocks of {@code b}, as far as their lengths lead. */
    private static List<Integer> blocks(byte[] b) {
        List<Integer> out = new ArrayList<>();
        for (int p = 0; p + 12 <= b.length; ) {
            int total = Mutations.getInt(b, p + 4, LE);
            if (total < 12 || p + total > b.length) {
                break;
            }
            out.add(p);
            p += total;
        }
        return out;
    }

    /** Where each block of {@code b} ends. */
    static List<Integer> blockEnds(byte[] b) {
        List<Integer> ends = new ArrayList<>();
        for (int at : blocks(b)) {
            ends.add(at + Mutations.getInt(b, at + 4, LE));
        }
        return ends;
    }

    /** Makes one field of one block of {@code b} hostile; says which. */
    static String field(Random r, byte[] b) {
        List<Integer> blocks = blocks(b);
        int at = blocks.get(r.nextInt(blocks.size()));
        int type = Mutations.getInt(b, at, LE);
        int total = Mutations.getInt(b, at + 4, LE);
        int field;
        String name;
        if (r.nextInt(4) == 0) {
            field = r.nextBoolean() ? at + 4 : at + total - 4;
            name = field == at + 4 ? "total length" : "trailing total length";
        } else if (type != SHB && r.nextInt(6) == 0) {
            // a type pcapng does not define, or a section header: a packet block turned into another defined block
            // (statistics, name resolution) cannot be told from a real one, pcapng having no checksum
            int t = new int[] {0, 11, 0x300, 0x12345678, SHB}[r.nextInt(5)];
            Mutations.putInt(b, at, t, LE);
            return "block of type " + type + " at " + at + ", block type " + t;
        } else if (type == SHB) {
            field = at + 8 + 4 * r.nextInt(2);
            name = field == at + 8 ? "byte-order magic" : "version";
        } else if (type == IDB) {
            int which = r.nextInt(total > 20 ? 3 : 2);
            field = at + 8 + 4 * Math.min(which, 1) + (which == 2 ? 4 : 0);
            name = new String[] {"link type", "snaplen", "first option's code and length"}[which];
            if (which == 0) {
                Mutations.putShort(b, field, Mutations.hostile16(r, 1), LE);
                return "interface block at " + at + ", " + name;
            }
        } else if (type == EPB) {
            int which = r.nextInt(5);
            field = at + 8 + 4 * which;
            name = new String[] {"interface id", "timestamp (high)", "timestamp (low)", "captured length", "original length"}[which];
        } else {
            field = at + 4;
            name = "total length";
        }
        if (field + 4 > b.length) {
            field = at + 4;
            name = "total length";
        }
        Mutations.putInt(b, field, Mutations.hostile(r, Mutations.getInt(b, field, LE)), LE);
        return "block of type " + type + " at " + at + ", " + name;
    }

    /** The file with its first section header and interface blocks again before a block in its middle. */
    static Mutations.Mutated insertSection(Random r, byte[] b) {
        List<Integer> blocks = blocks(b);
        int headerEnd = blocks.get(1) + Mutations.getInt(b, blocks.get(1) + 4, LE);
        int before = blocks.get(2 + r.nextInt(blocks.size() - 2));
        byte[] out = new byte[b.length + headerEnd];
        System.arraycopy(b, 0, out, 0, before);
        System.arraycopy(b, 0, out, before, headerEnd);
        System.arraycopy(b, before, out, before + headerEnd, b.length - before);
        String what = "section header and interface inserted at " + before;
        if (r.nextBoolean()) { // the inserted section's interface declares another link type
            int linkType = new int[] {0, 101, 113, 147, 276}[r.nextInt(5)];
            Mutations.putShort(out, before + blocks.get(1) + 8, linkType, LE);
            what += ", its interface of link type " + linkType;
        }
        return new Mutations.Mutated(what, out);
    }
}
