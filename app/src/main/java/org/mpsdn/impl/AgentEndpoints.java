package org.mpsdn.impl;

import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.impl.telemetry.AgentEndpoint;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Turns the netcfg's per-AP agent endpoints (parsed once per netcfg change into
 * {@link ApSpec#agent()}) into the telemetry poller's endpoint list.
 */
public final class AgentEndpoints {
    private static final Logger LOG = getLogger(AgentEndpoints.class);

    private AgentEndpoints() {
    }

    /**
     * Returns one endpoint per AP. An AP whose id or endpoint the poller cannot use is left
     * out and logged (its agent then counts as missing, so its AP fails open).
     *
     * @param aps configured APs
     * @return the endpoints to poll
     */
    public static List<AgentEndpoint> of(Collection<ApSpec> aps) {
        List<AgentEndpoint> out = new ArrayList<>(aps.size());
        for (ApSpec ap : aps) {
            try {
                out.add(new AgentEndpoint(ap.id(), ap.agent()));
            } catch (IllegalArgumentException e) {
                LOG.warn("AP {}: agent endpoint '{}' not polled: {}", ap.id(), ap.agent(), e.getMessage());
            }
        }
        return out;
    }
}
