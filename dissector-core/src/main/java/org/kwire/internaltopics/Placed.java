package org.kwire.internaltopics;

/** An entry made from one record of an internal topic: where that record is. */
public interface Placed {

    /** Where the record is. */
    LogPlace at();
}
