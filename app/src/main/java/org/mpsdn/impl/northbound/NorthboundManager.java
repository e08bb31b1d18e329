package org.mpsdn.impl.northbound;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.mpsdn.api.detection.DetectedUser;
import org.mpsdn.api.detection.DetectionService;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.northbound.ApInfo;
import org.mpsdn.api.northbound.ApOverride;
import org.mpsdn.api.northbound.IntentInstaller;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.NorthboundAdminService;
import org.mpsdn.api.northbound.NorthboundService;
import org.mpsdn.api.northbound.UeInfo;
import org.mpsdn.api.northbound.UeRegistration;
import org.mpsdn.api.regulation.ManagedFlow;
import org.mpsdn.api.regulation.RegulationService;
import org.mpsdn.api.telemetry.ApTelemetry;
import org.mpsdn.api.telemetry.ApTelemetryService;
import org.mpsdn.core.Profile;
import org.mpsdn.impl.RegulationManager;
import org.mpsdn.impl.RegulationProperties;
import org.mpsdn.impl.cluster.DomainOwnership;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.impl.config.MpsdnConfig;
import org.mpsdn.impl.config.UeSpec;
import org.mpsdn.impl.decide.EngineParams;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.cluster.LeadershipService;
import org.onosproject.cluster.NodeId;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.net.config.InvalidFieldException;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.store.service.StorageService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Northbound service of the app: operator views built from the config, the regulation
 * service and telemetry; writes through the network config (overrides, UEs) and the component
 * config (parameters); intents kept in an {@link IntentBook} over the cluster's distributed
 * intent map, so they and their states survive a leader change or an app reactivation.
 */
@Component(immediate = true, service = {NorthboundService.class, NorthboundAdminService.class})
public class NorthboundManager implements NorthboundAdminService {

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService configService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService componentConfigService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected RegulationService regulationService;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    protected volatile ApTelemetryService telemetryService;

    /** The multipath-user detection (its users name the UEs not registered), optional. */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    protected volatile DetectionService detectionService;

    /** Which instance owns (regulates) each control domain, named in each AP's view. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected LeadershipService leadershipService;

    /** Keeps the intents cluster-wide and across reactivations. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    /** Wall clock; tests replace it. */
    LongSupplier clock = System::currentTimeMillis;

    private final List<IntentInstaller> pendingInstallers = new ArrayList<>();
    private volatile IntentBook book;
    private ApplicationId appId;

    /**
     * Starts the service.
     */
    @Activate
    protected void activate() {
        appId = coreService.registerApplication(RegulationManager.APP_NAME);
        synchronized (pendingInstallers) {
            book = new IntentBook(() -> clock.getAsLong(), new DistributedIntentTable(storageService));
            pendingInstallers.forEach(book::addInstaller);
            pendingInstallers.clear();
        }
        log.info("Started");
    }

    /**
     * Stops the service.
     */
    @Deactivate
    protected void deactivate() {
        log.info("Stopped");
    }

