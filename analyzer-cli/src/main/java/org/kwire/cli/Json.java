package org.kwire.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.ObjectWriter;

import java.util.List;
import java.util.Map;

/**
 * The JSON settings of the command's own records (the report itself is written by {@link org.kwire.json.ReportJson}):
 * snake_case field names, nulls kept.
 */
final class Json {

    /** Writes a record as one line ({@code kwire live}'s interval lines), snake_case names, nulls kept. */
    static final ObjectWriter LINE = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .setSerializationInclusion(JsonInclude.Include.ALWAYS)
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
            .writer();

    /**
     * Reads reports back into report records: fields it does not know are ignored (a newer kwire may have added
     * them), a missing or null list or map reads as empty, a null element in one fails.
     */
    static final ObjectMapper REPORT_READER = reportReader();

    private Json() {
    }

    private static ObjectMapper reportReader() {
        ObjectMapper m = new ObjectMapper()
                .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        JsonSetter.Value emptyNotNull = JsonSetter.Value.construct(Nulls.AS_EMPTY, Nulls.FAIL);
        m.configOverride(List.class).setSetterInfo(emptyNotNull);
        m.configOverride(Map.class).setSetterInfo(emptyNotNull);
        return m;
    }
}
