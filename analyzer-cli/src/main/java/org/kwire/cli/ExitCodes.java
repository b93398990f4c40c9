package org.kwire.cli;

/** Process exit codes of the {@code kwire} command (documented in docs/GUIDE.md, "Exit codes", and {@code kwire --help}). */
public final class ExitCodes {
    /** Success. */
    public static final int OK = 0;
    /** An unexpected internal error (a bug: please report it with the stack trace printed). */
    public static final int INTERNAL = 1;
    /** Bad command line: unknown command or option, bad value. */
    public static final int USAGE = 2;
    /** An input file is missing, unreadable, or not a capture. */
    public static final int INPUT = 3;
    /** With {@code --strict}: the analysis finished but found problems (truncated capture, malformed frames). */
    public static final int WARNINGS = 4;
    /**
     * Ended by SIGINT (Ctrl-C): 128 + 2, set by the JVM, as shells report it. {@code analyze -} and {@code live} still
     * write the report of what was read before they exit with it.
     */
    public static final int SIGINT = 130;
    /** Ended by SIGTERM: 128 + 15, set by the JVM; {@code analyze -} and {@code live} still write their report. */
    public static final int SIGTERM = 143;

    private ExitCodes() {
    }
}
