package org.mpsdn.lab.host.rest;

import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.cfg.ConfigProperty;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * In-memory component configuration: property values per component, and a callback per component that
 * plays the part of OSGi's {@code @Modified} with all of the component's values after a change.
 */
public final class LabComponentConfigService extends ComponentConfigAdapter {

    private final Map<String, Map<String, String>> values = new ConcurrentHashMap<>();
    private final Map<String, Consumer<Map<String, String>>> onModified = new ConcurrentHashMap<>();

    /**
     * Seeds a component's values (those it was activated with) and sets its modified callback.
     *
     * @param component  component name (class name)
     * @param initial    values in force
     * @param modified   called with all values after each change
     */
    public void manage(String component, Map<String, ?> initial, Consumer<Map<String, String>> modified) {
        Map<String, String> m = values.computeIfAbsent(component, c -> new ConcurrentHashMap<>());
        initial.forEach((k, v) -> m.put(k, String.valueOf(v)));
        onModified.put(component, modified);
    }

    @Override
    public Set<String> getComponentNames() {
        return Set.copyOf(values.keySet());
    }

    @Override
    public Set<ConfigProperty> getProperties(String componentName) {
        Map<String, String> m = values.get(componentName);
        if (m == null) {
            return null;
        }
        Set<ConfigProperty> result = new HashSet<>();
        m.forEach((k, v) -> result.add(ConfigProperty.defineProperty(k, ConfigProperty.Type.STRING, v, k)));
        return result;
    }

    @Override
    public ConfigProperty getProperty(String componentName, String attribute) {
        Map<String, String> m = values.get(componentName);
        String v = m == null ? null : m.get(attribute);
        return v == null ? null : ConfigProperty.defineProperty(attribute, ConfigProperty.Type.STRING, v, attribute);
    }

    @Override
    public void setProperty(String componentName, String name, String value) {
        Map<String, String> m = values.computeIfAbsent(componentName, c -> new ConcurrentHashMap<>());
        m.put(name, value);
        Consumer<Map<String, String>> cb = onModified.get(componentName);
        if (cb != null) {
            cb.accept(new LinkedHashMap<>(m));
        }
    }

    @Override
    public void unsetProperty(String componentName, String name) {
        Map<String, String> m = values.get(componentName);
        if (m != null && m.remove(name) != null) {
            Consumer<Map<String, String>> cb = onModified.get(componentName);
            if (cb != null) {
                cb.accept(new LinkedHashMap<>(m));
            }
        }
    }
}
