package org.kwire.summary;

import org.kwire.conversation.KafkaConversation;
import org.kwire.protocol.KafkaRequestHeader;

import java.util.Set;

/**
 * Which exchanges a user wants ({@code --api}, {@code --topic}, {@code --client-id}, {@code --errors-only},
 * {@code --min-latency-ms}, {@code --connection}); every condition given must hold, and a condition with several
 * values holds if any of them does. An empty set means "any".
 *
 * @param apiKeys          only these APIs
 * @param topics           only exchanges naming one of these topics (by name, or id in Kafka's base64 form or the
 *                         standard uuid form, {@link TopicNames#canonical}) anywhere
 * @param clientIds        only requests with one of these client_ids
 * @param errorsOnly       only exchanges whose response carries a non-zero error code
 * @param minLatencyMicros only exchanges at least this slow, microseconds (-1: any; unanswered ones never match)
 * @param connections      only exchanges on connections with one of these client or broker endpoints
 *                         ({@code host:port}, {@code [v6]:port})
 */
public record ExchangeFilter(Set<Integer> apiKeys, Set<String> topics, Set<String> clientIds, boolean errorsOnly,
                             long minLatencyMicros, Set<String> connections) {

    /** Topic ids given in the standard uuid form are kept in Kafka's form, the one frames are compared in. */
    public ExchangeFilter {
        topics = topics.stream().map(TopicNames::canonical).collect(java.util.stream.Collectors.toUnmodifiableSet());
    }

    /** Accepts every exchange. */
    public static final ExchangeFilter ALL = new ExchangeFilter(Set.of(), Set.of(), Set.of(), false, -1, Set.of());

    /** True if a condition needs the response (errors, latency): requests can be judged only with their exchange. */
    public boolean needsResponse() {
        return errorsOnly || minLatencyMicros >= 0;
    }

    /** Whether a whole exchange matches. */
    public boolean test(ExchangeSummary e, TopicNames topics) {
        if (errorsOnly && !e.hasErrors() || minLatencyMicros >= 0 && e.latencyMicros() < minLatencyMicros) {
            return false;
        }
        KafkaRequestHeader h = e.requestHeader();
        if (!testPlace(e.conversation(), e.apiKey(), h == null ? null : h.clientId(), h != null || clientIds.isEmpty())) {
            return false;
        }
        return this.topics.isEmpty() || names(e.request(), topics) || names(e.response(), topics);
    }

    /**
     * Whether a request passes the filter's API, client and connection parts: what a request alone decides (its
     * exchange may still name a topic of the filter in the response only, e.g. a Metadata request for every topic).
     */
    public boolean testRequestPlace(KafkaConversation c, KafkaRequestHeader h) {
        return testPlace(c, h.apiKey(), h.clientId(), true);
    }

    /** Whether a request passes the filter's API, client and connection parts, and names one of its topics (if any). */
    public boolean testRequest(KafkaConversation c, KafkaRequestHeader h, FrameSummary summary, TopicNames topics) {
        return testPlace(c, h.apiKey(), h.clientId(), true) && (this.topics.isEmpty() || names(summary, topics));
    }

    private boolean testPlace(KafkaConversation c, int apiKey, String requestClientId, boolean requestSeen) {
        return (apiKeys.isEmpty() || apiKeys.contains(apiKey))
                && (clientIds.isEmpty() || requestSeen && clientIds.contains(requestClientId))
                && (connections.isEmpty() || connections.contains(c.client()) || connections.contains(c.broker()));
    }

    /** True if the frame names one of the filter's topics anywhere (any struct naming a topic, errors included). */
    private boolean names(FrameSummary s, TopicNames names) {
        if (s == null) {
            return false;
        }
        for (FrameSummary.TopicRef t : s.topics()) {
            if (is(t.name(), t.topicId(), names)) {
                return true;
            }
        }
        return false;
    }

    private boolean is(String name, String id, TopicNames names) {
        for (String topic : topics) {
            if (topic.equals(name) || topic.equals(id) || topic.equals(names.name(id)) || name != null && topic.equals(names.id(name))) {
                return true;
            }
        }
        return false;
    }
}
