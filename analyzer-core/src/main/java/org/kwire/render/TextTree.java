package org.kwire.render;

import org.kwire.expert.ExpertNote;
import org.kwire.text.VisibleText;
import org.kwire.tree.FieldNode;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders a {@link FieldNode} tree as text in the object-tree style of the reference pages: one line per node with
 * the name (indented with {@code +--} and {@code |}), type, {@code = value}, {@code [0xOFFSET, NB]} and the schema's
 * {@code about} text, in aligned columns. Expert notes follow their node on lines starting with {@code !}. Names, values
 * and note texts are shown by {@link VisibleText}'s rule: a tree line is one line of printable characters.
 */
public final class TextTree {

    /** About texts longer than this are cut with "...". */
    private static final int MAX_ABOUT = 80;

    private record Row(String name, String type, String value, String range, String about, List<ExpertNote> notes,
                       String notePrefix) {
    }

    private TextTree() {
    }

    /** Writes the tree to {@code out}. */
    public static void print(FieldNode root, PrintStream out) {
        List<Row> rows = new ArrayList<>();
        collect(root, "", "", rows);
        int wName = 0;
        int wType = 0;
        int wValue = 0;
        int wRange = 0;
        for (Row r : rows) {
            wName = Math.max(wName, r.name().length());
            wType = Math.max(wType, r.type().length());
            wValue = Math.max(wValue, r.value().length());
            wRange = Math.max(wRange, r.range().length());
        }
        for (Row r : rows) {
            String line = pad(r.name(), wName + 2) + pad(r.type(), wType + 2) + pad(r.value(), wValue + 2)
                    + pad(r.range(), wRange + 2) + r.about();
            out.println(line.stripTrailing());
            for (ExpertNote n : r.notes()) {
                out.println(r.notePrefix() + "! " + n.severity().label() + " [" + n.group().label() + "] "
                        + (n.offset() >= 0 ? "at 0x" + String.format("%04x", n.offset()) + ": " : "") + VisibleText.of(n.message()));
            }
        }
    }

    private static void collect(FieldNode n, String prefix, String childPrefix, List<Row> rows) {
        String about = n.about() == null ? "" : VisibleText.of(n.about());
        if (about.length() > MAX_ABOUT) {
            about = VisibleText.cut(about, MAX_ABOUT - 3) + "...";
        }
        rows.add(new Row(prefix + VisibleText.of(n.name()), n.type(), NodeText.value(n), NodeText.range(n), about, n.notes(),
                childPrefix));
        List<FieldNode> children = n.children();
        for (int i = 0; i < children.size(); i++) {
            boolean last = i == children.size() - 1;
            collect(children.get(i), childPrefix + "+-- ", childPrefix + (last ? "    " : "|   "), rows);
        }
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s + " " : s + " ".repeat(width - s.length());
    }
}
