package org.kwire.pcap;

import java.io.IOException;

/** The file is not a capture this reader understands (bad magic, unsupported version, no section header). */
public final class CaptureFormatException extends IOException {

    /** @param message one sentence saying what is wrong with which file */
    public CaptureFormatException(String message) {
        super(message);
    }
}
