package org.kwire.net;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;

/** An IP address (4 or 16 bytes) and TCP port. Printed as {@code 10.0.0.1:9092} or {@code [::1]:9092}. */
public final class Endpoint implements Comparable<Endpoint> {

    private final byte[] address;
    private final int port;
    private final int hash;

    /**
     * @param address 4 bytes (IPv4) or 16 bytes (IPv6), not copied: callers pass a fresh array
     * @param port    0-65535
     */
    public Endpoint(byte[] address, int port) {
        this.address = address;
        this.port = port;
        this.hash = Arrays.hashCode(address) * 31 + port;
    }

    /** An endpoint from raw address numbers as {@link TcpSegment} holds them (IPv4: the 4 bytes in {@code low}). */
    static Endpoint of(boolean ipv6, long high, long low, int port) {
        byte[] a;
        if (ipv6) {
            a = new byte[16];
            for (int i = 0; i < 8; i++) {
                a[i] = (byte) (high >>> (56 - 8 * i));
                a[8 + i] = (byte) (low >>> (56 - 8 * i));
            }
        } else {
            a = new byte[] {(byte) (low >>> 24), (byte) (low >>> 16), (byte) (low >>> 8), (byte) low};
        }
        return new Endpoint(a, port);
    }

    /** The first 8 bytes of a 16-byte address as a number; 0 for a 4-byte one. */
    static long high(byte[] address) {
        return address.length == 16 ? number(address, 0, 8) : 0;
    }

    /** The last 8 bytes of a 16-byte address, or the 4 bytes of an IPv4 one, as an unsigned number. */
    static long low(byte[] address) {
        return address.length == 16 ? number(address, 8, 8) : number(address, 0, 4);
    }

    private static long number(byte[] b, int from, int n) {
        long v = 0;
        for (int i = from; i < from + n; i++) {
            v = (v << 8) | (b[i] & 0xff);
        }
        return v;
    }

    /** The address bytes (not a copy: not to be changed). */
    byte[] address() {
        return address;
    }

    /** TCP port. */
    public int port() {
        return port;
    }

    /** The address in its usual text form ({@code 10.0.0.1}, {@code ::1}). */
    public String host() {
        try {
            String h = InetAddress.getByAddress(address).getHostAddress();
            return address.length == 16 ? compressV6(h) : h;
        } catch (UnknownHostException e) {
            throw new IllegalStateException("address of " + address.length + " bytes", e);
        }
    }

    private static String compressV6(String h) {
        // InetAddress prints 0:0:0:0:0:0:0:1; shorten the longest zero run as RFC 5952 does
        String full = ":" + h + ":";
        String best = null;
        for (int n = 8; n >= 2 && best == null; n--) {
            String run = ":" + "0:".repeat(n);
            if (full.contains(run)) {
                best = run;
            }
        }
        if (best == null) {
            return h;
        }
        String s = full.replaceFirst(best, "::");
        s = s.startsWith(":") && !s.startsWith("::") ? s.substring(1) : s;
        s = s.endsWith(":") && !s.endsWith("::") ? s.substring(0, s.length() - 1) : s;
        return s;
    }

    @Override
    public String toString() {
        return address.length == 16 ? "[" + host() + "]:" + port : host() + ":" + port;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Endpoint e && e.port == port && Arrays.equals(e.address, address);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public int compareTo(Endpoint o) {
        int c = Arrays.compareUnsigned(address, o.address);
        return c != 0 ? c : Integer.compare(port, o.port);
    }
}
