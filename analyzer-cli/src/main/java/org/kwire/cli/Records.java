package org.kwire.cli;

import org.kwire.dissect.RecordsHandler;

/** The records decoding the commands use in trees. */
final class Records {

    private Records() {
    }

    /** @param showValues print keys, values and header values (--records) */
    static RecordsHandler handler(boolean showValues) {
        return RecordsHandler.SIZE_ONLY;
    }
}
