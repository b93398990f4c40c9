/**
 * The dissection tree: {@link org.kwire.tree.FieldNode}, one line of Wireshark's packet details. A node is a field or
 * a group of fields with its absolute offset and length in the frame (the size prefix at 0), its type as Kafka's
 * schemas or record formats name it, its typed value (a boxed number or boolean, a {@code String}, a {@code byte[]},
 * a {@link java.util.UUID}, or null for nulls and for groups), a
 * detail line ({@code "utf8"}, an error code's name, a timestamp's time), the schema's description, its children and
 * the {@link org.kwire.expert.ExpertNote}s attached where decoding met a problem. Nodes inside decompressed record data
 * carry offsets into the decompressed bytes and say so ({@link org.kwire.tree.FieldNode#inDecompressed()}).
 * Built by {@code org.kwire.dissect.TreeBuilder} (message bodies) and {@code org.kwire.records} (record batches);
 * {@link org.kwire.tree.FieldNode#limitNodes} bounds a tree's size, counting what it left out.
 *
 * <h2>Threads, errors</h2>
 * A node is mutable while its tree is built and not thread-safe: one thread builds a tree; once handed out (e.g. by
 * {@code DecodedFrame.tree()}) it is only read, and may then be read from any thread that received it safely. Nothing
 * here throws on the input: problems are notes on the nodes.
 *
 * <h2>API status</h2>
 * {@link org.kwire.tree.FieldNode} is exposed by the front door ({@code org.kwire.api.DecodedFrame#tree()}) and so
 * part of the public API as it stands: kwire's own type, shown as it is (its setters serve the builders; a change is
 * noted in docs/LIBRARY.md).
 */
package org.kwire.tree;
