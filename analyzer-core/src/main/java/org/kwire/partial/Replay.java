package org.kwire.partial;

import org.kwire.report.ReportPart;
import org.kwire.tcp.TcpConnection;
import org.kwire.tcp.TcpStreamHandler;

/** The merge's stream stage, set up as the slices' analyses were, through which {@link Stitcher} replays boundaries. */
public interface Replay {
    /**
     * A new session: a report of its own, into which the events of its handlers go while {@link Session#keep}.
     *
     * @param topicNames topic ids and their names, as the slices learned them (a replayed frame that names a
     *                   topic by id is summarized with its name, as one analysis that saw the name earlier does)
     */
    Session session(java.util.Map<String, String> topicNames);

    /** One replay of one connection. */
    interface Session {
        /** The stream stage of {@code c}. */
        TcpStreamHandler handler(TcpConnection c);

        /** Whether events from now on are counted (else only followed: the slice counted them). */
        void keep(boolean keep);

        /**
         * Ends {@code handler}'s connection where a later slice's head ended, counting as unanswered the requests it
         * waits for whose frames start before offset {@code own} (client to broker, the handler's): Kafka answering in
         * order, they never will be (one analysis reports them at the connection's end). Those from {@code own} on
         * are that slice's, pending in its analysis, which counts them. The rest of the end is left out.
         */
        default void unanswered(TcpStreamHandler handler, long packet, long own) {
        }

        /** The events counted, as a part numbered like the merged partial (ends the session). */
        ReportPart part();

        /**
         * The traffic census of the connections counted (after {@link #part()}), or null: TLS connections replayed
         * here were left out of their slices' census ({@link TlsEdges#census}).
         */
        default org.kwire.stream.TrafficCensus.Counts census() {
            return null;
        }
    }
}
