package org.mpsdn.impl.enb;

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
import org.mpsdn.impl.cluster.DomainOwnership;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.impl.config.MpsdnConfig;
import org.mpsdn.impl.config.MpsdnConfigListener;
import org.mpsdn.impl.northbound.DistributedIntentTable;
import org.mpsdn.impl.northbound.StoredIntent;
import org.mpsdn.impl.tls.ControllerTls;
import org.mpsdn.impl.util.HostPort;
import org.mpsdn.impl.util.PropertyReader;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.cluster.ClusterService;
import org.onosproject.cluster.LeadershipService;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.net.config.InvalidFieldException;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.StorageService;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Dictionary;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

import static org.mpsdn.impl.enb.OsgiPropertyConstants.ENB_DEADLINE_MS;
import static org.mpsdn.impl.enb.OsgiPropertyConstants.ENB_DEADLINE_MS_DEFAULT;
import static org.mpsdn.impl.enb.OsgiPropertyConstants.ENB_PLAINTEXT;
import static org.mpsdn.impl.enb.OsgiPropertyConstants.ENB_PLAINTEXT_DEFAULT;
import static org.mpsdn.impl.enb.OsgiPropertyConstants.ENB_RECHECK_MS;
import static org.mpsdn.impl.enb.OsgiPropertyConstants.ENB_RECHECK_MS_DEFAULT;
import static org.mpsdn.impl.tls.ControllerTls.CONTROLLER_CA_FILE;
import static org.mpsdn.impl.tls.ControllerTls.CONTROLLER_CA_FILE_DEFAULT;
import static org.mpsdn.impl.tls.ControllerTls.CONTROLLER_CERT_FILE;
import static org.mpsdn.impl.tls.ControllerTls.CONTROLLER_CERT_FILE_DEFAULT;
import static org.mpsdn.impl.tls.ControllerTls.CONTROLLER_KEY_FILE;
import static org.mpsdn.impl.tls.ControllerTls.CONTROLLER_KEY_FILE_DEFAULT;
import static org.onlab.util.Tools.groupedThreads;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * ONOS component that installs eNB cluster scheduling intents: the
 * {@link IntentInstaller} of {@link IntentKind#ENB_SCHEDULING}, bound by the northbound
 * intent manager, with an {@link EnbIntentInstaller} inside. The eNB of an intent is an LTE AP
 * whose netcfg entry has an {@code enbAgent} endpoint (read once per netcfg change, kept in
 * {@link EnbClients}); the flows meeting at it are the regulation service's managed flows at
 * that AP (the multipath user is the flow's UE, and the eNB's UE id is the mpsdn UE id). The
 * controller reaches the eNB over mTLS with the same PKI files as the AP agents
 * ({@code tlsCertFile}, {@code tlsKeyFile}, {@code tlsCaFile}; the eNB's certificate must carry
 * {@code mpsdn://ap/<enbId>}). {@code enbPlaintext=true} turns TLS off: lab only.
 *
 * <p>An intent's {@link org.mpsdn.api.northbound.EnbSplit} becomes the eNB's split
 * configuration ({@link EnbIntentPlanner#splitsOf}); an intent without one clears it, so the
 * eNB scheduling intent owns its eNB's split configuration. Every regulation event of an AP
 * (a cycle updated its state) makes the installer re-plan the installed intents at that AP
 * ({@link EnbIntentInstaller#replan}): pushed only when the flows, and then the plan,
 * changed. At the first such event it takes over the ENB_SCHEDULING intents already INSTALLED
 * or FAILED in the (distributed) intent table, so that they are re-planned after an app
 * reactivation or on a new leader too.</p>
 *
 * <p>In a cluster, only the instance that owns the eNB's control domain (ONOS leadership, {@link #ownsEnb})
 * pushes, re-checks and writes an intent's state: every instance hears the intent table's changes
 * ({@link EnbIntentInstaller#intentChanged}) and the installer checks the ownership inside each queued task; an
 * intent submitted on another instance completes there with a {@code NotOwnerException}, which is not written.</p>
 */
@Component(immediate = true, service = IntentInstaller.class,
        property = {
                ENB_DEADLINE_MS + ":Integer=" + ENB_DEADLINE_MS_DEFAULT,
                ENB_RECHECK_MS + ":Integer=" + ENB_RECHECK_MS_DEFAULT,
                ENB_PLAINTEXT + ":Boolean=" + ENB_PLAINTEXT_DEFAULT,
                CONTROLLER_CERT_FILE + "=" + CONTROLLER_CERT_FILE_DEFAULT,
                CONTROLLER_KEY_FILE + "=" + CONTROLLER_KEY_FILE_DEFAULT,
                CONTROLLER_CA_FILE + "=" + CONTROLLER_CA_FILE_DEFAULT,
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

    /** Who owns each control domain: the owner of an eNB's domain pushes its policies. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected LeadershipService leadershipService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ClusterService clusterService;

    /** The cluster's intent table, whose changes reach every instance. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

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
    private int enbDeadlineMs = ENB_DEADLINE_MS_DEFAULT;
    /** Re-check interval of installed intents whose flows did not change, in ms. */
    private int enbRecheckMs = ENB_RECHECK_MS_DEFAULT;
    /** Lab only: talk to eNBs without TLS. */
    private boolean enbPlaintext = ENB_PLAINTEXT_DEFAULT;
    /** Controller certificate (PEM). */
    private String tlsCertFile = CONTROLLER_CERT_FILE_DEFAULT;
    /** Controller private key (PKCS#8 PEM). */
    private String tlsKeyFile = CONTROLLER_KEY_FILE_DEFAULT;
    /** CA certificate that signs the eNBs (PEM). */
    private String tlsCaFile = CONTROLLER_CA_FILE_DEFAULT;

    private final EnbClients clients = new EnbClients();
    private ApplicationId appId;
    private ExecutorService executor;
    private volatile EnbIntentInstaller installer;
    private final RegulationListener regulationListener = new InternalRegulationListener();
    private final NetworkConfigListener configListener = new MpsdnConfigListener(this::readEndpoints);
    private volatile IntentStateListener stateListener;
    private volatile Map<String, String> domains = Map.of();
    private DistributedIntentTable intentTable;
    private MapEventListener<String, StoredIntent> intentListener;

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
        configService.addListener(configListener);
        readEndpoints();
        executor = Executors.newSingleThreadExecutor(groupedThreads("mpsdn/enb", "installer-%d", log));
        adopted = false;
        installer = new EnbIntentInstaller(clients::client, this::flowsAt, EnbIntentPlanner::splitsOf, executor,
                this::ownsEnb);
        installer.setStateListener(stateListener);
        installer.setRecheckIntervalMillis(enbRecheckMs);
        if (storageService != null) {
            intentTable = new DistributedIntentTable(storageService);
            EnbIntentInstaller inst = installer;
            intentListener = intentTable.addListener(inst::intentChanged);
        }
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
        if (intentTable != null) {
            intentTable.removeListener(intentListener);
        }
        configService.removeListener(configListener);
        componentConfigService.unregisterProperties(getClass(), false);
        if (executor != null) {
            executor.shutdownNow();
        }
        clients.close();
        log.info("Stopped");
    }

    /**
     * Reads the properties (absent ones keep their value; an invalid one is logged and keeps
     * its value, except {@code enbPlaintext}, which is false unless it reads {@code true}),
     * loads the TLS files and drops the cached eNB clients.
     *
     * @param props properties, may be null
     */
    synchronized void configure(Dictionary<?, ?> props) {
        PropertyReader r = new PropertyReader(props);
        enbDeadlineMs = r.integer(ENB_DEADLINE_MS, enbDeadlineMs, 1, Integer.MAX_VALUE);
        enbRecheckMs = r.integer(ENB_RECHECK_MS, enbRecheckMs, 0, Integer.MAX_VALUE);
        int errors = r.errors().size();
        enbPlaintext = r.bool(ENB_PLAINTEXT, enbPlaintext) && r.errors().size() == errors;
        tlsCertFile = r.string(CONTROLLER_CERT_FILE, tlsCertFile);
        tlsKeyFile = r.string(CONTROLLER_KEY_FILE, tlsKeyFile);
        tlsCaFile = r.string(CONTROLLER_CA_FILE, tlsCaFile);
        r.errors().forEach(e -> log.error("Invalid eNB property, keeping its value: {}", e));
        EnbIntentInstaller inst = installer;
        if (inst != null) {
            inst.setRecheckIntervalMillis(enbRecheckMs);
        }
        ControllerTls tls = null;
        String tlsError = "";
        if (enbPlaintext) {
            log.warn("enbPlaintext=true: eNB policies travel without TLS (lab only)");
        } else {
            try {
                tls = ControllerTls.loadConfigured(tlsCertFile, tlsKeyFile, tlsCaFile);
            } catch (IllegalStateException e) {
                tlsError = e.getMessage();
                log.error("Cannot load {}; eNB intents will fail", tlsError);
            }
        }
        clients.configure(enbDeadlineMs, enbPlaintext, tls, tlsError);
    }

    /** Reads the eNB endpoints from the netcfg (at activation and once per change of it). */
    private void readEndpoints() {
        MpsdnConfig cfg = configService.getConfig(appId, MpsdnConfig.class);
        if (cfg == null) {
            clients.setEndpointsUnavailable("no mpsdn network config");
            return;
        }
        Map<String, HostPort> enbs = new LinkedHashMap<>();
        Map<String, String> apDomains = new LinkedHashMap<>();
        try {
            for (ApSpec ap : cfg.aps()) {
                ap.enbAgent().ifPresent(e -> enbs.put(ap.id(), e));
                apDomains.put(ap.id(), ap.domain());
            }
        } catch (InvalidFieldException e) {
            clients.setEndpointsUnavailable("network config invalid: " + e.getMessage());
            return;
        }
        domains = Map.copyOf(apDomains);
        clients.setEndpoints(enbs);
    }

    /**
     * Whether this instance owns the control domain of an eNB now (an eNB the netcfg does not name: the default
     * domain's owner, which fails its intents with the reason). Without a leadership service (a single instance
     * outside ONOS) it owns every domain.
     *
     * @param enbId eNB (LTE AP) id
     * @return true if this instance pushes to that eNB
     */
    boolean ownsEnb(String enbId) {
        LeadershipService leadership = leadershipService;
        return leadership == null || DomainOwnership.isOwner(leadership, clusterService.getLocalNode().id(),
                domains.getOrDefault(enbId, ApSpec.DEFAULT_DOMAIN));
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
