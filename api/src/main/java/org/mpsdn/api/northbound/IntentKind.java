package org.mpsdn.api.northbound;

/**
 * Kinds of operator intents.
 */
public enum IntentKind {
    /** Per-UE multipath policy: regulate, exempt, or pin the primary to an AP. */
    MULTIPATH_POLICY,
    /** eNB cluster scheduling: inter- and intra-cluster disciplines of one eNB. */
    ENB_SCHEDULING,
    /** MPTCP client path weights: manual weights or automatic. */
    CLIENT_WEIGHTS,
    /** ATSSS-style steering of a UE's (or every UE's) traffic, or of some of its flows, by mode. */
    STEERING
}
