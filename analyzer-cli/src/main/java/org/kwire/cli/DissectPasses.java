package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.kwire.conversation.Exchange;
import org.kwire.conversation.KafkaConversation;
import org.kwire.dissect.DissectionVisitor;
import org.kwire.dissect.FrameDissector;
import org.kwire.dissect.TreePass;
import org.kwire.dissect.ValuesPass;
import org.kwire.frame.KafkaFrame;
import org.kwire.protocol.RequestFrame;
import org.kwire.protocol.KafkaRequestHeader;
import org.kwire.protocol.KafkaResponseHeader;
import org.kwire.schema.Direction;
import org.kwire.summary.BodyTap;
import org.kwire.tree.FieldNode;

import java.util.IdentityHashMap;
import java.util.Map;

/**
 * {@code kwire dissect}'s trees and values, built in the same interpreter pass that summarizes each selected frame
 * ({@link BodyTap}): a frame's body is decoded once. A frame whose summary does not decode its body (bytes lost, no
 * schema, an inferred response decoded already) gets a pass of its own when printed. Passes wait here, by frame,
 * from the frame's arrival to its printing (or {@link #forget}); used on the thread that feeds the exchange tracker.
 */
final class DissectPasses implements BodyTap {

    private final FrameDissector dissector;
    private final DissectPrinter.Format format;
    private final DissectPrinter.Selection selection;
    private final Map<KafkaFrame, TreePass> trees = new IdentityHashMap<>();
    private final Map<KafkaFrame, ValuesPass> values = new IdentityHashMap<>();

    DissectPasses(FrameDissector dissector, DissectPrinter.Format format, DissectPrinter.Selection selection) {
        this.dissector = dissector;
        this.format = format;
        this.selection = selection;
    }

    @Override
    public DissectionVisitor request(KafkaConversation conversation, RequestFrame request) {
        KafkaRequestHeader h = request.header();
        KafkaFrame frame = request.frame();
        if (!selection.accepts(frame.meta(), h.correlationId())) {
            return null;
        }
        return switch (format) {
            case TEXT, JSON -> keep(frame, dissector.requestPass(frame.bytes(), h, frame.meta().lastPacket()));
            case VALUES -> keep(frame, dissector.valuesPass(frame.bytes(), h.bodyOffset(), h.apiKey(), Direction.REQUEST,
                    h.apiVersion()));
            case SUMMARY -> null;
        };
    }

    @Override
    public DissectionVisitor response(Exchange e, KafkaFrame frame) {
        KafkaResponseHeader h = e.response().header();
        if (!selection.accepts(frame.meta(), h.correlationId())) {
            return null;
        }
        return switch (format) {
            case TEXT, JSON -> keep(frame, dissector.responsePass(frame.bytes(), h, e.apiKey(), e.apiVersion(),
                    frame.meta().lastPacket()));
            case VALUES -> keep(frame, dissector.valuesPass(frame.bytes(), h.bodyOffset(), e.apiKey(), Direction.RESPONSE,
                    e.apiVersion()));
            case SUMMARY -> null;
        };
    }

    private DissectionVisitor keep(KafkaFrame frame, TreePass pass) {
        trees.put(frame, pass);
        return pass.visitor();
    }

    private DissectionVisitor keep(KafkaFrame frame, ValuesPass pass) {
        if (pass == null) {
            return null;
        }
        values.put(frame, pass);
        return pass.visitor();
    }

    /** A request's tree: the one its summary's pass built, else one built now. */
    FieldNode requestTree(KafkaFrame frame, KafkaRequestHeader h) {
        TreePass pass = trees.remove(frame);
        return (pass != null ? pass : dissector.requestPass(frame.bytes(), h, frame.meta().lastPacket())).tree();
    }

    /** A response's tree, likewise. */
    FieldNode responseTree(KafkaFrame frame, KafkaResponseHeader h, int apiKey, int version) {
        TreePass pass = trees.remove(frame);
        return (pass != null ? pass : dissector.responsePass(frame.bytes(), h, apiKey, version, frame.meta().lastPacket()))
                .tree();
    }

    /** A body's values, likewise; null if no schema defines its API version. */
    JsonNode values(KafkaFrame frame, int bodyOffset, int apiKey, Direction direction, int version) {
        ValuesPass pass = values.remove(frame);
        return pass != null ? pass.values() : dissector.values(frame.bytes(), bodyOffset, apiKey, direction, version);
    }

    /** A frame that will not be printed: its pass, if any, is let go. */
    void forget(KafkaFrame frame) {
        trees.remove(frame);
        values.remove(frame);
    }
}
