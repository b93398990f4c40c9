package org.kwire.cli;

import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * Which traffic is Kafka and which exchanges a command keeps, defined once for {@code analyze}, {@code dissect} and
 * {@code live}: {@code --port} (broker ports) and the filters {@code --api}, {@code --topic}, {@code --client-id},
 * {@code --errors-only}, {@code --min-latency-ms}, {@code --connection}. Their values are read and checked by the
 * analysis ({@code org.kwire.analysis.AnalysisOption}, through {@link AnalysisOptions#config}), in the library's
 * words. Stateless.
 */
final class FilterOptions {

    private FilterOptions() {
    }

    /** Adds {@code --port} and the filters. */
    static void add(Options o) {
        o.addOption(Option.builder().longOpt("port").hasArg().argName("N")
                .desc("TCP port of Kafka brokers; repeatable or comma-separated (default "
                        + org.kwire.stream.StreamOptions.DEFAULT_PORT + ")").build());
        o.addOption(Option.builder().longOpt("api").hasArg().argName("NAME[,NAME]")
                .desc("only these APIs (names or keys); repeatable").build());
        o.addOption(Option.builder().longOpt("topic").hasArg().argName("NAME")
                .desc("only exchanges naming this topic (name or id); repeatable").build());
        o.addOption(Option.builder().longOpt("client-id").hasArg().argName("ID")
                .desc("only requests with this client_id; repeatable").build());
        o.addOption(Option.builder().longOpt("errors-only").desc("only exchanges whose response has a non-zero error code").build());
        o.addOption(Option.builder().longOpt("min-latency-ms").hasArg().argName("N").desc("only exchanges at least N ms slow "
                + "(decimals allowed: 0.5; or with a unit: 500us, 2s)").build());
        o.addOption(Option.builder().longOpt("connection").hasArg().argName("HOST:PORT")
                .desc("only connections with this client or broker endpoint ([v6]:PORT for IPv6); repeatable").build());
    }
}
