/**
 * The {@code kwire} command: parsing and wiring, nothing a library user needs. {@link org.kwire.cli.Kwire} dispatches
 * to one class per command ({@code analyze}, {@code dissect}, {@code live}, {@code report}, {@code merge},
 * {@code schema}, {@code interfaces}, {@code wireshark-plugin}); each parses its options with commons-cli into analyzer-core's typed
 * {@code org.kwire.analysis.AnalysisConfig} (and its own output options), runs the library and writes what it gives.
 *
 * <p>Contract: bad input never reaches the user as a Java exception: every refusal is one line on standard error,
 * {@code kwire: ...}, with names from the wire or the command line escaped ({@code org.kwire.text.VisibleText}), and an
 * exit code of {@link org.kwire.cli.ExitCodes} (2 usage, 3 input, 4 warnings with {@code --strict}). Options are
 * documented by {@code --help}, generated from the same definitions. Internal: not an API; the command line and the
 * JSON it writes are the interfaces (docs/GUIDE.md). Not thread-safe beyond what each command states.
 */
package org.kwire.cli;
