package org.mpsdn.api.northbound;

/**
 * How the controller knows a UE.
 */
public enum UeSource {
    /** Statically registered (netcfg or REST); the detector sees no live flow of it. */
    REGISTERED,
    /** Found by the multipath-user detector from its live flows; not registered. */
    DETECTED,
    /** Registered, and the detector also sees live flows of it. */
    BOTH,
    /** Only listed by an AP as an associated station: neither registered nor seen in a live flow. */
    STATION
}
