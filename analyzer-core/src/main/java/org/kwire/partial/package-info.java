/**
 * Partial results: the mergeable analysis of one slice of a capture (files analyzed apart by {@code --jobs}, on
 * other machines with {@code --partial}, or by Spark tasks), merged into the report one analysis of all the files
 * together gives ({@code docs/PARTIAL.md}).
 * <p>
 * Contract. In: a slice's analysis ({@link org.kwire.partial.BoundaryRecorder} and {@link org.kwire.partial.Timeline}
 * fed by the capture pipeline), or partials read from JSON ({@link org.kwire.partial.PartialReader}: bounded and
 * validated against {@code docs/partial.schema.json}). Out: a {@link org.kwire.partial.Partial} (JSON through
 * {@link org.kwire.partial.PartialCodec}), merged in time order whatever order it is given in
 * ({@link org.kwire.partial.SliceOrder}, {@link org.kwire.partial.PartialMerge#mergeAll}), and the report
 * ({@link org.kwire.partial.PartialReport}), where the slices' capture points are told apart
 * ({@link org.kwire.partial.CapturePoints}), connections crossing a file boundary joined
 * ({@link org.kwire.partial.Stitcher}) and frames numbered as one analysis numbers them
 * ({@link org.kwire.partial.CaptureNumbering}). Errors: damaged or conflicting input is an
 * {@code IllegalArgumentException} or a {@code JsonInputException} with a one-line message naming the file and field.
 * Threads: every type here is confined to the thread that uses it; partials are immutable values.
 */
package org.kwire.partial;
