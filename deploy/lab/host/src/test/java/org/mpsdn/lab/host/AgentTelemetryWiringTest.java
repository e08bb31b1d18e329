package org.mpsdn.lab.host;

import org.junit.After;
import org.junit.Test;
import org.mpsdn.impl.telemetry.AgentTelemetryManager;
import org.mpsdn.impl.telemetry.PollerConfig;
import org.mpsdn.lab.host.rest.Components;

import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The lab's app properties reach the component that declares them: a lab run with
 * {@code --app-property streamTelemetry=true} at 9d2f61a polled every report, the property having gone to
 * RegulationManager alone while AgentTelemetryManager ran at its default (no stream).
 */
public class AgentTelemetryWiringTest {
    /** No such folder: the component loads no TLS files and counts every agent unreachable (none is set). */
    private static final LabPki NO_PKI = new LabPki("/nonexistent/pki", "lab");

    private AgentTelemetryManager mgr;

    @After
    public void tearDown() throws Exception {
        if (mgr != null) {
            Components.invoke(mgr, "deactivate", new Class<?>[0]);
        }
    }

    private PollerConfig activated(Map<String, Object> appProps) throws Exception {
        AppProperties.check(appProps);
        mgr = AgentTelemetryWiring.activate(NO_PKI, 2000, appProps);
        return mgr.poller().orElseThrow().config();
    }

    @Test
    public void streamTelemetryReachesTheTelemetryComponent() throws Exception {
        PollerConfig c = activated(Map.of("streamTelemetry", "false", "profile", "paper"));
        assertFalse("the lab asked for polls", c.stream());
        assertEquals(2000, c.intervalMs());
    }

    @Test
    public void withoutItTheComponentsDefaultApplies() throws Exception {
        PollerConfig c = activated(Map.of("profile", "paper"));
        assertTrue("agents stream by default", c.stream());
        assertEquals(2000, c.intervalMs());
    }

    @Test
    public void eachComponentGetsItsOwnProperties() {
        Map<String, Object> props = Map.of("streamTelemetry", "true", "streamLeadMs", "50", "profile", "paper");
        assertEquals(Map.of("streamTelemetry", "true", "streamLeadMs", "50"),
                     AppProperties.of(AppProperties.TELEMETRY, props));
        assertEquals(Map.of("profile", "paper"), AppProperties.of(AppProperties.REGULATION, props));
        assertTrue(AppProperties.names(AppProperties.REGULATION).contains("intervalMs"));
        assertFalse("a default is no name", AppProperties.names(AppProperties.REGULATION).contains("mpsdn"));
    }

    @Test
    public void aPropertyNoComponentDeclaresIsRefused() {
        try {
            AppProperties.check(Map.of("streamTelemetri", "true"));
            fail("a misspelt property would run the app at its default");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("streamTelemetri"));
        }
    }
}
