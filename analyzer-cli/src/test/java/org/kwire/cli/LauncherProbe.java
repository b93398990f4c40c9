package org.kwire.cli;

/**
 * A stand-in for kwire's main class in {@link LauncherStartupTest}'s jars: prints {@code probe} and its arguments on
 * stdout. Run as the launcher's archive-making run ({@code -o /dev/null} among its arguments), it exits with the code
 * in the environment variable {@code PROBE_TRAINING_EXIT} (0 if unset), so that a failing training run can be tested.
 */
public final class LauncherProbe {

    private LauncherProbe() {
    }

    public static void main(String[] args) {
        if (String.join(" ", args).contains("-o /dev/null")) {
            String code = System.getenv("PROBE_TRAINING_EXIT");
            if (code != null) {
                System.exit(Integer.parseInt(code));
            }
        }
        System.out.println("probe " + String.join(" ", args));
    }
}
