/**
 * The dissection tree of a frame ({@link org.kwire.tree.FieldNode}, {@code kwire dissect}) as text
 * ({@link org.kwire.render.TextTree}: one aligned line per node, expert notes on lines of their own) or as JSON
 * ({@link org.kwire.render.JsonTree}).
 * <p>
 * Contract. In: a tree with its nodes' names, types, offsets and lengths (bytes), values and notes. Out: text lines
 * of printable characters only (names and values from the capture shown by
 * {@link org.kwire.text.VisibleText}'s rule) printed on the stream given, or a Jackson tree of the JSON. Errors: none.
 * Thread safety: stateless; a tree is rendered on the calling thread.
 */
package org.kwire.render;
