package org.kwire.text;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A table of plain text in fixed-width columns: a header row, then one row per entry; numbers right-aligned, text
 * left-aligned, two spaces between columns. When the natural widths exceed the line width, the text columns marked
 * as shrinkable are cut, widest first, and their longer cells end in {@code ...}; numbers are never cut.
 */
final class TextTable {

    /** How a column is laid out. */
    enum Align { LEFT, RIGHT }

    /**
     * A column.
     *
     * @param header     its title
     * @param align      LEFT for text, RIGHT for numbers
     * @param shrinkable whether its cells may be cut to fit the line
     */
    record Column(String header, Align align, boolean shrinkable) {
        static Column text(String header) {
            return new Column(header, Align.LEFT, true);
        }

        static Column fixed(String header) {
            return new Column(header, Align.LEFT, false);
        }

        static Column number(String header) {
            return new Column(header, Align.RIGHT, false);
        }
    }

    private static final String GAP = "  ";
    private static final String CUT = "...";
    /** Narrowest a shrinkable column gets. */
    private static final int MIN_SHRUNK = 8;

    private final List<Column> columns;
    private final List<String[]> rows = new ArrayList<>();

    TextTable(Column... columns) {
        this.columns = List.of(columns);
    }

    /** Adds a row: one cell per column, shown by {@link VisibleText}'s rule; null is written as {@code -}. */
    TextTable row(Object... cells) {
        if (cells.length != columns.size()) {
            throw new IllegalArgumentException(cells.length + " cells for " + columns.size() + " columns");
        }
        String[] text = new String[cells.length];
        for (int i = 0; i < cells.length; i++) {
            text[i] = cells[i] == null ? "-" : VisibleText.of(cells[i].toString());
        }
        rows.add(text);
        return this;
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    /** The header and the rows, each line starting with {@code indent} and at most {@code width} characters long. */
    List<String> lines(String indent, int width) {
        int[] widths = fit(width - indent.length());
        List<String> lines = new ArrayList<>();
        lines.add(line(indent, widths, columns.stream().map(Column::header).toArray(String[]::new)));
        for (String[] row : rows) {
            lines.add(line(indent, widths, row));
        }
        return lines;
    }

    /** Column widths that fit {@code width}, shrinking the widest shrinkable column one character at a time. */
    private int[] fit(int width) {
        int[] w = new int[columns.size()];
        for (int i = 0; i < w.length; i++) {
            w[i] = columns.get(i).header().length();
            for (String[] row : rows) {
                w[i] = Math.max(w[i], row[i].length());
            }
        }
        while (Arrays.stream(w).sum() + GAP.length() * (w.length - 1) > width) {
            int widest = -1;
            for (int i = 0; i < w.length; i++) {
                if (columns.get(i).shrinkable() && w[i] > Math.max(MIN_SHRUNK, columns.get(i).header().length())
                        && (widest < 0 || w[i] > w[widest])) {
                    widest = i;
                }
            }
            if (widest < 0) {
                break; // nothing left to cut: the line stays too long rather than losing numbers
            }
            w[widest]--;
        }
        return w;
    }

    private String line(String indent, int[] widths, String[] cells) {
        StringBuilder b = new StringBuilder(indent);
        for (int i = 0; i < cells.length; i++) {
            String cell = cells[i].length() > widths[i] ? VisibleText.cut(cells[i], widths[i] - CUT.length()) + CUT : cells[i];
            String pad = " ".repeat(widths[i] - cell.length());
            boolean last = i == cells.length - 1;
            if (columns.get(i).align() == Align.RIGHT) {
                b.append(pad).append(cell);
            } else {
                b.append(cell).append(last ? "" : pad);
            }
            if (!last) {
                b.append(GAP);
            }
        }
        return b.toString().stripTrailing();
    }
}
