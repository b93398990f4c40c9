package org.kwire.pcap;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * pcapng files (draft-ietf-opsawg-pcapng): blocks of {type, total length, body, total length}. A Section Header Block
 * starts a section: it sets the byte order and resets the interfaces, so a file may hold several sections (e.g.
 * concatenated captures). Interface Description Blocks give each interface's link type, snaplen, timestamp resolution
 * ({@code if_tsresol}: 10^-n or 2^-n seconds, default microseconds) and offset ({@code if_tsoffset}, seconds);
 * Enhanced, Simple and obsolete Packet Blocks carry packets. {@code opt_comment}s of sections are kept in
 * {@link #comments()}, those of packets in {@link Packet#comment()}. Decryption Secrets Blocks are kept in
 * {@link #decryptionSecrets()} (never shown). Other blocks are skipped; a block of a type pcapng does not define (a
 * damaged block, maybe a packet's) with a warning.
 */
final class PcapngReader extends CaptureReader {

    static final int SHB = 0x0A0D0D0A;
    private static final int BYTE_ORDER_MAGIC = 0x1A2B3C4D;
    private static final int IDB = 1;
    private static final int OBSOLETE_PACKET = 2;
    private static final int SPB = 3;
    private static final int EPB = 6;
    private static final int DSB = 10;
    private static final int MAX_BLOCK = PcapReader.MAX_RECORD;
    private static final int OPT_COMMENT = 1;

    private final List<PcapngInterface> interfaces = new ArrayList<>();
    private final List<String> comments = new ArrayList<>();
    private final List<DecryptionSecrets> secrets = new ArrayList<>();
    private ByteOrder order = ByteOrder.LITTLE_ENDIAN;
    /** Section header blocks read (the current section's number, 1-based). */
    private int sections;
    /** Bytes of a block read again as the next blocks ({@link #lengths}), or null. */
    private ByteBuffer pending;

    PcapngReader(ByteInput in, String name) {
        super(in, name);
    }

    @Override
    public Packet next() throws IOException {
        while (!done) {
            ByteBuffer head = bytes(8); // header and body in transient views: only a packet's data is sliced
            if (head.remaining() < 8) {
                return head.remaining() == 0 ? end() : stop("capture truncated after packet " + number + ": block header cut short");
            }
            int h = head.position();
            int type = head.order(order).getInt(h); // the SHB type reads the same in either byte order
            if (type == SHB) {
                if (!section(head.order(ByteOrder.BIG_ENDIAN).getInt(h + 4))) {
                    return null;
                }
                continue;
            }
            long total = head.getInt(h + 4) & 0xffffffffL;
            if (total < 12 || total % 4 != 0 || total > MAX_BLOCK) {
                return corrupt("capture corrupt after packet " + number + ": block of type " + type + " with length " + total + "; reading stopped");
            }
            ByteBuffer body = bytes((int) total - 8);
            if (body.remaining() < total - 8) {
                return stop("capture truncated in a block after packet " + number + ": " + (body.remaining() + 8) + " of " + total + " bytes present");
            }
            body.order(order);
            int at = body.position();
            int bodyLen = lengths(type, body, (int) total) - 12;
            if (bodyLen < minimumBody(type)) {
                warn("short block " + type, "block of type " + type + " after packet " + number + " is too short ("
                        + total + " bytes); skipped");
                continue;
            }
            Packet p = switch (type) {
                case IDB -> {
                    String name = "interface " + interfaces.size() + " (section " + sections + ")";
                    PcapngInterface i = PcapngInterface.parse(body.slice(at, bodyLen).order(order), bodyLen, name);
                    checkLinkType(name, i.linkType());
                    interfaces.add(i);
                    yield null;
                }
                case EPB -> packet(body, at, bodyLen, body.getInt(at));
                case OBSOLETE_PACKET -> packet(body, at, bodyLen, body.getShort(at) & 0xffff);
                case SPB -> simple(body, at, bodyLen);
                case DSB -> secrets(body.slice(at, bodyLen).order(order), bodyLen);
                default -> {
                    if (!defined(type)) {
                        warn("block type " + type, "block of type " + type + " after packet " + number + ", which pcapng "
                                + "does not define, skipped (a damaged block?)");
                    }
                    yield null; // statistics, name resolution, custom and other blocks kwire does not use
                }
            };
            if (p != null) {
                return p;
            }
        }
        return null;
    }

    /**
     * The length of a block whose body ({@code total - 8} bytes, its trailing length last) was read: {@code total} if
     * its trailing length agrees. If not, one of them is damaged: when a shorter block ending inside the bytes read
     * has a trailing length that agrees with its own (the leading length grew), that is the block, and the bytes after
     * it are read again as the next blocks; otherwise the leading length is kept. Either way with a warning.
     */
    private int lengths(int type, ByteBuffer body, int total) {
        int at = body.position();
        int trailing = body.getInt(at + total - 12);
        if (trailing == total) {
            return total;
        }
        for (int fit = 12; fit < total; fit += 4) {
            if (body.getInt(at + fit - 12) == fit) {
                warn("block lengths", "block of type " + type + " after packet " + number + " declares " + total
                        + " bytes, but its trailing length says " + fit + ": read as " + fit + " bytes, the rest as the next "
                        + "blocks (a damaged length?)");
                ByteBuffer rest = body.slice(at + fit - 8, total - fit);
                int left = pending == null ? 0 : pending.remaining();
                ByteBuffer next = ByteBuffer.allocate(rest.remaining() + left).put(rest);
                if (left > 0) {
                    next.put(pending);
                }
                pending = next.flip();
                return fit;
            }
        }
        warn("block lengths", "block of type " + type + " after packet " + number + " declares " + total + " bytes at its "
                + "start and " + (trailing & 0xffffffffL) + " at its end: read by the first (a damaged length?)");
        return total;
    }

    /**
     * The next {@code n} bytes (fewer at the end), as {@link ByteInput#readTransient}: first those of a block read
     * again ({@link #lengths}), then the input's.
     */
    private ByteBuffer bytes(int n) throws IOException {
        if (pending == null) {
            return in.readTransient(n);
        }
        if (pending.remaining() >= n) {
            ByteBuffer b = pending.slice(pending.position(), n);
            pending.position(pending.position() + n);
            pending = pending.hasRemaining() ? pending : null;
            return b;
        }
        ByteBuffer more = in.readTransient(n - pending.remaining());
        ByteBuffer b = ByteBuffer.allocate(pending.remaining() + more.remaining()).put(pending).put(more).flip();
        pending = null;
        return b;
    }

    /**
     * True for the block types the pcapng draft's registry defines (interface, packet, name resolution, statistics,
     * IRIG, ARINC, systemd journal, decryption secrets, Hone and Sysdig blocks, custom blocks) and those of local use
     * (most significant bit set).
     */
    private static boolean defined(int type) {
        return type >= 1 && type <= 10 || type >= 0x101 && type <= 0x10A || type >= 0x201 && type <= 0x213
                || type == 0xBAD || type == 0x40000BAD || type < 0;
    }

    /** Fixed part of a block's body: interface description 8 bytes, packet blocks 20 (simple: 4). */
    private static int minimumBody(int type) {
        return switch (type) {
            case IDB -> 8;
            case EPB, OBSOLETE_PACKET -> 20;
            case SPB -> 4;
            case DSB -> 8;
            default -> 0;
        };
    }

    /**
     * Reads a section header block after its 8-byte head, whose length field is {@code length} read big-endian;
     * false if reading stopped.
     */
    private boolean section(int length) throws IOException {
        ByteBuffer bom = bytes(4).slice();
        if (bom.remaining() < 4) {
            stop("capture truncated in a section header block");
            return false;
        }
        int magic = bom.getInt(0);
        if (magic != BYTE_ORDER_MAGIC && Integer.reverseBytes(magic) != BYTE_ORDER_MAGIC) {
            corrupt("capture corrupt after packet " + number + ": section header block with byte-order magic "
                    + String.format("%08x", magic) + "; reading stopped");
            return false;
        }
        order = magic == BYTE_ORDER_MAGIC ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        long total = (order == ByteOrder.BIG_ENDIAN ? length : Integer.reverseBytes(length)) & 0xffffffffL;
        if (total < 28 || total % 4 != 0 || total > MAX_BLOCK) {
            corrupt("capture corrupt: section header block length " + total + "; reading stopped");
            return false;
        }
        ByteBuffer body = bytes((int) total - 12).slice();
        if (body.remaining() < total - 12) {
            stop("capture truncated in a section header block");
            return false;
        }
        body.order(order);
        int major = body.getShort(0) & 0xffff;
        if (major != 1) {
            corrupt("section header block of pcapng version " + major + "." + (body.getShort(2) & 0xffff)
                    + " (only 1.x is defined); reading stopped");
            return false;
        }
        finished();
        interfaces.clear();
        sections++;
        String comment = PcapngInterface.options(body, 12, (int) total - 16, OPT_COMMENT);
        if (comment != null) {
            comments.add(comment);
        }
        return true;
    }

    /**
     * An enhanced or obsolete packet block whose body starts at {@code at} in {@code b}: both have the timestamp at 4,
     * lengths at 12 and 16, data at 20.
     */
    private Packet packet(ByteBuffer b, int at, int len, int id) {
        long ts = ((b.getInt(at + 4) & 0xffffffffL) << 32) | (b.getInt(at + 8) & 0xffffffffL);
        int captured = b.getInt(at + 12);
        int original = b.getInt(at + 16);
        PcapngInterface i = iface(id);
        if (i == null) {
            return null;
        }
        if (captured < 0 || 20L + captured > len) {
            warn("captured length beyond block", "packet block after packet " + number + " has captured length "
                    + (captured & 0xffffffffL) + " beyond its block; skipped");
            return null;
        }
        String comment = PcapngInterface.options(b, at + 20 + ((captured + 3) & ~3), at + len, OPT_COMMENT);
        number++;
        Packet p = new Packet(number, i.toNanos(ts), i.linkType(), original, b.slice(at + 20, captured), id, comment);
        i.check().see(p);
        return p;
    }

    /**
     * A simple packet block whose body starts at {@code at}: interface 0, no timestamp, captured length = min(original,
     * snaplen, block room).
     */
    private Packet simple(ByteBuffer b, int at, int len) {
        PcapngInterface i = iface(0);
        if (i == null) {
            return null;
        }
        int original = b.getInt(at);
        int captured = Math.min(len - 4, original < 0 ? Integer.MAX_VALUE : original);
        if (i.snaplen() > 0) {
            captured = Math.min(captured, i.snaplen());
        }
        number++;
        Packet p = new Packet(number, 0, i.linkType(), original, b.slice(at + 4, Math.max(captured, 0)), 0);
        i.check().see(p);
        return p;
    }

    private PcapngInterface iface(int id) {
        if (id < 0 || id >= interfaces.size()) {
            warn("undefined interface " + id, "packet block after packet " + number + " refers to undefined interface " + id
                    + " (section " + sections + " defines " + interfaces.size() + "); skipped");
            return null;
        }
        return interfaces.get(id);
    }

    /** The interfaces of the section that ended are checked: each one's packets held IP where its link type puts it. */
    @Override
    void finished() {
        interfaces.forEach(i -> checked(i.check()));
    }

    @Override
    public List<String> comments() {
        return comments;
    }

    @Override
    public List<DecryptionSecrets> decryptionSecrets() {
        return java.util.Collections.unmodifiableList(secrets);
    }

    /** A Decryption Secrets Block: secrets type u32, secrets length u32, the secrets (padded to 4 bytes), options. */
    private Packet secrets(ByteBuffer b, int len) {
        int type = b.getInt(0);
        long length = b.getInt(4) & 0xffffffffL;
        if (8 + length > len) {
            warn("decryption secrets block after packet " + number + " declares " + length + " bytes of secrets beyond its block; skipped");
            return null;
        }
        byte[] data = new byte[(int) length];
        b.get(8, data);
        secrets.add(new DecryptionSecrets(type, data, secrets.size() + 1));
        return null;
    }
}
