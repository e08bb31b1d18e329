package org.mpsdn.impl.telemetry;

import org.mpsdn.api.telemetry.ApTelemetry;
import org.mpsdn.api.telemetry.ApTelemetryService;
import org.mpsdn.impl.tls.ControllerTls;
import org.mpsdn.impl.util.PropertyReader;
import org.onosproject.cfg.ComponentConfigService;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Dictionary;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;

import static org.mpsdn.impl.telemetry.OsgiPropertyConstants.KEEPALIVE_SEC;
import static org.mpsdn.impl.telemetry.OsgiPropertyConstants.KEEPALIVE_SEC_DEFAULT;
import static org.mpsdn.impl.telemetry.OsgiPropertyConstants.POLL_DEADLINE_MS;
import static org.mpsdn.impl.telemetry.OsgiPropertyConstants.POLL_DEADLINE_MS_DEFAULT;
import static org.mpsdn.impl.telemetry.OsgiPropertyConstants.POLL_INTERVAL_MS;
import static org.mpsdn.impl.telemetry.OsgiPropertyConstants.POLL_INTERVAL_MS_DEFAULT;
import static org.mpsdn.impl.telemetry.OsgiPropertyConstants.STREAM_LEAD_MS;
import static org.mpsdn.impl.telemetry.OsgiPropertyConstants.STREAM_LEAD_MS_DEFAULT;
import static org.mpsdn.impl.telemetry.OsgiPropertyConstants.STREAM_TELEMETRY;
import static org.mpsdn.impl.telemetry.OsgiPropertyConstants.STREAM_TELEMETRY_DEFAULT;
import static org.mpsdn.impl.tls.ControllerTls.CONTROLLER_CA_FILE;
import static org.mpsdn.impl.tls.ControllerTls.CONTROLLER_CA_FILE_DEFAULT;
import static org.mpsdn.impl.tls.ControllerTls.CONTROLLER_CERT_FILE;
import static org.mpsdn.impl.tls.ControllerTls.CONTROLLER_CERT_FILE_DEFAULT;
import static org.mpsdn.impl.tls.ControllerTls.CONTROLLER_KEY_FILE;
import static org.mpsdn.impl.tls.ControllerTls.CONTROLLER_KEY_FILE_DEFAULT;
import static org.onlab.util.Tools.groupedThreads;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * ONOS component that runs the {@link AgentPoller} and offers it as
 * {@link ApTelemetryService}. The agents come through {@link AgentRegistry} (pushed from the
 * app's network config, for the domains this instance owns: the owner alone subscribes to or
 * polls an agent, and a change of owner moves the subscription); the poll and stream settings and
 * the controller's mTLS files are component properties. If the TLS files cannot be loaded every
 * poll and stream fails (UNAVAILABLE), so the APs show missed cycles and the loop fails open.
 */
@Component(immediate = true, service = {ApTelemetryService.class, AgentRegistry.class},
        property = {
                POLL_INTERVAL_MS + ":Integer=" + POLL_INTERVAL_MS_DEFAULT,
                POLL_DEADLINE_MS + ":Integer=" + POLL_DEADLINE_MS_DEFAULT,
                KEEPALIVE_SEC + ":Integer=" + KEEPALIVE_SEC_DEFAULT,
                STREAM_TELEMETRY + ":Boolean=" + STREAM_TELEMETRY_DEFAULT,
                STREAM_LEAD_MS + ":Integer=" + STREAM_LEAD_MS_DEFAULT,
                CONTROLLER_CERT_FILE + "=" + CONTROLLER_CERT_FILE_DEFAULT,
                CONTROLLER_KEY_FILE + "=" + CONTROLLER_KEY_FILE_DEFAULT,
                CONTROLLER_CA_FILE + "=" + CONTROLLER_CA_FILE_DEFAULT,
        })
public class AgentTelemetryManager implements ApTelemetryService, AgentRegistry {
    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService componentConfigService;

