package org.kwire.internaltopics;

/**
 * A group state record of the group coordinator's log: a classic group's GroupMetadata (generation, protocol,
 * members), or a KIP-848 group's records (ConsumerGroupMetadata's epoch, ...); a tombstone deletes the state.
 *
 * @param at         where the record is
 * @param group      the group
 * @param record     Kafka's record type, e.g. {@code GroupMetadata}, {@code ConsumerGroupMetadata}
 * @param generation the generation (GroupMetadata) or epoch (KIP-848 records), -1 if the record has none
 * @param protocol   GroupMetadata's protocol (e.g. {@code range}), else null
 * @param members    GroupMetadata's members, -1 for other records
 * @param tombstone  true when the value is null (the state deleted)
 */
public record GroupChange(LogPlace at, String group, String record, int generation, String protocol, int members,
                          boolean tombstone) implements Placed {
}
