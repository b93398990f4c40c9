/**
 * The conversation stage: one Kafka connection's request and response frames in, matched exchanges out.
 * {@link org.kwire.conversation.KafkaConversation} takes the frames the stream stage cut, their headers decoded once
 * ({@link org.kwire.protocol.RequestFrame}, {@link org.kwire.protocol.ResponseFrame}), and matches each response to
 * the pending request with the same correlation_id (a broker answers a connection's requests in order, echoing it).
 * It holds the analysis's only per-request state: a pending table of {@link org.kwire.conversation.RequestRecord}s
 * (header, where the frame was, whether a response is expected; never the bytes), bounded by {@code maxPending}, the
 * oldest handed on unmatched when it is full.
 *
 * <h2>What it emits ({@link org.kwire.conversation.ConversationListener}, in capture order)</h2>
 * <ul>
 *   <li>each request as it arrives; Produce requests with acks=0 ({@link org.kwire.conversation.ProduceAcks}) at once
 *       as unmatched, for no response will come;</li>
 *   <li>each response as an {@link org.kwire.conversation.Exchange} (the request may be missing: not captured); the
 *       API of a response whose request was not captured is inferred only when exactly one (api key, version) seen on
 *       the connection decodes all of it cleanly ({@link org.kwire.conversation.ResponseRecord#inferredApiKey()});</li>
 *   <li>requests left without a response at the connection's end or when evicted;</li>
 *   <li>expert notes: malformed or lost headers, unknown api keys and versions, a reused correlation_id, a response
 *       too short, without request, or to an acks=0 Produce, a raw SASL token ({@code kafka.request.*},
 *       {@code kafka.response.*}, {@code kafka.sasl.token}).</li>
 * </ul>
 * SASL tokens sent as bare frames without Kafka headers (after SaslHandshake v0, KIP-43; the GSS-API token that opens a
 * legacy GSSAPI connection, KIP-12 and RFC 2743, {@link org.kwire.conversation.GssapiToken}) are recognised and noted,
 * never decoded as requests or responses.
 *
 * <h2>Errors, threads</h2>
 * Nothing is thrown on bad frames: they are notes. A conversation is not thread-safe: one thread feeds it, and its
 * listener is called on that thread. A {@link org.kwire.conversation.RequestRecord}'s summary slot is written once
 * by the exchange tracker before its response is delivered, which reads it.
 *
 * <h2>Rules from</h2>
 * Kafka's protocol guide (correlation_id, in-order answers), ProduceRequest.json ({@code Acks}), KIP-43, KIP-152,
 * KIP-12, RFC 2743 section 3.1 and RFC 4121 section 4.1 (the Kerberos V5 token).
 *
 * <h2>API status</h2>
 * Internal: may change without notice. The front door's {@code org.kwire.api.KafkaExchange} gives exchanges as values;
 * {@link org.kwire.conversation.Exchange} is reachable only through {@code org.kwire.summary.ExchangeSummary} (see
 * there).
 */
package org.kwire.conversation;
