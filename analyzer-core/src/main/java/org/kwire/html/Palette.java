package org.kwire.html;

/** Fill colors of chart series: distinct hues for categories, a gray for "other", a pair for produced and fetched. */
final class Palette {

    /** Color of the series that gathers everything not shown on its own. */
    static final String OTHER = "#8c939c";
    /** Produced and fetched bytes: a dark and a light blue-gray, apart from the category hues topics get elsewhere. */
    static final String PRODUCED = "#2c4a6e";
    static final String FETCHED = "#8fb3d9";

    private static final String[] CATEGORIES = {
            "#3b6fb6", "#e07b39", "#3a9e6a", "#c8475b", "#8a63b8", "#c9a227", "#2aa3b8", "#9a6b4f", "#d46fb0"};

    private Palette() {
    }

    /** How many categories get a hue of their own. */
    static int size() {
        return CATEGORIES.length;
    }

    /** The color of category {@code i} (0-based), repeating after {@link #size()}. */
    static String category(int i) {
        return CATEGORIES[i % CATEGORIES.length];
    }
}
