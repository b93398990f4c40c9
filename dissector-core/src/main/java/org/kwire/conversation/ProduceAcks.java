package org.kwire.conversation;

import org.kwire.protocol.RequestFrame;
import org.kwire.protocol.KafkaRequestHeader;
import org.kwire.protocol.WireReader;

/**
 * Whether a Produce request expects a response. Its {@code Acks} field (ProduceRequest.json, every version) is 0 when
 * the producer wants no acknowledgment: the broker then never answers it (a failure closes the connection instead).
 * Acks follows the header in v0-v2 and the nullable {@code TransactionalId} from v3 (a compact string in the flexible
 * versions, v9+).
 */
final class ProduceAcks {

    /** ApiKey of Produce. */
    static final int PRODUCE = 0;

    private ProduceAcks() {
    }

    /**
     * True if the request expects a response: anything but a Produce request whose Acks field reads 0. A request cut
     * before its Acks field is taken to expect one.
     *
     * @param request the request frame, its header decoded
     */
    static boolean responseExpected(RequestFrame request) {
        KafkaRequestHeader header = request.header();
        if (header.apiKey() != PRODUCE) {
            return true;
        }
        try {
            WireReader r = new WireReader(request.frame().data(), header.bodyOffset(), request.frame().length());
            if (header.apiVersion() >= 3) {
                if (header.headerVersion() >= 2) {
                    long n = r.uvarint(); // compact nullable string: length + 1, 0 for null
                    r.skip(Math.max(0, n - 1));
                } else {
                    int n = r.int16();
                    r.skip(Math.max(0, n));
                }
            }
            return r.int16() != 0;
        } catch (WireReader.Truncated e) {
            return true;
        }
    }
}
