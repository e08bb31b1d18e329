package org.mpsdn.lab.host.rest;

import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.servlet.ServletContextHandler;
import org.eclipse.jetty.servlet.ServletHolder;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.servlet.ServletContainer;
import org.mpsdn.api.detection.DetectionService;
import org.mpsdn.api.northbound.NorthboundAdminService;
import org.mpsdn.api.northbound.NorthboundService;
import org.mpsdn.api.northbound.codec.NorthboundCodecs;
import org.mpsdn.api.regulation.CycleObserver;
import org.mpsdn.api.regulation.RegulationService;
import org.mpsdn.api.telemetry.ApTelemetryService;
import org.mpsdn.impl.RegulationManager;
import org.mpsdn.impl.northbound.NorthboundManager;
import org.mpsdn.lab.host.services.LabClusterServices;
import org.onlab.rest.BaseResource;
import org.onosproject.codec.CodecService;
import org.onosproject.core.CoreService;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.store.service.TestStorageService;
import org.osgi.service.component.ComponentContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.ws.rs.core.Application;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;

/**
 * Serves the app's REST resources and Prometheus metrics under {@value #CONTEXT}, as the app's web bundle
 * does in ONOS: the web bundle's compiled classes (loaded by name, they are not a compile dependency of the
 * lab host since the bundle keeps them under WEB-INF/classes), the app's NorthboundManager and the web
 * bundle's MpsdnMetrics wired to the running RegulationManager, the codecs registered in a codec service,
 * and BaseResource's service directory pointed at these services.
 */
public final class LabRest {

    /** The app's web context, as in web/pom.xml. */
    public static final String CONTEXT = "/onos/mpsdn";
    /** The web bundle's JAX-RS application. */
    static final String APPLICATION = "org.mpsdn.web.MpsdnWebApplication";
    /** The web bundle's metrics component. */
    static final String METRICS = "org.mpsdn.web.metrics.MpsdnMetrics";

    private static final Logger LOG = LoggerFactory.getLogger(LabRest.class);

    private final Server server;
    private final NorthboundManager northbound;

    private LabRest(Server server, NorthboundManager northbound) {
        this.server = server;
        this.northbound = northbound;
    }

    /**
     * Wires the northbound components to the running app and starts the HTTP server.
     *
     * @param bind       address to listen on
     * @param port       TCP port, 0 for a free one
     * @param user       BASIC user (roles viewer and admin)
     * @param password   BASIC password
     * @param mgr        the activated regulation manager
     * @param core       core service
     * @param netcfg     network config service the manager reads
     * @param telemetry  AP telemetry, may be null
     * @param properties properties the manager was activated with
     * @return the running server
     * @throws Exception if wiring or the server start fails
     */
    public static LabRest start(InetAddress bind, int port, String user, String password, RegulationManager mgr,
                                CoreService core, NetworkConfigService netcfg, ApTelemetryService telemetry,
                                Map<String, ?> properties) throws Exception {
        LabComponentConfigService cfg = componentConfig(mgr, properties);
        NorthboundManager nb = new NorthboundManager();
        Components.set(nb, "coreService", core);
        Components.set(nb, "configService", netcfg);
        Components.set(nb, "componentConfigService", cfg);
        Components.set(nb, "regulationService", mgr);
        Components.set(nb, "telemetryService", telemetry);
        Components.set(nb, "detectionService", mgr);
        Components.set(nb, "leadershipService", LabClusterServices.leadership()); // the manager's: names the owner
        // the northbound keeps its intents in a consistent map (DistributedIntentTable): in-memory stand-in here,
        // as for the regulation store (without it activate() failed and the host served no REST and no metrics)
        Components.set(nb, "storageService", new TestStorageService());
        Components.invoke(nb, "activate", new Class<?>[0]);

        LabCodecService codecs = new LabCodecService();
        NorthboundCodecs.register(codecs);
        Class<?> metricsClass = Class.forName(METRICS);
        Object metrics = metrics(metricsClass, mgr, nb);
        LabServiceDirectory dir = new LabServiceDirectory()
                .add(NorthboundService.class, nb)
                .add(NorthboundAdminService.class, nb)
                .add(DetectionService.class, mgr)
                .add(CodecService.class, codecs)
                .add(metricsClass, metrics);
        Components.set(BaseResource.class, "services", dir);

        Class<? extends Application> app = Class.forName(APPLICATION).asSubclass(Application.class);
        ResourceConfig rc = ResourceConfig.forApplicationClass(app)
                .register(new BasicAuthFilter(user, password))
                .register(ApiDocResource.class);
        // as the app's web.xml: Jersey's ServletContainer on /* of the web context
        Server server = new Server(new InetSocketAddress(bind, port));
        ServletContextHandler ctx = new ServletContextHandler(ServletContextHandler.NO_SESSIONS);
        ctx.setContextPath(CONTEXT);
        ctx.addServlet(new ServletHolder(new ServletContainer(rc)), "/*");
        server.setHandler(ctx);
        server.start();
        LabRest rest = new LabRest(server, nb);
        LOG.info("REST on http://{}:{}{}", bind.getHostAddress(), rest.port(), CONTEXT);
        return rest;
    }

