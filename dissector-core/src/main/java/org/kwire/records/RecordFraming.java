package org.kwire.records;

import org.kwire.dissect.BodyProblem;
import org.kwire.expert.ExpertItem;
import org.kwire.plan.MessagePlan;
import org.kwire.plan.PlanCache;
import org.kwire.protocol.WireReader;
import org.kwire.schema.RecordFamily;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the framing of one internal record (its family's, see {@link RecordFamily}) in front of its key's and value's
 * fields, and finds the plans that decode those fields: the record type and versions, where the fields start, and
 * what is unknown or malformed. Reads nothing past a key or value; never throws on bad bytes. Stateless.
 */
final class RecordFraming {

    /** The version Kafka writes and reads its KRaft control records' values in (ControlRecordUtils). */
    static final int KRAFT_CONTROL_VERSION = 0;

    private RecordFraming() {
    }

    /** A number of the framing in front of the fields, e.g. the int16 version; for the tree. */
    record Prefix(String name, String type, int offset, int length, long value, String about) {
    }

    /**
     * A key or value: {@code buf[start, end)}; its framing's {@code prefixes}, then its fields from {@code fieldsAt},
     * decoded by {@code plan}, or shown raw when {@code plan} is null.
     */
    record Part(boolean key, ByteBuffer buf, int start, int end, List<Prefix> prefixes, int fieldsAt, MessagePlan plan,
                String label) {
    }

    /**
     * The framing read: record type and versions as {@link InternalRecord} has them, the key and value (null where
     * absent), and the problems met (offsets into the part's buffer).
     */
    record Framed(RecordFamily family, int typeId, String type, int keyVersion, int valueVersion, Part key, Part value,
                  List<BodyProblem> problems) {
    }

    /**
     * The framing of a record of {@code family}; a key or value of length -1 is null.
     */
    static Framed frame(RecordFamily family, PlanCache plans, ByteBuffer keyBuf, int keyAt, int keyLength,
                        ByteBuffer valueBuf, int valueAt, int valueLength) {
        Reader r = new Reader(family, plans);
        return switch (family) {
            case CONTROL -> r.control(keyBuf, keyAt, keyLength, valueBuf, valueAt, valueLength);
            case METADATA -> r.metadata(keyBuf, keyAt, keyLength, valueBuf, valueAt, valueLength);
            default -> r.coordinator(keyBuf, keyAt, keyLength, valueBuf, valueAt, valueLength);
        };
    }

    /** One record's framing being read. */
    private static final class Reader {
        private final RecordFamily family;
        private final PlanCache plans;
        private final List<BodyProblem> problems = new ArrayList<>();
        private int type = -1;
        private String typeName;

        Reader(RecordFamily family, PlanCache plans) {
            this.family = family;
            this.plans = plans;
        }

        private String typeName() {
            if (typeName == null) {
                typeName = type < 0 ? "Unknown" : plans.schemas().records().typeName(family, type).orElse("Unknown(" + type + ")");
            }
            return typeName;
        }

        /**
         * Control record: key [int16 version][int16 type]; value [int16 version][fields] of a transaction marker, the
         * message in version 0 for KRaft's types (2 and up).
         */
        Framed control(ByteBuffer kb, int ka, int kl, ByteBuffer vb, int va, int vl) {
            if (kl < 4) {
                malformed(ka, "control record key of " + Math.max(kl, 0) + " bytes, 4 needed (int16 version, int16 type)");
                return done(-1, -1, raw(true, kb, ka, kl, List.of()), raw(false, vb, va, vl, List.of()));
            }
            int keyVersion = kb.getShort(ka);
            type = kb.getShort(ka + 2);
            // Kafka reads a control key of any version as version 0 (ControlRecordType.parse)
            int readAs = plans.schemas().records().versions(family, type, true).contains(keyVersion) ? keyVersion : 0;
            Part key = part(true, kb, ka, kl, List.of(new Prefix("version", "int16", ka, 2, keyVersion,
                    "control record key version")), ka + 2, readAs);
            if (vl < 0) {
                malformed(va, typeName() + " control record without a value");
                return done(readAs, -1, key, null);
            }
            if (type == 0 || type == 1) { // EndTransactionMarker: [int16 version][EndTxnMarker]
                return valueWithInt16Version(key, readAs, vb, va, vl);
            }
            // KRaft's control records: the message alone, written and read in version 0 (ControlRecordUtils'
            // *_CURRENT_VERSION); its own first field, Version, says which version of the record it is
            return done(readAs, 0, key, part(false, vb, va, vl, List.of(), va, KRAFT_CONTROL_VERSION));
        }

        /** Coordinator record: key [int16 record type][fields v0], value [int16 version][fields] or null. */
        Framed coordinator(ByteBuffer kb, int ka, int kl, ByteBuffer vb, int va, int vl) {
            if (kl < 2) {
                malformed(ka, family + " record key of " + Math.max(kl, 0) + " bytes, 2 needed (int16 record type)");
                return done(-1, -1, raw(true, kb, ka, kl, List.of()), raw(false, vb, va, vl, List.of()));
            }
            type = kb.getShort(ka);
            Part key = part(true, kb, ka, kl, List.of(new Prefix("type", "int16", ka, 2, type,
                    "record type (the key's version in older releases)")), ka + 2, 0);
            if (vl < 0) {
                return done(key.plan() == null ? -1 : 0, -1, key, null);
            }
            return valueWithInt16Version(key, key.plan() == null ? -1 : 0, vb, va, vl);
        }

        private Framed valueWithInt16Version(Part key, int keyVersion, ByteBuffer vb, int va, int vl) {
            if (vl < 2) {
                malformed(va, typeName() + " value of " + vl + " bytes, 2 needed (int16 version)");
                return done(keyVersion, -1, key, raw(false, vb, va, vl, List.of()));
            }
            int version = vb.getShort(va);
            Part value = part(false, vb, va, vl, List.of(new Prefix("version", "int16", va, 2, version, "value version")),
                    va + 2, version);
            return done(keyVersion, version, key, value);
        }

        /** Metadata record: no key; value [uvarint frame version 1][uvarint type][uvarint version][fields]. */
        Framed metadata(ByteBuffer kb, int ka, int kl, ByteBuffer vb, int va, int vl) {
            Part key = raw(true, kb, ka, kl, List.of());
            if (vl < 0) {
                malformed(va, "metadata record without a value");
                return done(-1, -1, key, null);
            }
            WireReader in = new WireReader(vb, va, va + vl);
            List<Prefix> prefixes = new ArrayList<>();
            try {
                long frame = uvarint(in, prefixes, "frameVersion", "frame version of the metadata record, 1");
                if (frame != 1) {
                    unknown(va, "metadata record of frame version " + frame + " (only 1 is defined)");
                    return done(-1, -1, key, raw(false, vb, va, vl, prefixes));
                }
                long t = uvarint(in, prefixes, "type", "metadata record type");
                type = t > Short.MAX_VALUE ? Short.MAX_VALUE + 1 : (int) t;
                long version = uvarint(in, prefixes, "version", "metadata record version");
                int v = version > Short.MAX_VALUE ? Short.MAX_VALUE + 1 : (int) version;
                return done(-1, v, key, part(false, vb, va, vl, prefixes, in.position(), v));
            } catch (WireReader.Truncated e) {
                malformed(e.offset, "metadata record framing cut short or an invalid varint (a uvarint of more than 5 bytes)");
                return done(-1, -1, key, raw(false, vb, va, vl, prefixes));
            }
        }

        private static long uvarint(WireReader in, List<Prefix> prefixes, String name, String about) throws WireReader.Truncated {
            int at = in.position();
            long v = in.uvarint();
            prefixes.add(new Prefix(name, "uvarint", at, in.position() - at, v, about));
            return v;
        }

        /** A part decoded by the plan of its type and version if there is one, else raw with a note. */
        private Part part(boolean key, ByteBuffer buf, int at, int length, List<Prefix> prefixes, int fieldsAt, int version) {
            MessagePlan plan = type < 0 ? null : plans.recordPlan(family, type, key, version).orElse(null);
            String what = (key ? "key" : "value") + " of " + typeName();
            if (plan == null) {
                boolean typeKnown = plans.schemas().records().typeName(family, type).isPresent();
                unknown(fieldsAt, typeKnown ? what + " version " + version + ": no bundled schema defines it, shown raw"
                        : family + " record type " + type + ": no bundled schema defines it, " + (key ? "key" : "value") + " shown raw");
            }
            return new Part(key, buf, at, at + length, prefixes, fieldsAt, plan, what + (plan == null ? "" : " v" + version));
        }

        private static Part raw(boolean key, ByteBuffer buf, int at, int length, List<Prefix> prefixes) {
            if (length < 0) {
                return null;
            }
            int fieldsAt = prefixes.isEmpty() ? at : prefixes.get(prefixes.size() - 1).offset() + prefixes.get(prefixes.size() - 1).length();
            return new Part(key, buf, at, at + length, prefixes, fieldsAt, null, key ? "key" : "value");
        }

        private void malformed(int offset, String message) {
            problems.add(new BodyProblem(offset, ExpertItem.RECORDS_SCHEMA_MALFORMED, message));
        }

        private void unknown(int offset, String message) {
            problems.add(new BodyProblem(offset, ExpertItem.RECORDS_SCHEMA_UNKNOWN, message));
        }

        private Framed done(int keyVersion, int valueVersion, Part key, Part value) {
            return new Framed(family, type, typeName(), keyVersion, valueVersion, key, value, List.copyOf(problems));
        }
    }
}
