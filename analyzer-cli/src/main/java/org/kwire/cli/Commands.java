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
     * @param summary  what it does, in the words of its reference page, its man page and kwire --help ({@link #list})
     * @param options  the options its parser accepts
     */
    public record Command(String name, String synopsis, String summary, Options options) {
    }

    private Commands() {
    }

    /** Every sub-command, in the order of {@code kwire --help}. */
    public static List<Command> all() {
        return List.of(
                new Command("analyze", "[options] [FILE...]", "analyze captures into a report, text on a terminal, else "
                        + "JSON (FILE - reads stdin; several files are merged by time; no FILE: the bundled sample capture)",
                        AnalyzeCommand.options()),
                new Command("merge", "[options] PARTIAL...", "merge partial results of analyze --partial (files analyzed "
                        + "apart) into one report", MergeCommand.options()),
                new Command("report", "[options] REPORT.json", "turn a report of analyze into one self-contained HTML page "
                        + "with charts", ReportCommand.options()),
                new Command("dissect", "[options] FILE...", "print every Kafka frame field by field (text tree, JSON tree, "
                        + "Kafka's JSON values, or one line per frame)", DissectCommand.options()),
                new Command("schema", "[API] [options]", "list Kafka APIs and versions, show one's fields, or --minimal: "
                        + "dissect its smallest instance", SchemaCommand.options()),
                new Command("live", "-i IFACE [options]", "capture Kafka traffic live and report on it (needs libpcap and "
                        + "capture rights)", LiveOptions.options()),
                new Command("interfaces", "[options]", "list the interfaces live can capture on", InterfacesCommand.options()),
                new Command("wireshark-plugin", "-o kwire.lua [options]", "write kwire.lua, a Wireshark dissector of "
                        + "every Kafka API and version", WiresharkPluginCommand.options()));
    }

    /**
     * The command list of {@code kwire --help}: each command with its arguments ({@link Command#synopsis} without
     * {@code [options]}) and its summary, wrapped within {@code width} columns.
     */
    static String list(int width) {
        StringBuilder b = new StringBuilder();
        for (Command c : all()) {
            String head = "  " + (c.name() + " " + c.synopsis().replace("[options]", "")).trim().replaceAll(" +", " ");
            String indent = " ".repeat(22);
            StringBuilder line = new StringBuilder(head.length() < 21 ? String.format("%-22s", head) : head + "\n" + indent);
            int start = line.lastIndexOf("\n") + 1;
            for (String word : c.summary().split(" ")) {
                if (line.length() - start + word.length() + 1 > width && line.length() - start > indent.length()) {
                    line.append("\n").append(indent);
                    start = line.lastIndexOf("\n") + 1;
                } else if (line.length() - start > indent.length()) {
                    line.append(' ');
                }
                line.append(word);
            }
            b.append(line).append('\n');
        }
        return b.toString();
    }
}
