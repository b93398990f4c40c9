package org.kwire.text;

/**
 * The text of one summary entry and whether it needs a look (its line then starts with {@code !}).
 *
 * @param look true if it needs a look
 * @param text the entry's text, names from the wire as they came (the summary escapes the line)
 */
record SummaryEntry(boolean look, String text) {
}
