package org.kwire.schema;

import java.util.List;
import java.util.Map;

/**
 * One Kafka message schema file ({@code common/message/XRequest.json} or {@code XResponse.json}) of one release.
 *
 * @param release          the kafka-clients release it came from, e.g. {@code "4.4.0"}, or the folder given
 *                         with {@code --schemas}
 * @param apiKey           ApiKey, or -1 for headers and data messages
 * @param direction        request or response; {@code null} for headers and data messages
 * @param name             message name, e.g. {@code "MetadataRequest"}
 * @param validVersions    versions this release defines
 * @param flexibleVersions versions that use compact encodings and tagged fields (KIP-482)
 * @param fields           top-level fields
 * @param commonStructs    the file's {@code commonStructs}, by name
 */
public record MessageSpec(String release, int apiKey, Direction direction, String name, VersionRange validVersions,
                          VersionRange flexibleVersions, List<FieldSpec> fields, Map<String, FieldSpec> commonStructs) {
}
