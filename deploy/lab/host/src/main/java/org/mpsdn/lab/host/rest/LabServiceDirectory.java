package org.mpsdn.lab.host.rest;

import org.onlab.osgi.ServiceDirectory;
import org.onlab.osgi.ServiceNotFoundException;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Service directory the REST resources look their services up in (ONOS uses the OSGi registry).
 */
public final class LabServiceDirectory implements ServiceDirectory {

    private final Map<Class<?>, Object> services = new ConcurrentHashMap<>();

    /**
     * Registers a service.
     *
     * @param type    service interface or class
     * @param service implementation
     * @return this directory
     */
    public LabServiceDirectory add(Class<?> type, Object service) {
        if (!type.isInstance(service)) {
            throw new IllegalArgumentException(service.getClass().getName() + " is not a " + type.getName());
        }
        services.put(type, service);
        return this;
    }

    @Override
    public <T> T get(Class<T> serviceClass) {
        Object s = services.get(serviceClass);
        if (s == null) {
            throw new ServiceNotFoundException("Service " + serviceClass.getName() + " not found");
        }
        return serviceClass.cast(s);
    }
}
