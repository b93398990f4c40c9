package org.kwire.tls;

/** The state of one direction of a TLS connection: its record layer, handshake buffer and read keys. */
final class Side {

    /** True for endpoint A's direction. */
    final boolean isA;
    final RecordLayer layer;
    final HandshakeBuffer handshake = new HandshakeBuffer();
    /** True once known to be the TLS client's direction (it sent the ClientHello). */
    boolean client;
    /** Records of this direction are protected from now on (TLS 1.2 after ChangeCipherSpec, TLS 1.3 after ServerHello). */
    boolean protectedNow;
    /** Current read state, null if this direction cannot be decrypted (no secret, given up). */
    RecordProtection read;
    /** Why {@link #read} is null: the decryption reason reported once a protected record cannot be opened. */
    String missing = "the handshake was not captured (the capture began after it)";
    /** A record was opened with the current read state (a failure before that means a wrong secret). */
    boolean openedCurrent;
    /** TLS 1.3: the application read state taken after this side's Finished, null if unknown. */
    RecordProtection application;
    /** TLS 1.3: the current application traffic secret (for KeyUpdate), null before. */
    byte[] trafficSecret;
    /** TLS 1.3: key updates seen. */
    int keyGeneration;
    boolean applicationPhase;
    boolean finished;
    boolean openedAny;
    /** Times the key log was looked at again for this side's secret. */
    int keyRetries;
    /** The key log's {@link KeyLog#generation()} when this side last looked for its secrets; -1 never. */
    int keysSeen = -1;
    /** Records known lost to gaps since a record of this side last opened (their sequence numbers are skipped). */
    long lostSinceOpen;
    /** Candidates refused while resynchronising after the last gap. */
    int refusedCandidates;
    /** Protected records and their bytes, for the average record size used to guess how many a gap hid. */
    long protectedRecords;
    long protectedBytes;
    /**
     * Bytes the last opened application record carried beyond its data (tag, explicit nonce, inner type and padding:
     * the JDK pads every TLS 1.3 record with 16 zero bytes, OpenSSL with none), used to size records lost to gaps;
     * 0 until one was opened.
     */
    int observedOverhead;
    /** The last gap's reason and frame, for the plaintext gap it causes. */
    String gapReason = "missing segments";
    long gapPacket;

    Side(boolean isA, RecordLayer.Sink sink) {
        this.isA = isA;
        this.layer = new RecordLayer(sink);
    }

    /** Bytes a lost record of this direction is taken to have beyond its data, header included. */
    int recordOverhead() {
        return 5 + (observedOverhead > 0 ? observedOverhead : read != null ? read.overhead() : RecordProtection.TAG);
    }

    /** {@code client} or {@code server}. */
    String role() {
        return client ? "client" : "server";
    }
}
