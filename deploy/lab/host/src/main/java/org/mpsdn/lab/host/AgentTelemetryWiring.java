package org.mpsdn.lab.host;

import org.mpsdn.impl.telemetry.AgentTelemetryManager;
import org.mpsdn.lab.host.rest.Components;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.osgi.service.component.ComponentContext;

import java.util.Map;

/**
 * Activates the app's controller-side telemetry ({@link AgentTelemetryManager}: the AP agents' status
 * streams over mTLS, polling for agents that cannot stream) the way OSGi DS would, with its component
 * properties: the interval and the controller's certificate, key and CA from the lab's per-run PKI folder
 * (made by {@code mpsdn-certs}), and those of the lab's app properties it declares ({@link AppProperties}, e.g.
 * {@code streamTelemetry}); the others are at the component's defaults. The agents are not set here: the
 * regulation manager publishes them from the netcfg's per-AP agent endpoints of the domains it owns.
 */
final class AgentTelemetryWiring {

    private AgentTelemetryWiring() {
    }

    /**
     * Activates the telemetry manager.
     *
     * @param pki        the controller's certificate, key and CA
     * @param intervalMs poll interval in ms (the regulation interval), unless appProps names pollIntervalMs
     * @param appProps   the lab's app properties (those of other components are left out)
     * @return the active manager (also the agent registry)
     * @throws ReflectiveOperationException if the component's shape changed
     */
    static AgentTelemetryManager activate(LabPki pki, long intervalMs, Map<String, Object> appProps)
            throws ReflectiveOperationException {
        Map<String, Object> props = pki.tlsProps("tlsCertFile", "tlsKeyFile", "tlsCaFile");
        props.put("pollIntervalMs", String.valueOf(intervalMs));
        props.putAll(AppProperties.of(AppProperties.TELEMETRY, appProps));
        AgentTelemetryManager mgr = new AgentTelemetryManager();
        Components.set(mgr, "componentConfigService", new ComponentConfigAdapter());
        Components.invoke(mgr, "activate", new Class<?>[]{ComponentContext.class}, Components.context(props));
        return mgr;
    }
}
