package org.kwire.lab;

import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.requests.ApiVersionsRequest;
import org.apache.kafka.common.requests.RequestHeader;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.FileInputStream;
import java.nio.ByteBuffer;
import java.security.KeyStore;

/**
 * TLS 1.2 session resumption for {@link TlsCaptureLab}: the JDK's TLS client (one {@code SSLContext}, so one session
 * cache) connects to the broker three times; the second and third handshakes resume the first session (by ticket, or
 * by session id when the JVM runs with {@code -Djdk.tls.client.enableSessionTicketExtension=false}). Over each
 * connection it sends one ApiVersions v3 request built by kafka-clients and reads the response.
 *
 * <p>usage: {@code TlsResumeWorkload HOST PORT TRUSTSTORE PASSWORD CIPHER_SUITE}
 */
public final class TlsResumeWorkload {

    private TlsResumeWorkload() {
    }

    public static void main(String[] args) throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        try (FileInputStream in = new FileInputStream(args[2])) {
            trust.load(in, args[3].toCharArray());
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext context = SSLContext.getInstance("TLSv1.2");
        context.init(null, tmf.getTrustManagers(), null);
        int answered = 0;
        for (int i = 0; i < 3; i++) {
            try (SSLSocket s = (SSLSocket) context.getSocketFactory().createSocket(args[0], Integer.parseInt(args[1]))) {
                s.setEnabledProtocols(new String[] {"TLSv1.2"});
                s.setEnabledCipherSuites(new String[] {args[4]});
                s.startHandshake();
                ByteBuffer request = new ApiVersionsRequest.Builder().build((short) 3)
                        .serializeWithHeader(new RequestHeader(ApiKeys.API_VERSIONS, (short) 3, "kwire-lab-resume", i));
                DataOutputStream out = new DataOutputStream(s.getOutputStream());
                out.writeInt(request.remaining());
                out.write(request.array(), request.arrayOffset() + request.position(), request.remaining());
                out.flush();
                DataInputStream in = new DataInputStream(s.getInputStream());
                byte[] response = new byte[in.readInt()];
                in.readFully(response);
                answered++;
            }
        }
        System.out.println("{\"requests\": 3, \"responses\": " + answered + "}");
    }
}
