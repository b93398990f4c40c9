package org.kwire.summary;

import org.kwire.conversation.KafkaConversation;
import org.kwire.protocol.RequestHeader;

import java.util.Set;

/**
 * Which exchanges a user wants ({@code --api}, {@code --topic}, {@code --client-id}, {@code --errors-only},
 * {@code --min-latency-ms}, {@code --connection}); every condition given must hold.
 *
 * @param apiKeys          only these APIs (empty: any)
 * @param topic            only exchanges naming this topic (name, or id in Kafka's base64 form), or null
 * @param clientId         only requests with this client_id, or null
 * @param errorsOnly       only exchanges whose response carries a non-zero error code
 * @param minLatencyMicros only exchanges at least this slow, microseconds (-1: any; unanswered ones never match)
 * @param connection       only exchanges on connections with this client or broker endpoint ({@code host:port},
 *                         {@code [v6]:port}), or null
 */
public record ExchangeFilter(Set<Integer> apiKeys, String topic, String clientId, boolean errorsOnly, long minLatencyMicros,
                             String connection) {

    /** Accepts every exchange. */
    public static final ExchangeFilter ALL = new ExchangeFilter(Set.of(), null, null, false, -1, null);

    /** True if a condition needs the response (errors, latency): requests can be judged only with their exchange. */
    public boolean needsResponse() {
        return errorsOnly || minLatencyMicros >= 0;
    }

    /** Whether a whole exchange matches. */
    public boolean test(ExchangeSummary e, TopicNames topics) {
        if (errorsOnly && !e.hasErrors() || minLatencyMicros >= 0 && e.latencyMicros() < minLatencyMicros) {
            return false;
        }
        RequestHeader h = e.requestHeader();
        if (!testPlace(e.conversation(), e.apiKey(), h == null ? null : h.clientId(), h != null || clientId == null)) {
            return false;
        }
        return topic == null || names(e.request(), topics) || names(e.response(), topics);
    }

    /** Whether a request frame can match, judged on what it alone shows (all conditions if none needs a response). */
    public boolean testRequest(KafkaConversation c, RequestHeader h, FrameSummary summary, TopicNames topics) {
        return testPlace(c, h.apiKey(), h.clientId(), true) && (topic == null || names(summary, topics));
    }

    private boolean testPlace(KafkaConversation c, int apiKey, String requestClientId, boolean requestSeen) {
        return (apiKeys.isEmpty() || apiKeys.contains(apiKey))
                && (clientId == null || requestSeen && clientId.equals(requestClientId))
                && (connection == null || connection.equals(c.client()) || connection.equals(c.broker()));
    }

    /** True if the frame names the filter's topic anywhere (partitions, record sets, errors). */
    private boolean names(FrameSummary s, TopicNames topics) {
        if (s == null) {
            return false;
        }
        for (FrameSummary.PartitionRef p : s.partitions()) {
            if (is(p.topic(), p.topicId(), topics)) {
                return true;
            }
        }
        for (FrameSummary.RecordsRef r : s.records()) {
            if (is(r.topic(), r.topicId(), topics)) {
                return true;
            }
        }
        for (FrameSummary.ErrorRef r : s.errors()) {
            if (is(r.topic(), r.topicId(), topics)) {
                return true;
            }
        }
        return false;
    }

    private boolean is(String name, String id, TopicNames topics) {
        return topic.equals(name) || topic.equals(id) || topic.equals(topics.name(id)) || name != null && topic.equals(topics.id(name));
    }
}
