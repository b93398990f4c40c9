package org.kwire.html;

import org.kwire.report.Report;
import org.kwire.report.SchemaIds;

/**
 * Schema Registry framing ({@code schema_registry}, issue 23): one row per topic, direction, key or value and schema
 * id or GUID with its records and first and last frame; then per producing client the records without a schema id on
 * a framed topic. Shown when the report has the section and records were walked ({@code --deep}).
 */
final class SchemaIdSection implements PageSection {

    @Override
    public String id() {
        return "schema-registry";
    }

    @Override
    public String title() {
        return "Schema ids";
    }

    @Override
    public boolean shown(Report r) {
        return r.schemaRegistry() != null && r.schemaRegistry().collected();
    }

    @Override
    public void write(Report r, Markup m) {
        SchemaIds s = r.schemaRegistry();
        Table ids = new Table("table-schema-ids", "topic", "direction", "key or value", "framed", "schema",
                "in", "records", "of", "first frame", "last frame");
        for (SchemaIds.TopicIds t : s.topics()) {
            for (boolean key : new boolean[] {true, false}) {
                SchemaIds.Side side = key ? t.key() : t.value();
                for (SchemaIds.IdStats id : side == null ? java.util.List.<SchemaIds.IdStats>of() : side.ids()) {
                    ids.row(new Table.Name(t.topic()), t.direction(), key ? "key" : "value", side.framed() ? "yes" : "no",
                            id.schemaId() != null ? "id " + id.schemaId() : "guid " + id.schemaGuid(), id.source(),
                            id.records(), t.records(), id.firstFrame(), id.lastFrame());
                }
            }
        }
        PageSection.table(m, ids, null);
        Table clients = new Table("table-schema-clients", "client_id", "topic", "records", "keys without a schema id",
                "values without a schema id");
        for (SchemaIds.ClientIds c : s.clients()) {
            clients.row(new Table.Name(c.clientId() == null ? "" : c.clientId()), new Table.Name(c.topic()), c.records(),
                    c.key() == null ? null : c.key().unframedRecords(), c.value() == null ? null : c.value().unframedRecords());
        }
        PageSection.table(m, clients, null);
        m.element("p", "A key or value names a schema when it starts with magic byte 0 and a positive 4-byte schema id, "
                + "or magic byte 1 and a 16-byte GUID, or when a __key_schema_id / __value_schema_id header holds one "
                + "(the header wins). Any bytes may start so by chance: keys or values count as framed only when more "
                + "than half of the records name a schema; null keys and values count as without one."
                + (s.omitted() > 0 ? " " + s.omitted() + " records past the bound of 10,000 entries are not counted." : ""),
                "class", "note");
    }
}
