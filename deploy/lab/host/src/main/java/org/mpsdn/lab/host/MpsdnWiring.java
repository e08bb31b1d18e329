package org.mpsdn.lab.host;

import org.mpsdn.api.regulation.CycleObserver;
import org.mpsdn.api.telemetry.ApTelemetryService;
import org.mpsdn.impl.RegulationManager;
import org.mpsdn.impl.store.DistributedRegulationStore;
import org.mpsdn.impl.telemetry.AgentRegistry;
import org.mpsdn.lab.host.services.LabClusterServices;
import org.mpsdn.lab.host.services.LabCoreService;
import org.mpsdn.lab.host.services.LabEventDispatcher;
import org.mpsdn.lab.host.services.LabMastershipService;
import org.mpsdn.lab.host.services.LabNetworkConfigService;
import org.mpsdn.lab.host.services.OpenFlowSouthbound;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.net.config.basics.SubjectFactories;
import org.onosproject.store.service.TestStorageService;
import org.osgi.service.component.ComponentContext;

import java.util.Map;

import static org.mpsdn.lab.host.rest.Components.context;
import static org.mpsdn.lab.host.rest.Components.invoke;
import static org.mpsdn.lab.host.rest.Components.set;

/**
 * Wires the app's real components (the classes that go into the .oar) to the lab's services the way
 * OSGi declarative services would: each {@code @Reference} field gets its service, then the
 * {@code @Activate} method runs with the component properties.
 */
final class MpsdnWiring {

    private MpsdnWiring() {
    }

    /**
     * Activates the store and the regulation manager.
     *
     * @param sb        southbound (flows, meters, packets, devices)
     * @param core      core service
     * @param netcfg    network config registry
     * @param telemetry AP telemetry
     * @param registry  the telemetry poller's agent registry (fed from the netcfg), or null
     * @param observer  cycle observer (metrics), or null
     * @param props     component properties of RegulationManager (e.g. intervalMs)
     * @return the activated manager
     * @throws ReflectiveOperationException if the components' shape changed
     */
    static RegulationManager activate(OpenFlowSouthbound sb, LabCoreService core, LabNetworkConfigService netcfg,
                                      ApTelemetryService telemetry, AgentRegistry registry,
                                      CycleObserver observer, Map<String, Object> props)
            throws ReflectiveOperationException {
        SubjectFactories.setCoreService(core);
        DistributedRegulationStore store = new DistributedRegulationStore();
        set(store, "storageService", new TestStorageService());
        invoke(store, "activate", new Class<?>[0]);

        RegulationManager mgr = new RegulationManager();
        set(mgr, "coreService", core);
        set(mgr, "configRegistry", netcfg);
        set(mgr, "componentConfigService", new ComponentConfigAdapter());
        set(mgr, "flowRuleService", sb.flowRuleService());
        set(mgr, "meterService", sb.meterService());
        set(mgr, "packetService", sb.packetService());
        set(mgr, "mastershipService", new LabMastershipService());
        set(mgr, "leadershipService", LabClusterServices.leadership());
        set(mgr, "clusterService", LabClusterServices.cluster());
        set(mgr, "clusterCommunicationService", LabClusterServices.messaging());
        set(mgr, "store", store);
        set(mgr, "ladderStore", store);
        set(mgr, "telemetryService", telemetry);
        // optional dynamic references bound before activation: activate() publishes the netcfg's agents
        set(mgr, "agentRegistry", registry);
        set(mgr, "cycleObserver", observer);
        set(mgr, "eventDispatcher", new LabEventDispatcher());
        invoke(mgr, "activate", new Class<?>[]{ComponentContext.class}, context(props));
        return mgr;
    }
}
