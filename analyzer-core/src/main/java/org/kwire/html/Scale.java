package org.kwire.html;

import java.util.List;

/** Maps data values onto a length in pixels along one axis of a chart, and says where its gridlines go. */
interface Scale {

    /** Distance in pixels from the axis origin, 0 to the scale's length. */
    double px(double value);

    /** Values to draw gridlines and tick labels at, ascending, all within the scale. */
    List<Double> ticks();
}
