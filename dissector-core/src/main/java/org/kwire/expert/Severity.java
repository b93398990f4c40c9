package org.kwire.expert;

/** Expert-info severities, as Wireshark names them (lowest first). */
public enum Severity {
    /** Normal protocol events worth a mention (e.g. a connection without a SYN). */
    CHAT,
    /** Unusual but legal (e.g. a response whose request was not captured). */
    NOTE,
    /** Probably a problem (e.g. bytes lost to a capture gap). */
    WARNING,
    /** Malformed or undecodable data. */
    ERROR;

    /** Lower-case name as written in reports. */
    public String label() {
        return name().toLowerCase();
    }
}