    /** Component configuration: parameters written over REST reach the manager's @Modified. */
    private static LabComponentConfigService componentConfig(RegulationManager mgr, Map<String, ?> properties)
            throws ReflectiveOperationException {
        LabComponentConfigService cfg = new LabComponentConfigService();
        cfg.manage(RegulationManager.class.getName(), properties, values -> {
            try {
                Components.invoke(mgr, "modified", new Class<?>[]{ComponentContext.class},
                                  Components.context(values));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("RegulationManager.modified: " + e, e);
            }
        });
        // only start/stop use this reference (property registration): swapping it after activation is safe
        Components.set(mgr, "componentConfigService", cfg);
        return cfg;
    }

    /**
     * The web bundle's metrics component, activated and observing the loop next to whatever observer the
     * host already wired (its metrics log).
     */
    private static Object metrics(Class<?> metricsClass, RegulationManager mgr, NorthboundManager nb)
            throws ReflectiveOperationException {
        Object metrics = metricsClass.getDeclaredConstructor().newInstance();
        Components.set(metrics, "northbound", nb);
        Components.set(metrics, "regulation", (RegulationService) mgr);
        Components.set(metrics, "detection", (DetectionService) mgr);
        Components.invoke(metrics, "activate", new Class<?>[0]);
        CycleObserver previous = (CycleObserver) Components.get(mgr, "cycleObserver");
        CycleObserver appMetrics = (CycleObserver) metrics;
        Components.set(mgr, "cycleObserver", previous == null ? appMetrics : new CycleObserver() {
            @Override
            public void cycleCompleted(long durationNanos) {
                previous.cycleCompleted(durationNanos);
                appMetrics.cycleCompleted(durationNanos);
            }

            @Override
            public void telemetryChecked(String apId, boolean fresh) {
                previous.telemetryChecked(apId, fresh);
                appMetrics.telemetryChecked(apId, fresh);
            }

            @Override
            public void apFault(String apId) {
                previous.apFault(apId);
                appMetrics.apFault(apId);
            }

            @Override
            public void meterStepLate(String apId) {
                previous.meterStepLate(apId);
                appMetrics.meterStepLate(apId);
            }
        });
        return metrics;
    }

    /**
     * The port the server listens on.
     *
     * @return TCP port
     */
    public int port() {
        return ((ServerConnector) server.getConnectors()[0]).getLocalPort();
    }

    /**
     * The northbound service behind the resources.
     *
     * @return the northbound manager
     */
    public NorthboundManager northbound() {
        return northbound;
    }

    /**
     * Stops the HTTP server.
     *
     * @throws Exception if Jetty fails to stop
     */
    public void stop() throws Exception {
        server.stop();
    }
}
