package org.mpsdn.impl.telemetry;

import org.junit.After;
import org.junit.Test;

import java.util.Hashtable;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The component's configuration handling, without the OSGi runtime.
 */
public class AgentTelemetryManagerTest {
    private final AgentTelemetryManager mgr = new AgentTelemetryManager();

    @After
    public void tearDown() {
        mgr.deactivateForTest();
    }

    @Test
    public void missingTlsFilesMakeEveryAgentUnreachable() throws Exception {
        Hashtable<String, Object> p = new Hashtable<>();
        p.put("pollIntervalMs", "100");
        p.put("pollDeadlineMs", "50");
        p.put("tlsCertFile", "/nonexistent/controller.crt");
        mgr.configure(p);
        mgr.setAgents(List.of(new AgentEndpoint("ap1", "127.0.0.1", 1)));
        long end = System.currentTimeMillis() + 10_000;
        while (mgr.missedCycles("ap1") < 2 && System.currentTimeMillis() < end) {
            Thread.sleep(50);
        }
        assertTrue("missed " + mgr.missedCycles("ap1"), mgr.missedCycles("ap1") >= 2);
        assertFalse(mgr.latest("ap1").isPresent());
        assertTrue(mgr.poller().orElseThrow().counters().unavailable() >= 2);
    }

    @Test
    public void invalidPropertyKeepsPreviousSettings() {
        Hashtable<String, Object> p = new Hashtable<>();
        p.put("pollIntervalMs", "1000");
        mgr.configure(p);
        assertEquals(1000, mgr.poller().orElseThrow().config().intervalMs());
        p.put("pollDeadlineMs", "5000"); // longer than the interval
        mgr.configure(p);
        assertEquals(500, mgr.poller().orElseThrow().config().deadlineMs());
        p.put("pollDeadlineMs", "soon"); // not a number: logged, nothing changes
        AgentPoller before = mgr.poller().orElseThrow();
        mgr.configure(p);
        assertTrue(before == mgr.poller().orElseThrow());
        assertEquals(500, mgr.poller().orElseThrow().config().deadlineMs());
    }
}
