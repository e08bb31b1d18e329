package org.mpsdn.impl.enb;

import io.grpc.netty.shaded.io.netty.handler.ssl.SslContext;
import org.mpsdn.api.northbound.InstallOutcome;
import org.mpsdn.api.northbound.IntentInstaller;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.IntentStateListener;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.NorthboundService;
import org.mpsdn.api.regulation.ManagedFlow;
import org.mpsdn.api.regulation.RegulationEvent;
import org.mpsdn.api.regulation.RegulationListener;
import org.mpsdn.api.regulation.RegulationService;
import org.mpsdn.impl.RegulationManager;
import org.mpsdn.impl.config.MpsdnConfig;
import org.mpsdn.impl.telemetry.TlsAgentClients;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.net.config.InvalidFieldException;
import org.onosproject.net.config.NetworkConfigService;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.slf4j.Logger;

import javax.net.ssl.SSLException;
import java.io.IOException;
import java.nio.file.Paths;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Dictionary;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

import static org.onlab.util.Tools.get;
import static org.onlab.util.Tools.groupedThreads;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * ONOS component that installs eNB cluster scheduling intents: the
 * {@link IntentInstaller} of {@link IntentKind#ENB_SCHEDULING}, bound by the northbound
 * intent manager. The eNB of an intent is an LTE AP whose netcfg entry has an
 * {@code enbAgent} endpoint; the flows meeting at it are the regulation service's managed
 * flows at that AP (the multipath user is the flow's UE, and the eNB's UE id is the mpsdn UE
 * id). The controller reaches the eNB over mTLS with the same PKI files as the AP agents
 * ({@code tlsCertFile}, {@code tlsKeyFile}, {@code tlsCaFile}; the eNB's certificate must carry
 * {@code mpsdn://ap/<enbId>}). {@code enbPlaintext=true} turns TLS off: lab only.
 *
 * <p>An intent's {@link org.mpsdn.api.northbound.EnbSplit} becomes the eNB's split
 * configuration ({@link EnbIntentInstaller#splitsOf}); an intent without one clears it, so the
 * eNB scheduling intent owns its eNB's split configuration. Every regulation event of an AP
 * (a cycle updated its state) makes the installer re-plan the installed intents at that AP
 * ({@link EnbIntentInstaller#replan}): pushed only when the flows, and then the plan,
 * changed. At the first such event it takes over the ENB_SCHEDULING intents already INSTALLED
 * or FAILED in the (distributed) intent table, so that they are re-planned after an app
 * reactivation or on a new leader too.</p>
 */
@Component(immediate = true, service = IntentInstaller.class,
        property = {
                "enbDeadlineMs:Integer=3000",
                "enbRecheckMs:Integer=30000",
                "enbPlaintext:Boolean=false",
                "tlsCertFile=/opt/onos/config/mpsdn/controller.crt",
                "tlsKeyFile=/opt/onos/config/mpsdn/controller.key",
                "tlsCaFile=/opt/onos/config/mpsdn/ca.crt",
        })
public class EnbPolicyManager implements IntentInstaller {

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService configService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected RegulationService regulationService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService componentConfigService;

    /** The intents, to take over those installed before this component started. */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    protected volatile NorthboundService northbound;

    /** Where existing intents are read; the northbound service unless a test replaces it. */
    Supplier<Collection<MpsdnIntent>> existingIntents = () -> {
        NorthboundService nb = northbound;
        return nb == null ? null : nb.intents();
    };
    private volatile boolean adopted;

    /** Per-call deadline towards an eNB in ms. */
    private int enbDeadlineMs = 3000;
    /** Re-check interval of installed intents whose flows did not change, in ms. */
    private int enbRecheckMs = 30000;
    /** Lab only: talk to eNBs without TLS. */
    private boolean enbPlaintext = false;
    /** Controller certificate (PEM). */
    private String tlsCertFile = "/opt/onos/config/mpsdn/controller.crt";
    /** Controller private key (PKCS#8 PEM). */
    private String tlsKeyFile = "/opt/onos/config/mpsdn/controller.key";
    /** CA certificate that signs the eNBs (PEM). */
    private String tlsCaFile = "/opt/onos/config/mpsdn/ca.crt";

    private final Map<String, EnbPolicyClient> clients = new HashMap<>();
    private final Map<String, String> clientEndpoints = new HashMap<>();
    private ApplicationId appId;
    private ExecutorService executor;
    private volatile EnbIntentInstaller installer;
    private TlsAgentClients tls;
    private String tlsError = "";
    private final RegulationListener regulationListener = new InternalRegulationListener();
    private volatile IntentStateListener stateListener;

    /**
     * Activates the component.
     *
     * @param context component context
     */
    @Activate
    protected void activate(ComponentContext context) {
        appId = coreService.registerApplication(RegulationManager.APP_NAME);
        componentConfigService.registerProperties(getClass());
        configure(context == null ? null : context.getProperties());
        executor = Executors.newSingleThreadExecutor(groupedThreads("mpsdn/enb", "installer-%d", log));
        adopted = false;
        installer = new EnbIntentInstaller(this::client, this::flowsAt, EnbIntentInstaller::splitsOf, executor);
        installer.setStateListener(stateListener);
        installer.setRecheckIntervalMillis(enbRecheckMs);
        regulationService.addListener(regulationListener);
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
        regulationService.removeListener(regulationListener);
        componentConfigService.unregisterProperties(getClass(), false);
        if (executor != null) {
            executor.shutdownNow();
        }
        closeClients();
        log.info("Stopped");
    }

    /**
     * Reads the properties (absent ones keep their value) and drops the cached eNB clients.
     *
     * @param props properties, may be null
     */
    synchronized void configure(Dictionary<?, ?> props) {
        String d = props == null ? null : get(props, "enbDeadlineMs");
        if (d != null && !d.trim().isEmpty()) {
            try {
                int v = Integer.parseInt(d.trim());
                if (v <= 0) {
                    throw new NumberFormatException("must be > 0");
                }
                enbDeadlineMs = v;
            } catch (NumberFormatException e) {
                log.error("enbDeadlineMs '{}' invalid ({}); keeping {}", d, e.getMessage(), enbDeadlineMs);
            }
        }
        String rc = props == null ? null : get(props, "enbRecheckMs");
        if (rc != null && !rc.trim().isEmpty()) {
            try {
                int v = Integer.parseInt(rc.trim());
                if (v < 0) {
                    throw new NumberFormatException("must be >= 0");
                }
                enbRecheckMs = v;
            } catch (NumberFormatException e) {
                log.error("enbRecheckMs '{}' invalid ({}); keeping {}", rc, e.getMessage(), enbRecheckMs);
            }
        }
        EnbIntentInstaller inst = installer;
        if (inst != null) {
            inst.setRecheckIntervalMillis(enbRecheckMs);
        }
        String p = props == null ? null : get(props, "enbPlaintext");
        if (p != null && !p.trim().isEmpty()) {
            enbPlaintext = Boolean.parseBoolean(p.trim());
        }
        tlsCertFile = str(props, "tlsCertFile", tlsCertFile);
        tlsKeyFile = str(props, "tlsKeyFile", tlsKeyFile);
        tlsCaFile = str(props, "tlsCaFile", tlsCaFile);
        tls = null;
        tlsError = "";
        if (enbPlaintext) {
            log.warn("enbPlaintext=true: eNB policies travel without TLS (lab only)");
        } else {
            try {
                tls = new TlsAgentClients(Paths.get(tlsCertFile), Paths.get(tlsKeyFile), Paths.get(tlsCaFile), 30);
            } catch (IOException | GeneralSecurityException | RuntimeException e) {
                tlsError = "controller TLS files (tlsCertFile=" + tlsCertFile + ", tlsKeyFile=" + tlsKeyFile
                        + ", tlsCaFile=" + tlsCaFile + "): " + e.getMessage();
                log.error("Cannot load {}; eNB intents will fail", tlsError);
            }
        }
        closeClients();
    }

    private static String str(Dictionary<?, ?> props, String name, String current) {
        String v = props == null ? null : get(props, name);
        return v == null || v.trim().isEmpty() ? current : v.trim();
    }

    private synchronized void closeClients() {
        clients.values().forEach(EnbPolicyClient::close);
        clients.clear();
        clientEndpoints.clear();
    }

    /**
     * Returns the (cached) client of an eNB, made from its netcfg {@code enbAgent} endpoint.
     *
     * @param enbId eNB (LTE AP) id
     * @return client
     * @throws IllegalArgumentException with the reason when there is no usable endpoint
     */
    synchronized EnbPolicyClient client(String enbId) {
        MpsdnConfig cfg = configService.getConfig(appId, MpsdnConfig.class);
        if (cfg == null) {
            throw new IllegalArgumentException("no mpsdn network config");
        }
        String ep;
        try {
            ep = cfg.enbAgents().get(enbId);
        } catch (InvalidFieldException e) {
            throw new IllegalArgumentException("network config invalid: " + e.getMessage(), e);
        }
        if (ep == null) {
            throw new IllegalArgumentException("no LTE AP with an enbAgent endpoint in the network config");
        }
        EnbPolicyClient c = clients.get(enbId);
        if (c != null && ep.equals(clientEndpoints.get(enbId))) {
            return c;
        }
        if (c != null) {
            c.close();
        }
        int colon = ep.lastIndexOf(':');
        String host = ep.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port = Integer.parseInt(ep.substring(colon + 1));
        if (enbPlaintext) {
            c = EnbPolicyClient.plaintext(enbId, host, port, enbDeadlineMs);
        } else {
            if (tls == null) {
                throw new IllegalArgumentException("cannot load " + tlsError);
            }
            SslContext ssl;
            try {
                ssl = tls.sslContext(enbId);
            } catch (SSLException e) {
                throw new IllegalArgumentException("TLS context: " + e.getMessage(), e);
            }
            c = EnbPolicyClient.overTls(enbId, host, port, ssl, enbDeadlineMs);
        }
        clients.put(enbId, c);
        clientEndpoints.put(enbId, ep);
        return c;
    }

    /**
     * Returns the managed flows at an eNB as planner input.
     *
     * @param enbId eNB (LTE AP) id
     * @return flows
     */
    Collection<EnbFlow> flowsAt(String enbId) {
        List<EnbFlow> out = new ArrayList<>();
        for (ManagedFlow f : regulationService.managedFlows()) {
            if (enbId.equals(f.apId()) && f.ueId() != null && !f.ueId().isEmpty()) {
                String id = f.fiveTuple() == null || f.fiveTuple().isEmpty() ? f.ueId() : f.fiveTuple();
                out.add(new EnbFlow(id, f.ueId(), enbId, f.ueId()));
            }
        }
        return out;
    }

    @Override
    public IntentKind kind() {
        return IntentKind.ENB_SCHEDULING;
    }

    @Override
    public CompletionStage<InstallOutcome> install(MpsdnIntent intent) {
        return installer.install(intent);
    }

    @Override
    public CompletionStage<InstallOutcome> uninstall(MpsdnIntent intent) {
        return installer.uninstall(intent);
    }

    @Override
    public void setStateListener(IntentStateListener listener) {
        stateListener = listener;
        EnbIntentInstaller i = installer;
        if (i != null) {
            i.setStateListener(listener);
        }
    }

    /** Re-plans the intents at an AP whenever a cycle updated its regulation state. */
    private final class InternalRegulationListener implements RegulationListener {
        @Override
        public void event(RegulationEvent event) {
            EnbIntentInstaller inst = installer;
            if (event.type() != RegulationEvent.Type.AP_STATE_UPDATED || event.subject() == null || inst == null) {
                return;
            }
            if (!adopted) {
                Collection<MpsdnIntent> existing = existingIntents.get();
                if (existing != null) {
                    existing.forEach(inst::adopt);
                    adopted = true;
                }
            }
            inst.replan(event.subject().apId());
        }
    }
}
