package org.kwire.schema;

import java.util.List;

/**
 * One field of a Kafka message schema ({@code common/message/*.json}), as written in the spec file.
 *
 * @param name             field name, e.g. {@code "TopicName"}
 * @param type             type as written: {@code int32}, {@code string}, {@code []int32}, {@code []TopicData},
 *                         {@code records}, a struct name, ...
 * @param versions         versions in which the field is present
 * @param nullableVersions versions in which it may be null
 * @param taggedVersions   versions in which it is a tagged field ({@link VersionRange#NONE} if never)
 * @param tag              tag number for tagged fields, else -1
 * @param flexibleVersions field-level override of the message's flexible versions (only {@code ClientId} of the
 *                         request header uses it), or {@code null} when the message's applies
 * @param about            the schema's description of the field, possibly empty
 * @param defaultValue     the schema's default as written, or {@code null}
 * @param entityType       the schema's {@code entityType} ({@code topicName}, {@code brokerId}, ...), or null
 * @param fields           fields of an inline struct or array-of-struct type, else empty
 */
public record FieldSpec(String name, String type, VersionRange versions, VersionRange nullableVersions,
                        VersionRange taggedVersions, int tag, VersionRange flexibleVersions, String about,
                        String defaultValue, String entityType, List<FieldSpec> fields) {

    /** True if the type is an array ({@code []T}). */
    public boolean isArray() {
        return type.startsWith("[]");
    }

    /** The element type of an array, or the type itself. */
    public String elementType() {
        return isArray() ? type.substring(2) : type;
    }
}
