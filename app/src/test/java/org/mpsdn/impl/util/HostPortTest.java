package org.mpsdn.impl.util;

import org.junit.Test;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

public class HostPortTest {

    @Test
    public void parsesNameAndIpv4AndIpv6() {
        HostPort a = HostPort.parse("ap1.example.org:50051");
        assertEquals("ap1.example.org", a.host());
        assertEquals(50051, a.port());
        assertEquals("ap1.example.org:50051", a.toString());
        HostPort b = HostPort.parse("10.255.0.6:1");
        assertEquals("10.255.0.6", b.host());
        assertEquals(1, b.port());
        HostPort c = HostPort.parse("[2001:db8::1]:65535");
        assertEquals("2001:db8::1", c.host());
        assertEquals(65535, c.port());
        assertEquals("[2001:db8::1]:65535", c.toString());
        assertEquals(c, HostPort.parse(c.toString()));
        assertNotEquals(a, b);
    }

    @Test
    public void rejectsWithAReason() {
        expectReason("nohost", "must be host:port");
        expectReason(":80", "must be host:port");
        expectReason("host:", "must be host:port");
        expectReason("bad_host:80", "invalid host");
        expectReason("host:8x", "non-numeric port");
        expectReason("host:0", "port must be in [1, 65535]");
        expectReason("host:65536", "port must be in [1, 65535]");
        expectReason("2001:db8::1:80", "invalid host");
        expectReason(null, "must be host:port");
    }

    @Test
    public void ofChecksThePartsAsParseDoes() {
        assertEquals(HostPort.parse("ap1.example.org:50051"), HostPort.of("ap1.example.org", 50051));
        assertEquals(HostPort.parse("[2001:db8::1]:7000"), HostPort.of("2001:db8::1", 7000));
        assertEquals("[2001:db8::1]:7000", HostPort.of("2001:db8::1", 7000).toString());
        expect("of('', 1)", () -> HostPort.of("", 1), "empty host");
        expect("of(null, 1)", () -> HostPort.of(null, 1), "empty host");
        expect("of(bad_host, 1)", () -> HostPort.of("bad_host", 1), "invalid host");
        expect("of(h, 0)", () -> HostPort.of("h", 0), "port must be in [1, 65535]");
        expect("of(h, 65536)", () -> HostPort.of("h", 65536), "port must be in [1, 65535]");
    }

    private static void expectReason(String s, String reason) {
        expect(s, () -> HostPort.parse(s), reason);
    }

    private static void expect(String what, Runnable r, String reason) {
        try {
            r.run();
            fail("accepted " + what);
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(reason));
        }
    }
}
