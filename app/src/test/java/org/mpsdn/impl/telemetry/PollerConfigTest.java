package org.mpsdn.impl.telemetry;

import org.junit.Test;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Validation of poller settings and endpoints: errors name the field and the value.
 */
public class PollerConfigTest {

    private static void expect(Runnable r, String... words) {
        try {
            r.run();
            fail("accepted");
        } catch (IllegalArgumentException e) {
            for (String w : words) {
                assertTrue(e.getMessage(), e.getMessage().contains(w));
            }
        }
    }

    @Test
    public void defaults() {
        PollerConfig c = PollerConfig.defaults();
        assertEquals(2000, c.intervalMs());
        assertEquals(500, c.deadlineMs());
        assertEquals(30, c.keepaliveS());
        assertTrue(c.stream()); // agents stream by default
        assertEquals(100, c.streamLeadMs());
        assertEquals(50, new PollerConfig(100, 50, 30, true, 100).streamLeadMs()); // at most half the cycle
    }

    @Test
    public void rejectsOutOfRange() {
        expect(() -> new PollerConfig(50, 10, 30), "intervalMs", "50");
        expect(() -> new PollerConfig(1000, 2000, 30), "deadlineMs", "2000");
        expect(() -> new PollerConfig(1000, 500, 1), "keepaliveS", "1");
        expect(() -> new PollerConfig(1000, 500, 30, true, -1), "streamLeadMs", "-1");
        expect(() -> new AgentEndpoint("ap/1", "h", 1), "apId", "ap/1");
        expect(() -> new AgentEndpoint("ap1", "", 1), "host", "ap1");
        expect(() -> new AgentEndpoint("ap1", "h", 70000), "port", "70000");
    }
}
