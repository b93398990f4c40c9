package org.kwire.text;

import org.kwire.report.Report;

import java.util.List;

/**
 * One part of the text report, rendering one part of a {@link Report}: a title and its lines. A new part of the
 * report gets its own section class, listed in {@link TextReport#SECTIONS}.
 */
public interface TextSection {

    /** The section's title, e.g. {@code APIs}. */
    String title();

    /**
     * The section's lines, none longer than {@code width} characters (tables cut their text columns to fit).
     *
     * @return the lines without the title; empty when the report has nothing for this section (it is then left out)
     */
    List<String> lines(Report report, int width);
}
