package org.mpsdn.lab.host;

import org.mpsdn.impl.telemetry.AgentTelemetryManager;
import org.mpsdn.lab.host.rest.Components;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.osgi.service.component.ComponentContext;

import java.io.File;
import java.util.HashMap;
import java.util.Map;

/**
 * Activates the app's controller-side telemetry ({@link AgentTelemetryManager}: the mTLS poller of the AP
 * agents) the way OSGi DS would, with its component properties: the poll interval and the controller's
 * certificate, key and CA from the lab's per-run PKI folder (made by {@code mpsdn-certs}). The agents to
 * poll are not set here: the regulation manager publishes them from the netcfg's per-AP agent endpoints.
 */
final class AgentTelemetryWiring {

    private AgentTelemetryWiring() {
    }

    /**
     * Activates the telemetry manager.
     *
     * @param pkiDir     folder with {@code ca.crt}, {@code controller-<name>.crt} and {@code .key}
     * @param controller controller certificate name (files {@code controller-<name>.*})
     * @param intervalMs poll interval in ms (the regulation interval)
     * @return the active manager (also the agent registry)
     * @throws ReflectiveOperationException if the component's shape changed
     */
    static AgentTelemetryManager activate(String pkiDir, String controller, long intervalMs)
            throws ReflectiveOperationException {
        File dir = new File(pkiDir);
        Map<String, Object> props = new HashMap<>();
        props.put("pollIntervalMs", String.valueOf(intervalMs));
        props.put("tlsCertFile", new File(dir, "controller-" + controller + ".crt").getAbsolutePath());
        props.put("tlsKeyFile", new File(dir, "controller-" + controller + ".key").getAbsolutePath());
        props.put("tlsCaFile", new File(dir, "ca.crt").getAbsolutePath());
        AgentTelemetryManager mgr = new AgentTelemetryManager();
        Components.set(mgr, "componentConfigService", new ComponentConfigAdapter());
        Components.invoke(mgr, "activate", new Class<?>[]{ComponentContext.class}, Components.context(props));
        return mgr;
    }
}
