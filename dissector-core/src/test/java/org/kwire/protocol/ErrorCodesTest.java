package org.kwire.protocol;

import org.apache.kafka.common.protocol.Errors;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ErrorCodesTest {

    @Test
    void everyKafkaErrorHasItsName() {
        for (Errors e : Errors.values()) {
            assertEquals(e.name(), ErrorCodes.name(e.code()), "code " + e.code());
        }
        assertEquals(Errors.values().length, ErrorCodes.size());
        assertEquals("NOT_LEADER_OR_FOLLOWER", ErrorCodes.name(6));
        assertEquals("UNKNOWN_ERROR_CODE(5120)", ErrorCodes.name(5120));
    }
}
