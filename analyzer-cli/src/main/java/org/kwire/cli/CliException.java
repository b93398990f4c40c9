package org.kwire.cli;

/**
 * A user-facing failure: printed as one line on stderr ({@code kwire: <message>}) and turned into the exit code.
 */
public final class CliException extends Exception {

    private final int exitCode;

    /**
     * @param exitCode one of {@link ExitCodes}
     * @param message  one sentence saying what is wrong and, where it helps, what to do
     */
    public CliException(int exitCode, String message) {
        super(message, null, false, false);
        this.exitCode = exitCode;
    }

    /** The process exit code. */
    public int exitCode() {
        return exitCode;
    }
}
