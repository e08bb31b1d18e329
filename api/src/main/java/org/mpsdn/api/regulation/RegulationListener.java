package org.mpsdn.api.regulation;

import org.onosproject.event.EventListener;

/**
 * Listener of regulation state changes.
 */
public interface RegulationListener extends EventListener<RegulationEvent> {
}
