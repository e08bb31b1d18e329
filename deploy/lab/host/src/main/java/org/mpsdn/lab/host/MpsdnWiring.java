package org.mpsdn.lab.host;

import org.mpsdn.api.regulation.CycleObserver;
import org.mpsdn.api.telemetry.ApTelemetryService;
import org.mpsdn.impl.RegulationManager;
import org.mpsdn.impl.store.DistributedRegulationStore;
import org.mpsdn.impl.telemetry.AgentRegistry;
import org.mpsdn.lab.host.services.LabCoreService;
import org.mpsdn.lab.host.services.LabEventDispatcher;
import org.mpsdn.lab.host.services.LabMastershipService;
import org.mpsdn.lab.host.services.LabNetworkConfigService;
import org.mpsdn.lab.host.services.OpenFlowSouthbound;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.net.config.basics.SubjectFactories;
import org.onosproject.store.service.TestStorageService;
import org.osgi.service.component.ComponentContext;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Map;

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
        set(mgr, "store", store);
        set(mgr, "telemetryService", telemetry);
        // optional dynamic references bound before activation: activate() publishes the netcfg's agents
        set(mgr, "agentRegistry", registry);
        set(mgr, "cycleObserver", observer);
        set(mgr, "eventDispatcher", new LabEventDispatcher());
        invoke(mgr, "activate", new Class<?>[]{ComponentContext.class}, context(props));
        return mgr;
    }

    static ComponentContext context(Map<String, Object> props) {
        Dictionary<String, Object> d = new Hashtable<>(props);
        return (ComponentContext) Proxy.newProxyInstance(
                MpsdnWiring.class.getClassLoader(), new Class<?>[]{ComponentContext.class},
                (proxy, method, args) -> {
                    if ("getProperties".equals(method.getName())) {
                        return d;
                    }
                    if ("toString".equals(method.getName())) {
                        return "LabComponentContext" + props;
                    }
                    return null;
                });
    }

    static void set(Object target, String name, Object value) throws ReflectiveOperationException {
        for (Class<?> c = target.getClass(); c != null; c = c.getSuperclass()) {
            try {
                Field f = c.getDeclaredField(name);
                f.setAccessible(true);
                f.set(target, value);
                return;
            } catch (NoSuchFieldException e) {
                // try the superclass
            }
        }
        throw new NoSuchFieldException(target.getClass().getName() + "." + name);
    }

    static void invoke(Object target, String name, Class<?>[] types, Object... args)
            throws ReflectiveOperationException {
        Method m = target.getClass().getDeclaredMethod(name, types);
        m.setAccessible(true);
        try {
            m.invoke(target, args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException) {
                throw (RuntimeException) e.getCause();
            }
            throw e;
        }
    }
}
