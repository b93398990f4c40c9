package org.kwire.summary;

import org.kwire.conversation.Exchange;
import org.kwire.conversation.KafkaConversation;
import org.kwire.dissect.DissectionVisitor;
import org.kwire.frame.KafkaFrame;
import org.kwire.protocol.RequestFrame;

/**
 * A consumer that sees a frame's body in the same interpreter pass that summarizes it: how {@code kwire dissect}
 * builds a frame's tree without decoding its body a second time. The {@link ExchangeTracker} asks for a visitor on the
 * thread that feeds it, as each frame arrives; the visitor runs on whichever thread examines the frame, and is done
 * before the frame's {@link ExchangeSink} callbacks. It is not run at all when the summary does not decode the body
 * (bytes lost, no schema, or a response the conversation decoded already to infer its API): then its
 * {@link DissectionVisitor#end} is never called, and the consumer decodes on its own.
 */
public interface BodyTap {

    /** A visitor for this request's body, or null if the consumer does not want it. */
    DissectionVisitor request(KafkaConversation conversation, RequestFrame frame);

    /** A visitor for this response's body (matched to its request where it was captured), or null. */
    DissectionVisitor response(Exchange exchange, KafkaFrame frame);
}
