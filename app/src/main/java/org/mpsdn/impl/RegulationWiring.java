package org.mpsdn.impl;

import org.mpsdn.impl.config.MpsdnConfig;
import org.mpsdn.impl.loop.LoopReferences;
import org.mpsdn.impl.loop.RegulationLoop;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.config.ConfigFactory;
import org.onosproject.net.config.basics.SubjectFactories;
import org.onosproject.net.packet.PacketProcessor;

/**
 * The regulation component's wiring: builds the {@link RegulationLoop} from the component's ONOS services and
 * registers (then removes) the loop's listeners, its packet processor, its store delegate and the app's netcfg
 * factory. A plain class, as the ONOS 2.7.0 apps keep their components thin (e.g.
 * {@code apps/kubevirt-networking/app/src/main/java/org/onosproject/kubevirtnetworking/impl/
 * KubevirtNetworkManager.java} delegates its work to a store and handlers).
 */
final class RegulationWiring {
    private final ConfigFactory<ApplicationId, MpsdnConfig> configFactory =
            new ConfigFactory<>(SubjectFactories.APP_SUBJECT_FACTORY, MpsdnConfig.class, MpsdnConfig.KEY) {
                @Override
                public MpsdnConfig createConfig() {
                    return new MpsdnConfig();
                }
            };
    private final RegulationManager c;
    private final RegulationLoop loop;

    /**
     * Builds the loop over the component's references (nothing is registered before {@link #register}).
     *
     * @param component the component, its references set
     * @param appId     the app's id
     * @param refs      what the loop reads from the component each time it needs it
     */
    RegulationWiring(RegulationManager component, ApplicationId appId, LoopReferences refs) {
        this.c = component;
        this.loop = new RegulationLoop(appId, c.flowRuleService, c.meterService, c.mastershipService, c.store, refs,
                c.leadershipService, c.clusterService.getLocalNode().id(), c.ladderStore,
                c.clusterCommunicationService);
    }

    /** @return the loop */
    RegulationLoop loop() {
        return loop;
    }

    /** Registers the loop's listeners, processor and delegate with ONOS's services. */
    void register() {
        c.leadershipService.addListener(loop.ownership().listener());
        c.store.setDelegate(loop.storeDelegate());
        c.configRegistry.registerConfigFactory(configFactory);
        c.configRegistry.addListener(loop.configListener());
        c.mastershipService.addListener(loop.mastershipListener());
        c.meterService.addListener(loop.meterListener());
        c.flowRuleService.addListener(loop.flowRuleListener());
        c.packetService.addProcessor(loop.packetProcessor(), PacketProcessor.director(2));
    }

    /** Removes what {@link #register} registered. */
    void unregister() {
        c.packetService.removeProcessor(loop.packetProcessor());
        c.flowRuleService.removeListener(loop.flowRuleListener());
        c.meterService.removeListener(loop.meterListener());
        c.mastershipService.removeListener(loop.mastershipListener());
        c.configRegistry.removeListener(loop.configListener());
        c.leadershipService.removeListener(loop.ownership().listener());
        c.configRegistry.unregisterConfigFactory(configFactory);
        c.store.unsetDelegate(loop.storeDelegate());
    }
}
