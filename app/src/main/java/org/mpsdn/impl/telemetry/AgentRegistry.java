package org.mpsdn.impl.telemetry;

import java.util.Collection;

/**
 * Tells the telemetry poller which agents exist (from the app's network config: each AP's
 * id and agent host:port).
 */
public interface AgentRegistry {

    /**
     * Replaces the set of polled agents.
     *
     * @param endpoints one endpoint per AP
     */
    void setAgents(Collection<AgentEndpoint> endpoints);
}
