package org.kwire.cli;

import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

import java.util.Optional;

/**
 * The known option nearest to a mistyped one, for {@link Cli#parse}'s one-line error: one the typed name begins
 * (an abbreviation, which the parser does not take), else the one with the fewest single-character edits (insertions, deletions, substitutions; Levenshtein distance), at most 2, or at most a third of the typed
 * name's length when that is more; ties go to the option defined first. Stateless.
 */
final class OptionNames {

    private OptionNames() {
    }

    /** {@code --name} or {@code -n} nearest to {@code typed} (as typed, with its dashes), or empty. */
    static Optional<String> nearest(Options options, String typed) {
        boolean isLong = typed.startsWith("--");
        String name = typed.replaceFirst("^-+", "");
        int eq = name.indexOf('=');
        if (eq >= 0) {
            name = name.substring(0, eq);
        }
        if (name.isEmpty()) {
            return Optional.empty();
        }
        int allowed = Math.max(2, name.length() / 3);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (Option o : options.getOptions()) {
            String candidate = isLong ? o.getLongOpt() : o.getOpt();
            if (candidate == null) {
                continue;
            }
            int d = candidate.startsWith(name) ? 0 : distance(name, candidate);
            if (d <= allowed && d < bestDistance) {
                best = (isLong ? "--" : "-") + candidate;
                bestDistance = d;
            }
        }
        return Optional.ofNullable(best);
    }

    /** Levenshtein distance of {@code a} and {@code b}, two rows of the usual table. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] row = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            row[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                row[j] = Math.min(substitute, Math.min(previous[j], row[j - 1]) + 1);
            }
            int[] t = previous;
            previous = row;
            row = t;
        }
        return previous[b.length()];
    }
}
