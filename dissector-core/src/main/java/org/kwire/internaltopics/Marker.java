package org.kwire.internaltopics;

/**
 * One transaction marker as the log holds it: a control batch whose first control record is COMMIT or ABORT (Kafka's
 * ControlRecordType, KIP-98), written by the partition leader on the transaction coordinator's WriteTxnMarkers
 * request. Its fields are the log's, the same whoever fetched it, so that sightings in several fetches and slices
 * are one marker.
 *
 * @param topic            the topic's name, or its id (Kafka's base64 form) when the fetch named it by id only
 * @param partition        partition index
 * @param offset           the batch's base offset (the marker's offset)
 * @param producerId       the batch's producerId: the transaction's producer
 * @param producerEpoch    the batch's producerEpoch
 * @param commit           true for COMMIT, false for ABORT
 * @param coordinatorEpoch the end transaction marker value's coordinatorEpoch (EndTxnMarker.json), -1 if unread
 * @param timestamp        the batch's maxTimestamp, epoch ms (the leader's time of writing it)
 */
public record Marker(String topic, int partition, long offset, long producerId, short producerEpoch, boolean commit,
                     int coordinatorEpoch, long timestamp) {

    /** Its place in the log: (topic, partition, offset). */
    String key() {
        return topic + "\u0000" + partition + "\u0000" + offset;
    }

    /** This marker with its topic id replaced by the topic's name, if known. */
    Marker named(java.util.function.UnaryOperator<String> names) {
        String name = names.apply(topic);
        return name.equals(topic) ? this : new Marker(name, partition, offset, producerId, producerEpoch, commit,
                coordinatorEpoch, timestamp);
    }
}
