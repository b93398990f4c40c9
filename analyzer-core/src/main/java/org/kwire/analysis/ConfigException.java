package org.kwire.analysis;

/**
 * A setting of an analysis refused: a value out of range or of the wrong form, an API or Kafka release kwire does not
 * know, limits the heap cannot honour. The message is one line that names the setting by its {@code kwire analyze}
 * option and the value as given, then what is wrong ({@code --max-frame-size 10: at least 64 bytes (...)}), so that
 * a command can print it as it is; {@code kwire} exits with its usage code (2). Immutable.
 */
public final class ConfigException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** @param message the whole line, e.g. {@code --split sometimes: auto or always} */
    public ConfigException(String message) {
        super(message);
    }

    /**
     * @param option  the option naming the setting, e.g. {@code --port}
     * @param value   the value as given
     * @param problem what is wrong with it
     */
    public ConfigException(String option, String value, String problem) {
        this(option + " " + value + ": " + problem);
    }
}
