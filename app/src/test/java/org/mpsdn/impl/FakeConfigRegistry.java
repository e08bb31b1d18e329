package org.mpsdn.impl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.mpsdn.impl.config.MpsdnConfig;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.config.Config;
import org.onosproject.net.config.ConfigApplyDelegate;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.config.NetworkConfigRegistryAdapter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Network config registry holding the app's one config, with events.
 */
class FakeConfigRegistry extends NetworkConfigRegistryAdapter {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    final List<NetworkConfigListener> listeners = new CopyOnWriteArrayList<>();
    volatile MpsdnConfig config;
    int factories;

    static MpsdnConfig parse(ApplicationId appId, String json) {
        try {
            JsonNode node = MAPPER.readTree(json);
            MpsdnConfig cfg = new MpsdnConfig();
            ConfigApplyDelegate delegate = c -> { };
            cfg.init(appId, MpsdnConfig.KEY, node, MAPPER, delegate);
            return cfg;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void set(ApplicationId appId, String json) {
        config = parse(appId, json);
        NetworkConfigEvent e = new NetworkConfigEvent(NetworkConfigEvent.Type.CONFIG_UPDATED, appId,
                MpsdnConfig.class);
        listeners.forEach(l -> {
            if (l.isRelevant(e)) {
                l.event(e);
            }
        });
    }

    @Override
    @SuppressWarnings("unchecked")
    public <S, C extends Config<S>> C getConfig(S subject, Class<C> configClass) {
        return configClass == MpsdnConfig.class ? (C) config : null;
    }

    @Override
    public void registerConfigFactory(org.onosproject.net.config.ConfigFactory configFactory) {
        factories++;
    }

    @Override
    public void unregisterConfigFactory(org.onosproject.net.config.ConfigFactory configFactory) {
        factories--;
    }

    @Override
    public void addListener(NetworkConfigListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(NetworkConfigListener listener) {
        listeners.remove(listener);
    }
}
