package org.mpsdn.lab.host.services;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.collect.ImmutableSet;
import org.onosproject.net.config.Config;
import org.onosproject.net.config.ConfigFactory;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.config.NetworkConfigRegistryAdapter;

import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * In-memory network configuration: accepts ONOS netcfg JSON ({@code {"apps": {"<app>": {"<key>": ...}}}}
 * and the other subject classes) before or after the app registers its config factories, exactly like
 * ONOS keeps pending configuration until a factory appears.
 */
public final class LabNetworkConfigService extends NetworkConfigRegistryAdapter {

    private final ObjectMapper mapper = new ObjectMapper();
    private final Set<ConfigFactory> factories = ConcurrentHashMap.newKeySet();
    private final Map<String, JsonNode> raw = new ConcurrentHashMap<>();
    private final Map<String, Config> configs = new ConcurrentHashMap<>();
    private final List<NetworkConfigListener> listeners = new CopyOnWriteArrayList<>();

    private static String key(String subjectClassKey, String subjectKey, String configKey) {
        return subjectClassKey + "|" + subjectKey + "|" + configKey;
    }

    /**
     * Loads a whole netcfg document.
     *
     * @param doc netcfg JSON (top level: subject class keys)
     */
    public void load(JsonNode doc) {
        Iterator<Map.Entry<String, JsonNode>> classes = doc.fields();
        while (classes.hasNext()) {
            Map.Entry<String, JsonNode> c = classes.next();
            Iterator<Map.Entry<String, JsonNode>> subjects = c.getValue().fields();
            while (subjects.hasNext()) {
                Map.Entry<String, JsonNode> s = subjects.next();
                Iterator<Map.Entry<String, JsonNode>> cfgs = s.getValue().fields();
                while (cfgs.hasNext()) {
                    Map.Entry<String, JsonNode> k = cfgs.next();
                    raw.put(key(c.getKey(), s.getKey(), k.getKey()), k.getValue());
                }
            }
        }
        factories.forEach(this::materialise);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void registerConfigFactory(ConfigFactory factory) {
        factories.add(factory);
        materialise(factory);
    }

    @Override
    public void unregisterConfigFactory(ConfigFactory factory) {
        factories.remove(factory);
    }

    @Override
    public Set<ConfigFactory> getConfigFactories() {
        return ImmutableSet.copyOf(factories);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <S, C extends Config<S>> ConfigFactory<S, C> getConfigFactory(Class<C> configClass) {
        return factories.stream().filter(f -> f.configClass().equals(configClass)).findFirst().orElse(null);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <S> Set<S> getSubjects(Class<S> subjectClass) {
        return (Set<S>) configs.values().stream().map(Config::subject)
                .filter(subjectClass::isInstance).collect(ImmutableSet.toImmutableSet());
    }

    @Override
    @SuppressWarnings("unchecked")
    public <S, C extends Config<S>> Set<S> getSubjects(Class<S> subjectClass, Class<C> configClass) {
        return (Set<S>) configs.values().stream().filter(configClass::isInstance).map(Config::subject)
                .filter(subjectClass::isInstance).collect(ImmutableSet.toImmutableSet());
    }

    @Override
    @SuppressWarnings("unchecked")
    public <S, C extends Config<S>> C getConfig(S subject, Class<C> configClass) {
        return (C) configs.values().stream()
                .filter(c -> configClass.isInstance(c) && c.subject().equals(subject)).findFirst().orElse(null);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <S, C extends Config<S>> C applyConfig(S subject, Class<C> configClass, JsonNode json) {
        ConfigFactory f = getConfigFactory(configClass);
        if (f == null) {
            throw new IllegalArgumentException("no config factory for " + configClass.getName());
        }
        raw.put(key(f.subjectFactory().subjectClassKey(), f.subjectFactory().subjectKey(subject), f.configKey()),
                json);
        return (C) create(f, subject, json);
    }

    @Override
    public void addListener(NetworkConfigListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(NetworkConfigListener listener) {
        listeners.remove(listener);
    }

    @SuppressWarnings("unchecked")
    private void materialise(ConfigFactory f) {
        String prefix = f.subjectFactory().subjectClassKey() + "|";
        String suffix = "|" + f.configKey();
        raw.forEach((k, json) -> {
            if (k.startsWith(prefix) && k.endsWith(suffix)) {
                String subjectKey = k.substring(prefix.length(), k.length() - suffix.length());
                create(f, f.subjectFactory().createSubject(subjectKey), json);
            }
        });
    }

    @SuppressWarnings("unchecked")
    private Config create(ConfigFactory f, Object subject, JsonNode json) {
        Config cfg = f.createConfig();
        cfg.init(subject, f.configKey(), json, mapper, c -> { });
        String k = key(f.subjectFactory().subjectClassKey(), f.subjectFactory().subjectKey(subject), f.configKey());
        Config prev = configs.put(k, cfg);
        NetworkConfigEvent ev = new NetworkConfigEvent(
                prev == null ? NetworkConfigEvent.Type.CONFIG_ADDED : NetworkConfigEvent.Type.CONFIG_UPDATED,
                subject, cfg, prev, f.configClass());
        listeners.forEach(l -> {
            if (l.isRelevant(ev)) {
                l.event(ev);
            }
        });
        return cfg;
    }
}
