package org.kwire.dissect;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class SaslSecretsTest {

    private static String redact(String token) {
        return new String(SaslSecrets.redact(token.getBytes(StandardCharsets.ISO_8859_1)), StandardCharsets.ISO_8859_1);
    }

    @Test
    void plainPasswordIsStarredAndTheUserKept() {
        assertEquals("\u0000admin\u0000************", redact("\u0000admin\u0000admin-secret"));
        assertEquals("authz\u0000bob\u0000***", redact("authz\u0000bob\u0000pw!"));
    }

    @Test
    void scramProofAndServerSignatureAreStarred() {
        assertEquals("c=biws,r=abc123,p=****************************", redact("c=biws,r=abc123,p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ="
                .substring(0, 46)));
        assertEquals("v=******", redact("v=abcdef"));
        assertEquals("n,,n=user,r=fyko+d2lbbFgONRv9qkxdawL", redact("n,,n=user,r=fyko+d2lbbFgONRv9qkxdawL"), "client-first holds no secret");
        assertFalse(SaslSecrets.hasSecret("r=nonce,s=salt,i=4096".getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void oauthBearerTokenIsStarred() {
        assertEquals("n,,\u0001auth=Bearer *****\u0001\u0001", redact("n,,\u0001auth=Bearer eyJhb\u0001\u0001"));
    }
}
