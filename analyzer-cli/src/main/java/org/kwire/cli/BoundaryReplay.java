package org.kwire.cli;

import org.apache.commons.cli.CommandLine;
import org.kwire.analysis.CaptureAnalyzer;
import org.kwire.analysis.ConnectionObserver;
import org.kwire.conversation.ConversationListener;
import org.kwire.conversation.Exchange;
import org.kwire.conversation.KafkaConversation;
import org.kwire.expert.ExpertNote;
import org.kwire.frame.KafkaFrame;
import org.kwire.partial.Stitcher;
import org.kwire.protocol.RequestHeader;
import org.kwire.report.ReportBuilder;
import org.kwire.report.ReportPart;
import org.kwire.summary.ExchangeTracker;
import org.kwire.tcp.ReassemblyLimits;
import org.kwire.tcp.TcpConnection;
import org.kwire.tcp.TcpStreamHandler;
import org.kwire.tls.TlsFacts;

import java.util.List;

/**
 * The stream stage and report sections of {@code analyze}'s options, for {@link Stitcher} to replay a partial's
 * boundary pieces through: events followed only (the slice counted them) go to a tracker without sinks, which still
 * summarizes each request for its response; events counted go to a report of their own.
 */
final class BoundaryReplay implements Stitcher.Replay {

    private final CommandLine cl;

    BoundaryReplay(CommandLine cl) {
        this.cl = cl;
    }

    @Override
    public Stitcher.Session session(java.util.Map<String, String> topicNames) {
        AnalysisRun run;
        ReportBuilder report;
        ExchangeTracker counted;
        ExchangeTracker followed;
        try {
            run = new AnalysisRun(cl);
            report = run.report(cl);
            counted = run.tracker(List.of(report), 0);
            followed = run.tracker(List.of(), 0);
            topicNames.forEach(run.topics::learn);
        } catch (CliException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        CaptureAnalyzer analyzer = run.analyzer(ReassemblyLimits.defaults());
        ConnectionObserver observer = AnalysisRun.observer(counted, report);
        boolean[] keep = {false};
        ConversationListener listener = new ConversationListener() {
            @Override
            public Object onRequest(KafkaConversation c, KafkaFrame frame, RequestHeader header) {
                return (keep[0] ? counted : followed).onRequest(c, frame, header);
            }

            @Override
            public void onResponse(Exchange exchange, KafkaFrame frame) {
                (keep[0] ? counted : followed).onResponse(exchange, frame);
            }

            @Override
            public void onUnmatchedRequest(Exchange exchange) {
                (keep[0] ? counted : followed).onUnmatchedRequest(exchange);
            }

            @Override
            public void onNote(KafkaConversation c, ExpertNote note) {
                (keep[0] ? counted : followed).onNote(c, note);
            }
        };
        ConnectionObserver gated = new ConnectionObserver() {
            @Override
            public void kafka(KafkaConversation conversation) {
                observer.kafka(conversation); // the connection's entry, joined with the slice's
            }

            @Override
            public void other(int stream, String client, String broker, String protocol) {
                if (keep[0]) {
                    observer.other(stream, client, broker, protocol);
                }
            }

            @Override
            public void closed(int stream, String protocol) {
                if (keep[0]) {
                    observer.closed(stream, protocol);
                }
            }

            @Override
            public void gap(int stream, long bytes, String reason) {
                if (keep[0]) {
                    observer.gap(stream, bytes, reason);
                }
            }

            @Override
            public void tls(int stream, String client, String broker, TlsFacts facts) {
                if (keep[0]) {
                    observer.tls(stream, client, broker, facts);
                }
            }
        };
        return new Stitcher.Session() {
            @Override
            public TcpStreamHandler handler(TcpConnection c) {
                return analyzer.handler(c, listener, gated);
            }

            @Override
            public void keep(boolean k) {
                keep[0] = k;
            }

            @Override
            public ReportPart part() {
                followed.finish();
                counted.finish();
                return report.part(0, 0);
            }
        };
    }
}
