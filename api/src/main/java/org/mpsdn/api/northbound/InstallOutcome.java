package org.mpsdn.api.northbound;

import java.util.Objects;

/**
 * What an agent answered to an install or removal: acknowledged, or failed with a reason.
 */
public final class InstallOutcome {
    private final boolean acknowledged;
    private final String reason;

    private InstallOutcome(boolean acknowledged, String reason) {
        this.acknowledged = acknowledged;
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    /**
     * The agent acknowledged.
     *
     * @return outcome
     */
    public static InstallOutcome acknowledged() {
        return new InstallOutcome(true, "");
    }

    /**
     * The agent rejected it or could not be reached.
     *
     * @param reason why (the agent's error, or the transport error)
     * @return outcome
     */
    public static InstallOutcome failed(String reason) {
        if (reason == null || reason.isEmpty()) {
            throw new IllegalArgumentException("reason: a failure needs a reason");
        }
        return new InstallOutcome(false, reason);
    }

    /** @return true when acknowledged */
    public boolean isAcknowledged() {
        return acknowledged;
    }

    /** @return failure reason, empty when acknowledged */
    public String reason() {
        return reason;
    }

    @Override
    public String toString() {
        return acknowledged ? "acknowledged" : "failed: " + reason;
    }
}
