package org.mpsdn.api.northbound;

/**
 * State of an intent. Only an installer's acknowledgement moves an intent out of PENDING.
 */
public enum IntentState {
    /** Accepted, not (yet) acknowledged by the component that must apply it. */
    PENDING,
    /** The agent (or regulation loop) acknowledged it. */
    INSTALLED,
    /** The agent rejected it or could not be reached; see the reason. */
    FAILED
}
