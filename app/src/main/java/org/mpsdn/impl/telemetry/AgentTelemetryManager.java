package org.mpsdn.impl.telemetry;

import org.onosproject.cfg.ComponentConfigService;
import org.mpsdn.api.telemetry.ApTelemetry;
import org.mpsdn.api.telemetry.ApTelemetryService;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;

import java.io.IOException;
import java.nio.file.Paths;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Dictionary;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;

import static org.onlab.util.Tools.get;
import static org.onlab.util.Tools.groupedThreads;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * ONOS component that runs the {@link AgentPoller} and offers it as
 * {@link ApTelemetryService}. The agents come through {@link AgentRegistry} (pushed from the
 * app's network config); the poll settings and the controller's mTLS files are component
 * properties. If the TLS files cannot be loaded every poll fails (UNAVAILABLE), so the APs
 * show missed cycles and the loop fails open.
 */
@Component(immediate = true, service = {ApTelemetryService.class, AgentRegistry.class},
        property = {
                "pollIntervalMs:Integer=2000",
                "pollDeadlineMs:Integer=500",
                "holdIntervals:Integer=3",
                "failOpenStepPercent:Integer=10",
                "keepaliveSec:Integer=30",
                "tlsCertFile=/opt/onos/config/mpsdn/controller.crt",
                "tlsKeyFile=/opt/onos/config/mpsdn/controller.key",
                "tlsCaFile=/opt/onos/config/mpsdn/ca.crt",
        })
public class AgentTelemetryManager implements ApTelemetryService, AgentRegistry {
    private static final int PERCENT = 100;

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService componentConfigService;

    /** Poll cycle in ms. */
    private int pollIntervalMs = 2000;
    /** Per-call deadline in ms. */
    private int pollDeadlineMs = 500;
    /** Missed cycles during which the last Tier-2 limit is held. */
    private int holdIntervals = 3;
    /** Fail-open step per further missed cycle, percent of capacity. */
    private int failOpenStepPercent = 10;
    /** gRPC keepalive time in seconds. */
    private int keepaliveSec = 30;
    /** Controller certificate (PEM). */
    private String tlsCertFile = "/opt/onos/config/mpsdn/controller.crt";
    /** Controller private key (PKCS#8 PEM). */
    private String tlsKeyFile = "/opt/onos/config/mpsdn/controller.key";
    /** CA certificate that signs the agents (PEM). */
    private String tlsCaFile = "/opt/onos/config/mpsdn/ca.crt";

    private final Object lock = new Object();
    private final List<AgentEndpoint> endpoints = new ArrayList<>();
    private ScheduledExecutorService executor;
    private AgentPoller poller;

    /**
     * Activates the component.
     *
     * @param context component context
     */
    @Activate
    protected void activate(ComponentContext context) {
        componentConfigService.registerProperties(getClass());
        configure(context == null ? null : context.getProperties());
        log.info("Started");
    }

    /**
     * Applies changed properties.
     *
     * @param context component context
     */
    @Modified
    protected void modified(ComponentContext context) {
        configure(context == null ? null : context.getProperties());
    }

    /**
     * Deactivates the component.
     */
    @Deactivate
    protected void deactivate() {
        componentConfigService.unregisterProperties(getClass(), false);
        stop();
        log.info("Stopped");
    }

    /**
     * Reads the properties (absent ones keep their value), validates them, and restarts the
     * poller with them. An invalid value is logged and the previous settings stay.
     *
     * @param props properties, may be null
     */
    void configure(Dictionary<?, ?> props) {
        int interval;
        int deadline;
        int hold;
        int step;
        int keepalive;
        PollerConfig cfg;
        try {
            interval = intProp(props, "pollIntervalMs", pollIntervalMs);
            deadline = intProp(props, "pollDeadlineMs", pollDeadlineMs);
            hold = intProp(props, "holdIntervals", holdIntervals);
            step = intProp(props, "failOpenStepPercent", failOpenStepPercent);
            keepalive = intProp(props, "keepaliveSec", keepaliveSec);
            cfg = new PollerConfig(interval, deadline, hold, (double) step / PERCENT, keepalive);
        } catch (IllegalArgumentException e) {
            log.error("Invalid telemetry poller property, keeping the previous settings: {}", e.getMessage());
            return;
        }
        pollIntervalMs = interval;
        pollDeadlineMs = deadline;
        holdIntervals = hold;
        failOpenStepPercent = step;
        keepaliveSec = keepalive;
        tlsCertFile = strProp(props, "tlsCertFile", tlsCertFile);
        tlsKeyFile = strProp(props, "tlsKeyFile", tlsKeyFile);
        tlsCaFile = strProp(props, "tlsCaFile", tlsCaFile);
        restart(cfg, clients(cfg));
    }

    private Function<AgentEndpoint, AgentClient> clients(PollerConfig cfg) {
        try {
            return new TlsAgentClients(Paths.get(tlsCertFile), Paths.get(tlsKeyFile), Paths.get(tlsCaFile),
                    cfg.keepaliveS());
        } catch (IOException | GeneralSecurityException | RuntimeException e) {
            String cause = "controller TLS files (tlsCertFile=" + tlsCertFile + ", tlsKeyFile=" + tlsKeyFile
                    + ", tlsCaFile=" + tlsCaFile + "): " + e.getMessage();
            log.error("Cannot load {}; all agents count as unreachable", cause);
            return ep -> new UnavailableAgentClient(cause);
        }
    }

    void restart(PollerConfig cfg, Function<AgentEndpoint, AgentClient> clients) {
        synchronized (lock) {
            stop();
            executor = Executors.newSingleThreadScheduledExecutor(groupedThreads("mpsdn/telemetry", "poller-%d", log));
            poller = new AgentPoller(cfg, clients, System::currentTimeMillis);
            poller.setAgents(endpoints);
            poller.start(executor);
        }
    }

    private void stop() {
        synchronized (lock) {
            if (poller != null) {
                poller.close();
                poller = null;
            }
            if (executor != null) {
                executor.shutdownNow();
                executor = null;
            }
        }
    }

    /** Stops the poller (tests, which have no ComponentConfigService). */
    void deactivateForTest() {
        stop();
    }

    private static int intProp(Dictionary<?, ?> props, String name, int current) {
        String v = props == null ? null : get(props, name);
        if (v == null || v.trim().isEmpty()) {
            return current;
        }
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " '" + v + "' is not an integer", e);
        }
    }

    private static String strProp(Dictionary<?, ?> props, String name, String current) {
        String v = props == null ? null : get(props, name);
        return v == null || v.trim().isEmpty() ? current : v.trim();
    }

    @Override
    public void setAgents(Collection<AgentEndpoint> agents) {
        synchronized (lock) {
            List<AgentEndpoint> copy = new ArrayList<>(agents);
            if (poller != null) {
                poller.setAgents(copy);
            }
            endpoints.clear();
            endpoints.addAll(copy);
        }
    }

    /**
     * Returns the running poller (counters, fail-open helper, last accepted reports).
     *
     * @return the poller, or empty when stopped
     */
    public Optional<AgentPoller> poller() {
        synchronized (lock) {
            return Optional.ofNullable(poller);
        }
    }

    @Override
    public Optional<ApTelemetry> latest(String apId) {
        AgentPoller p = poller().orElse(null);
        return p == null ? Optional.empty() : p.latest(apId);
    }

    @Override
    public int missedCycles(String apId) {
        AgentPoller p = poller().orElse(null);
        return p == null ? 0 : p.missedCycles(apId);
    }
}
