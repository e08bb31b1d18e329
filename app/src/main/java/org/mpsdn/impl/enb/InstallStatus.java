package org.mpsdn.impl.enb;

import java.util.Objects;

/**
 * What is known about one push to one eNB.
 */
public final class InstallStatus {
    private final String enbId;
    private final long version;
    private final InstallState state;
    private final String reason;

    /**
     * Creates a status.
     *
     * @param enbId   eNB
     * @param version pushed version
     * @param state   state
     * @param reason  why it failed (gRPC code and the eNB's message); empty otherwise
     */
    public InstallStatus(String enbId, long version, InstallState state, String reason) {
        this.enbId = Objects.requireNonNull(enbId, "enbId");
        this.version = version;
        this.state = Objects.requireNonNull(state, "state");
        this.reason = reason == null ? "" : reason;
    }

    /**
     * Returns the eNB.
     *
     * @return eNB id
     */
    public String enbId() {
        return enbId;
    }

    /**
     * Returns the pushed version.
     *
     * @return version
     */
    public long version() {
        return version;
    }

    /**
     * Returns the state.
     *
     * @return state
     */
    public InstallState state() {
        return state;
    }

    /**
     * Returns the failure reason, empty unless FAILED.
     *
     * @return reason
     */
    public String reason() {
        return reason;
    }

    @Override
    public String toString() {
        return "InstallStatus{" + enbId + " v" + version + " " + state
                + (reason.isEmpty() ? "" : " (" + reason + ")") + "}";
    }
}
