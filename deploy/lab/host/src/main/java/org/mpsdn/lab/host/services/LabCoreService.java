package org.mpsdn.lab.host.services;

import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.core.DefaultApplicationId;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * In-memory application id registry.
 */
public final class LabCoreService extends CoreServiceAdapter {

    private final Map<String, ApplicationId> apps = new ConcurrentHashMap<>();
    private final AtomicInteger nextId = new AtomicInteger(100);

    @Override
    public ApplicationId registerApplication(String name) {
        return apps.computeIfAbsent(name, n -> new DefaultApplicationId(nextId.incrementAndGet(), n));
    }

    @Override
    public ApplicationId registerApplication(String name, Runnable preDeactivate) {
        return registerApplication(name);
    }

    @Override
    public ApplicationId getAppId(String name) {
        return apps.get(name);
    }

    @Override
    public ApplicationId getAppId(Short id) {
        return apps.values().stream().filter(a -> a.id() == id).findFirst().orElse(null);
    }

    @Override
    public Set<ApplicationId> getAppIds() {
        return Set.copyOf(apps.values());
    }
}