    /**
     * Binds an intent installer.
     *
     * @param installer installer
     */
    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            unbind = "unbindInstaller")
    protected void bindInstaller(IntentInstaller installer) {
        synchronized (pendingInstallers) {
            if (book == null) {
                pendingInstallers.add(installer);
                return;
            }
        }
        book.addInstaller(installer);
    }

    /**
     * Unbinds an intent installer.
     *
     * @param installer installer
     */
    protected void unbindInstaller(IntentInstaller installer) {
        synchronized (pendingInstallers) {
            pendingInstallers.remove(installer);
        }
        IntentBook b = book;
        if (b != null) {
            b.removeInstaller(installer);
        }
    }

    // ------------------------------------------------------------------ reads

    private MpsdnConfig config() {
        return configService.getConfig(appId, MpsdnConfig.class);
    }

    private List<ApSpec> apSpecs() {
        MpsdnConfig cfg = config();
        if (cfg == null) {
            return List.of();
        }
        try {
            return cfg.aps();
        } catch (InvalidFieldException e) {
            return List.of();
        }
    }

    private List<UeSpec> ueSpecs() {
        MpsdnConfig cfg = config();
        if (cfg == null) {
            return List.of();
        }
        try {
            return cfg.ues();
        } catch (InvalidFieldException e) {
            return List.of();
        }
    }

    private Views.Telemetry telemetry(String apId) {
        ApTelemetryService t = telemetryService;
        if (t == null) {
            return new Views.Telemetry(false, Optional.empty(), 0);
        }
        return new Views.Telemetry(true, t.latest(apId), t.missedCycles(apId));
    }

    private RegulationProperties properties() {
        return Parameters.read(componentConfigService);
    }

    @Override
    public List<ApInfo> aps() {
        RegulationProperties p = properties();
        Collection<ManagedFlow> flows = regulationService.managedFlows();
        List<ApInfo> result = new ArrayList<>();
        for (ApSpec ap : apSpecs()) {
            result.add(Views.ap(ap, regulationService.apState(ap.id()), telemetry(ap.id()), flows,
                    p.intervalMs(), p.failOpenDelayMs()).inDomain(ap.domain(), owner(ap.domain())));
        }
        return result;
    }

    /** The node id of the instance that owns a domain, empty while none is elected (or outside ONOS). */
    private String owner(String domain) {
        LeadershipService leadership = leadershipService;
        NodeId n = leadership == null ? null : leadership.getLeader(DomainOwnership.topic(domain));
        return n == null ? "" : n.id();
    }

    @Override
    public Optional<ApInfo> ap(String apId) {
        return aps().stream().filter(a -> a.id().equals(apId)).findFirst();
    }

    private Map<String, UeInfo> ueMap() {
        Map<String, Optional<ApTelemetry>> reports = new LinkedHashMap<>();
        for (ApSpec ap : apSpecs()) {
            reports.put(ap.id(), telemetry(ap.id()).report);
        }
        DetectionService d = detectionService;
        List<DetectedUser> detected = d == null ? List.of() : d.detection().users();
        return Views.ues(ueSpecs(), detected, reports, regulationService.primaries(),
                regulationService.managedFlows());
    }

    @Override
    public List<UeInfo> ues() {
        return List.copyOf(ueMap().values());
    }

    @Override
    public Optional<UeInfo> ue(String ueId) {
        return Optional.ofNullable(ueMap().get(ueId));
    }

    @Override
    public List<ManagedFlow> flows(String apId, String ueId, Tier tier) {
        List<ManagedFlow> result = new ArrayList<>();
        for (ManagedFlow f : regulationService.managedFlows()) {
            if ((apId == null || f.apId().equals(apId)) && (ueId == null || f.ueId().equals(ueId))
                    && (tier == null || f.tier() == tier)) {
                result.add(f);
            }
        }
        return result;
    }

    @Override
    public Map<String, String> parameters() {
        RegulationProperties p = properties();
        return Parameters.values(p, EngineParams.profileInForce(netcfgProfile(), p));
    }

    @Override
    public Map<String, String> ignoredParameters() {
        return Parameters.ignored(EngineParams.profileInForce(netcfgProfile(), properties()),
                regulationService.apStates());
    }

    /** The profile the app's netcfg sets; empty when none, or when the netcfg is invalid (not in force). */
    private Optional<Profile> netcfgProfile() {
        MpsdnConfig cfg = config();
        if (cfg == null) {
            return Optional.empty();
        }
        try {
            return cfg.profile();
        } catch (InvalidFieldException e) {
            return Optional.empty();
        }
    }

    @Override
    public List<MpsdnIntent> intents() {
        return book.all();
    }

    @Override
    public Optional<MpsdnIntent> intent(String intentId) {
        return book.get(intentId);
    }

    // ------------------------------------------------------------------ writes

    @Override
    public Map<String, String> setParameters(Map<String, String> values) {
        Parameters.set(componentConfigService, values, netcfgProfile(), properties());
        log.info("Parameters set: {}", values);
        return parameters();
    }

    private JsonNode currentNode() {
        MpsdnConfig cfg = config();
        return cfg == null ? null : cfg.node();
    }

    @Override
    public void setApOverride(String apId, ApOverride override) {
        ObjectNode next = ConfigEdits.setOverride(appId, currentNode(), apId, override);
        configService.applyConfig(appId, MpsdnConfig.class, next);
    }

    @Override
    public void registerUe(UeRegistration registration) {
        ObjectNode next = ConfigEdits.registerUe(appId, currentNode(), registration);
        configService.applyConfig(appId, MpsdnConfig.class, next);
    }

    @Override
    public boolean unregisterUe(String ueId) {
        ObjectNode next = ConfigEdits.unregisterUe(appId, currentNode(), ueId);
        if (next == null) {
            return false;
        }
        configService.applyConfig(appId, MpsdnConfig.class, next);
        return true;
    }

    @Override
    public MpsdnIntent submitIntent(MpsdnIntent intent) {
        SubmitChecks.check(intent, apSpecs(), () -> ueMap().keySet(), book.all());
        return book.submit(intent);
    }

    @Override
    public boolean withdrawIntent(String intentId) {
        return book.withdraw(intentId);
    }
}
