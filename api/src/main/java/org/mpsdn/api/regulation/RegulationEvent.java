package org.mpsdn.api.regulation;

import org.onosproject.event.AbstractEvent;

/**
 * Change of an AP's shared regulation state.
 */
public class RegulationEvent extends AbstractEvent<RegulationEvent.Type, ApRegulationState> {

    /**
     * Kinds of regulation events.
     */
    public enum Type {
        /** An AP's state was created or changed (new limit, meter or occupancy). */
        AP_STATE_UPDATED,
        /** An AP's state was removed (AP left the config or the app was reset). */
        AP_STATE_REMOVED
    }

    /**
     * Creates an event.
     *
     * @param type    event type
     * @param subject AP state concerned
     */
    public RegulationEvent(Type type, ApRegulationState subject) {
        super(type, subject);
    }
}
