package org.kwire.cli.reference;

import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.kwire.cli.Commands.Command;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A command's options as a Markdown page and a roff man page (man(7) macros), options sorted by their long name (the
 * short one when there is none), ignoring case. Descriptions are the {@code --help} texts, unchanged but escaped for each format.
 */
final class OptionPages {

    private OptionPages() {
    }

    /** The options, sorted by long name, else short name. */
    static List<Option> sorted(Options options) {
        List<Option> list = new ArrayList<>(options.getOptions());
        list.sort(Comparator.comparing(OptionPages::key, String.CASE_INSENSITIVE_ORDER)
                .thenComparing(OptionPages::key));
        return list;
    }

    private static String key(Option o) {
        return o.getLongOpt() != null ? o.getLongOpt() : o.getOpt();
    }

    /** The option's names as typed: {@code -o, --output}. */
    static List<String> names(Option o) {
        List<String> names = new ArrayList<>(2);
        if (o.getOpt() != null) {
            names.add("-" + o.getOpt());
        }
        if (o.getLongOpt() != null) {
            names.add("--" + o.getLongOpt());
        }
        return names;
    }

    /** The argument it takes, {@code FILE}, {@code [N]} when optional, or empty. */
    static String argument(Option o) {
        if (!o.hasArg()) {
            return "";
        }
        String name = o.getArgName() == null ? "ARG" : o.getArgName();
        return o.hasOptionalArg() ? "[" + name + "]" : name;
    }

    static String markdown(Command c) {
        StringBuilder b = new StringBuilder();
        b.append("# kwire ").append(c.name()).append("\n\n<!-- ").append(ReferencePages.REGENERATE).append(" -->\n\n");
        b.append(capitalized(c.summary())).append(".\n\n```\nkwire ").append(c.name());
        b.append(c.synopsis().isEmpty() ? "" : " " + c.synopsis()).append("\n```\n\n");
        b.append("Also as a man page: [kwire-").append(c.name()).append("(1)](../man/kwire-").append(c.name())
                .append(".1). All commands: [reference](README.md).\n\n## Options\n\n");
        List<Option> options = sorted(c.options());
        if (options.isEmpty()) {
            return b.append("None.\n").toString();
        }
        b.append("| Option | Argument | Description |\n|---|---|---|\n");
        for (Option o : options) {
            b.append("| ").append(String.join(", ", names(o).stream().map(n -> "`" + n + "`").toList())).append(" | ")
                    .append(argument(o).isEmpty() ? "" : "`" + argument(o) + "`").append(" | ")
                    .append(cell(o.getDescription())).append(" |\n");
        }
        return b.toString();
    }

    static String markdownIndex(List<Command> commands) {
        StringBuilder b = new StringBuilder("# kwire reference\n\n<!-- ").append(ReferencePages.REGENERATE)
                .append(" -->\n\n| Command | What it does |\n|---|---|\n");
        for (Command c : commands) {
            b.append("| [kwire ").append(c.name()).append("](kwire-").append(c.name()).append(".md) | ")
                    .append(cell(c.summary())).append(" |\n");
        }
        return b.append("\n- [Report fields](report-fields.md) (from docs/report.schema.json)\n")
                .append("- [Metrics](metrics.md) (what kwire live and analyze --metrics expose)\n")
                .append("- [Expert items](expert-items.md) (every note kwire can report)\n")
                .append("- Man pages: [docs/man](../man); shell completion: [docs/completion](../completion)\n")
                .toString();
    }

    static String roff(Command c) {
        StringBuilder b = header("KWIRE-" + c.name().toUpperCase(java.util.Locale.ROOT));
        b.append(".SH NAME\nkwire\\-").append(roffText(c.name())).append(" \\- ").append(roffText(c.summary()))
                .append("\n.SH SYNOPSIS\n.B kwire ").append(roffText(c.name())).append('\n');
        if (!c.synopsis().isEmpty()) {
            b.append(roffText(c.synopsis())).append('\n');
        }
        b.append(".SH OPTIONS\n");
        List<Option> options = sorted(c.options());
        if (options.isEmpty()) {
            b.append("None.\n");
        }
        for (Option o : options) {
            b.append(".TP\n\\fB").append(roffText(String.join(", ", names(o)))).append("\\fR");
            if (!argument(o).isEmpty()) {
                b.append(" \\fI").append(roffText(argument(o))).append("\\fR");
            }
            b.append('\n').append(roffText(o.getDescription() == null ? "" : o.getDescription())).append('\n');
        }
        return b.append(".SH SEE ALSO\n.BR kwire (1)\n").toString();
    }

    static String roffIndex(List<Command> commands) {
        StringBuilder b = header("KWIRE");
        b.append(".SH NAME\nkwire \\- a dissector and analyzer of the Apache Kafka wire protocol\n")
                .append(".SH SYNOPSIS\n.B kwire\n\\fICOMMAND\\fR [options]\n.SH COMMANDS\n");
        for (Command c : commands) {
            b.append(".TP\n.B ").append(roffText(c.name())).append('\n').append(roffText(c.summary()))
                    .append("; see \\fBkwire\\-").append(roffText(c.name())).append("\\fR(1)\n");
        }
        return b.append(".SH OPTIONS\n.TP\n.B \\-\\-help\nthe commands\n.TP\n.B \\-\\-version\nkwire's version\n")
                .toString();
    }

    private static StringBuilder header(String title) {
        return new StringBuilder(".\\\" ").append(ReferencePages.REGENERATE).append("\n.TH ").append(title)
                .append(" 1 \"\" \"kwire\" \"kwire manual\"\n");
    }

    /** Text for roff: backslashes and hyphens escaped, no line starting with a control character. */
    static String roffText(String s) {
        String t = s.replace("\\", "\\e").replace("-", "\\-").replace("\n", " ");
        return t.startsWith(".") || t.startsWith("'") ? "\\&" + t : t;
    }

    /** Text for a Markdown table cell: pipes escaped, one line. */
    static String cell(String s) {
        return s == null ? "" : s.replace("|", "\\|").replace("\n", " ");
    }

    private static String capitalized(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
