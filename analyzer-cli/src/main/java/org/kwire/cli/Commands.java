package org.kwire.cli;

import org.apache.commons.cli.Options;

import java.util.List;

/**
 * The sub-commands of {@code kwire} with the very {@link Options} each one parses, for the reference pages, man pages
 * and shell completions generated from them ({@code org.kwire.cli.reference}). A fresh {@link Options} per call (they
 * are mutable); the list is in the order {@code kwire --help} names the commands. Thread-safe.
 */
public final class Commands {

    /**
     * One sub-command.
     *
     * @param name     what follows {@code kwire} ({@code analyze})
     * @param synopsis its arguments after the name ({@code [options] [FILE...]})
     * @param summary  one line: what it does
     * @param options  the options its parser accepts
     */
    public record Command(String name, String synopsis, String summary, Options options) {
    }

    private Commands() {
    }

    /** Every sub-command, in the order of {@code kwire --help}. */
    public static List<Command> all() {
        return List.of(
                new Command("analyze", "[options] [FILE...]", "analyze captures of Kafka traffic into a report",
                        AnalyzeCommand.options()),
                new Command("merge", "[options] PARTIAL...", "merge partial results of analyze --partial into one report",
                        MergeCommand.options()),
                new Command("report", "[options] REPORT.json", "turn a report of analyze into one HTML page with charts",
                        ReportCommand.options()),
                new Command("dissect", "[options] FILE...", "print every Kafka frame of captures field by field",
                        DissectCommand.options()),
                new Command("schema", "[API] [options]", "list Kafka APIs and versions, show one's fields or its smallest "
                        + "instance", SchemaCommand.options()),
                new Command("live", "-i IFACE [options]", "capture Kafka traffic live and report on it",
                        LiveOptions.options()),
                new Command("interfaces", "", "list the interfaces live can capture on", new Options()),
                new Command("wireshark-plugin", "-o kwire.lua [options]", "write kwire.lua, a Wireshark dissector of "
                        + "every Kafka API and version", WiresharkPluginCommand.options()));
    }
}