    /** Poll cycle in ms. */
    private int pollIntervalMs = POLL_INTERVAL_MS_DEFAULT;
    /** Per-call deadline in ms. */
    private int pollDeadlineMs = POLL_DEADLINE_MS_DEFAULT;
    /** gRPC keepalive time in seconds. */
    private int keepaliveSec = KEEPALIVE_SEC_DEFAULT;
    /** Ask agents to stream one status per cycle (agents that cannot are polled). */
    private boolean streamTelemetry = STREAM_TELEMETRY_DEFAULT;
    /** How long before a cycle's start the streamed window it decides on ends, ms. */
    private int streamLeadMs = STREAM_LEAD_MS_DEFAULT;
    /** Controller certificate (PEM). */
    private String tlsCertFile = CONTROLLER_CERT_FILE_DEFAULT;
    /** Controller private key (PKCS#8 PEM). */
    private String tlsKeyFile = CONTROLLER_KEY_FILE_DEFAULT;
    /** CA certificate that signs the agents (PEM). */
    private String tlsCaFile = CONTROLLER_CA_FILE_DEFAULT;

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
     * poller with them. If any value is invalid, the errors are logged and the previous settings
     * stay, all of them.
     *
     * @param props properties, may be null
     */
    void configure(Dictionary<?, ?> props) {
        PropertyReader r = new PropertyReader(props);
        int interval = r.integer(POLL_INTERVAL_MS, pollIntervalMs, Integer.MIN_VALUE, Integer.MAX_VALUE);
        int deadline = r.integer(POLL_DEADLINE_MS, pollDeadlineMs, Integer.MIN_VALUE, Integer.MAX_VALUE);
        int keepalive = r.integer(KEEPALIVE_SEC, keepaliveSec, Integer.MIN_VALUE, Integer.MAX_VALUE);
        boolean stream = r.bool(STREAM_TELEMETRY, streamTelemetry);
        int lead = r.integer(STREAM_LEAD_MS, streamLeadMs, Integer.MIN_VALUE, Integer.MAX_VALUE);
        if (r.hasErrors()) {
            log.error("Invalid telemetry poller properties, keeping the previous settings: {}", r.errors());
            return;
        }
        PollerConfig cfg;
        try {
            cfg = new PollerConfig(interval, deadline, keepalive, stream, lead);
        } catch (IllegalArgumentException e) {
            log.error("Invalid telemetry poller property, keeping the previous settings: {}", e.getMessage());
            return;
        }
        pollIntervalMs = interval;
        pollDeadlineMs = deadline;
        keepaliveSec = keepalive;
        streamTelemetry = stream;
        streamLeadMs = lead;
        tlsCertFile = r.string(CONTROLLER_CERT_FILE, tlsCertFile);
        tlsKeyFile = r.string(CONTROLLER_KEY_FILE, tlsKeyFile);
        tlsCaFile = r.string(CONTROLLER_CA_FILE, tlsCaFile);
        log.info("Properties: {}={} {}={} {}={} {}={} {}={}", POLL_INTERVAL_MS, interval, POLL_DEADLINE_MS, deadline,
                 KEEPALIVE_SEC, keepalive, STREAM_TELEMETRY, stream, STREAM_LEAD_MS, cfg.streamLeadMs());
        restart(cfg, clients(cfg));
    }

    private Function<AgentEndpoint, AgentClient> clients(PollerConfig cfg) {
        try {
            return new TlsAgentClients(ControllerTls.loadConfigured(tlsCertFile, tlsKeyFile, tlsCaFile),
                    cfg.keepaliveS(), cfg.intervalMs());
        } catch (IllegalStateException e) {
            log.error("Cannot load {}; all agents count as unreachable", e.getMessage());
            return ep -> new UnavailableAgentClient(e.getMessage());
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
     * Returns the running poller (counters, last accepted reports).
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
    public Set<String> refresh(long boundMillis) {
        AgentPoller p = poller().orElse(null);
        return p == null ? Set.of() : p.refresh(boundMillis);
    }

    @Override
    public int missedCycles(String apId) {
        AgentPoller p = poller().orElse(null);
        return p == null ? 0 : p.missedCycles(apId);
    }
}
