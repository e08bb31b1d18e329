package org.mpsdn.impl.enb;

/**
 * State of a policy or split configuration pushed to an eNB, following the
 * eNB's acknowledgement.
 */
public enum InstallState {
    /** Sent, no answer yet. */
    PENDING,
    /** The eNB acknowledged the version. */
    INSTALLED,
    /** The eNB rejected it or could not be reached; see the reason. */
    FAILED
}
