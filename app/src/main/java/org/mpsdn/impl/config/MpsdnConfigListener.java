package org.mpsdn.impl.config;

import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;

import java.util.Objects;

/**
 * Listens to the app's network config ({@link MpsdnConfig}): runs an action each time it is
 * added, updated or removed, so that a component parses it once per change.
 */
public final class MpsdnConfigListener implements NetworkConfigListener {
    private final Runnable onChange;

    /**
     * Creates the listener.
     *
     * @param onChange what to run on each change (on the ONOS event thread)
     */
    public MpsdnConfigListener(Runnable onChange) {
        this.onChange = Objects.requireNonNull(onChange, "onChange");
    }

    @Override
    public boolean isRelevant(NetworkConfigEvent event) {
        return event.configClass().equals(MpsdnConfig.class);
    }

    @Override
    public void event(NetworkConfigEvent event) {
        switch (event.type()) {
            case CONFIG_ADDED:
            case CONFIG_UPDATED:
            case CONFIG_REMOVED:
                onChange.run();
                break;
            default:
                break;
        }
    }
}
