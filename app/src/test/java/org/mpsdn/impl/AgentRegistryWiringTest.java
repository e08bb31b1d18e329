package org.mpsdn.impl;

import org.junit.After;
import org.junit.Test;
import org.mpsdn.impl.telemetry.AgentEndpoint;
import org.mpsdn.impl.telemetry.AgentRegistry;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.impl.Harness.DEV1;
import static org.mpsdn.impl.Harness.DEV2;

/**
 * The telemetry poller polls exactly the agents named in the app's network config, whichever
 * of the two components comes first, and follows config updates.
 */
public class AgentRegistryWiringTest {
    private final Harness h = new Harness().master(DEV1, DEV2);
    private final RecordingRegistry registry = new RecordingRegistry();

    @After
    public void tearDown() {
        h.deactivate();
    }

    @Test
    public void registryBoundAfterActivationGetsTheConfiguredAgents() {
        h.activate();
        assertTrue(registry.calls.isEmpty());
        h.manager.bindAgentRegistry(registry);
        assertEquals(Set.of(new AgentEndpoint("wifi1", "10.0.0.1", 50051),
                new AgentEndpoint("lte1", "10.0.0.2", 50051)), Set.copyOf(registry.last()));
        assertEquals(2, registry.last().size());
    }

    @Test
    public void configUpdateReplacesThePolledAgents() {
        h.activate();
        h.manager.bindAgentRegistry(registry);
        h.netcfg.set(Harness.APP, "{\"aps\": [{\"id\": \"wifi1\", \"kind\": \"wifi\","
                + " \"deviceId\": \"of:0000000000000001\", \"apPort\": 1, \"uplinkPort\": 2,"
                + " \"capacityKbps\": 54000, \"agent\": \"[2001:db8::1]:7000\"}]}");
        h.manager.loop().settle();
        assertEquals(List.of(new AgentEndpoint("wifi1", "2001:db8::1", 7000)), registry.last());
    }

    @Test
    public void unboundRegistryIsNoLongerFed() {
        h.activate();
        h.manager.bindAgentRegistry(registry);
        int before = registry.calls.size();
        h.manager.unbindAgentRegistry(registry);
        h.netcfg.set(Harness.APP, "{\"aps\": []}");
        h.manager.loop().settle();
        assertEquals(before, registry.calls.size());
    }

    private static final class RecordingRegistry implements AgentRegistry {
        final List<List<AgentEndpoint>> calls = new ArrayList<>();

        @Override
        public void setAgents(Collection<AgentEndpoint> endpoints) {
            calls.add(new ArrayList<>(endpoints));
        }

        List<AgentEndpoint> last() {
            return calls.get(calls.size() - 1);
        }
    }
}
