package org.kwire.cli.reference;

import org.apache.commons.cli.Option;
import org.kwire.cli.Commands.Command;

import java.util.List;

/**
 * Shell completion scripts from the commands' options: bash ({@code complete -F _kwire kwire}: the command names in
 * the first word, a command's option names after a {@code -}, else file names) and zsh ({@code #compdef kwire}:
 * the same with each option's description; file names for a FILE or DIR value). Options sorted as {@link OptionPages#sorted}.
 */
final class Completions {

    private Completions() {
    }

    static String bash(List<Command> commands) {
        StringBuilder b = new StringBuilder("# bash completion for kwire; ").append(ReferencePages.REGENERATE)
                .append("\n# use: source docs/completion/kwire.bash\n_kwire() {\n")
                .append("    local cur=\"${COMP_WORDS[COMP_CWORD]}\" opts=\"\"\n")
                .append("    if [ \"$COMP_CWORD\" -eq 1 ]; then\n        COMPREPLY=($(compgen -W \"")
                .append(String.join(" ", commands.stream().map(Command::name).toList()))
                .append(" --help --version\" -- \"$cur\"))\n        return\n    fi\n")
                .append("    case \"${COMP_WORDS[1]}\" in\n");
        for (Command c : commands) {
            b.append("        ").append(c.name()).append(") opts=\"")
                    .append(String.join(" ", OptionPages.sorted(c.options()).stream()
                            .flatMap(o -> OptionPages.names(o).stream()).toList()))
                    .append("\" ;;\n");
        }
        return b.append("    esac\n    case \"$cur\" in\n")
                .append("        -*) COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\")) ;;\n")
                .append("        *) COMPREPLY=($(compgen -f -- \"$cur\")) ;;\n    esac\n}\n")
                .append("complete -o filenames -F _kwire kwire\n").toString();
    }

    static String zsh(List<Command> commands) {
        StringBuilder b = new StringBuilder("#compdef kwire\n# zsh completion for kwire; ")
                .append(ReferencePages.REGENERATE).append("\n# use: put this file on $fpath as _kwire\n")
                .append("_kwire() {\n    local -a commands\n    commands=(\n");
        for (Command c : commands) {
            b.append("        ").append(quoted(c.name() + ":" + c.summary().replace(":", "\\:"))).append('\n');
        }
        b.append("    )\n    if (( CURRENT == 2 )); then\n        _describe 'command' commands\n        return\n    fi\n")
                .append("    case $words[2] in\n");
        for (Command c : commands) {
            b.append("        ").append(c.name()).append(")\n            _arguments");
            for (Option o : OptionPages.sorted(c.options())) {
                for (String name : OptionPages.names(o)) {
                    b.append(" \\\n                ").append(quoted(spec(name, o)));
                }
            }
            b.append(" \\\n                '*:file:_files' ;;\n");
        }
        return b.append("    esac\n}\n_kwire \"$@\"\n").toString();
    }

    /** An {@code _arguments} spec: {@code --output[description]:FILE:_files}, or no value part for a flag. */
    private static String spec(String name, Option o) {
        String desc = o.getDescription() == null ? "" : firstClause(o.getDescription());
        String s = name + "[" + desc.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]") + "]";
        if (!o.hasArg()) {
            return s;
        }
        String arg = OptionPages.argument(o);
        boolean path = arg.contains("FILE") || arg.contains("DIR") || arg.contains(".json") || arg.contains(".lua");
        return s + ":" + arg.replace(":", "\\:") + ":" + (path ? "_files" : "");
    }

    /**
     * The description up to its first {@code ;} or {@code (} (the whole one when that is under 12 characters), cut
     * at a word to at most 72 characters: what fits on a completion line.
     */
    private static String firstClause(String desc) {
        int end = desc.length();
        for (String stop : List.of(";", " (")) {
            int i = desc.indexOf(stop);
            if (i >= 12 && i < end) {
                end = i;
            }
        }
        String clause = desc.substring(0, end).strip();
        if (clause.length() <= 72) {
            return clause;
        }
        int space = clause.lastIndexOf(' ', 69);
        return clause.substring(0, space > 0 ? space : 69) + "...";
    }

    /** A single-quoted shell word. */
    private static String quoted(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }
}
