package org.mpsdn.api.northbound;

import java.util.Map;
import java.util.Objects;

/**
 * What an agent answered to an install or removal: acknowledged, or failed with a reason; for
 * an intent that governs several clients, also what applies on each ({@link #applied()}).
 */
public final class InstallOutcome {
    private final boolean acknowledged;
    private final String reason;
    private final Map<String, String> applied;

    private InstallOutcome(boolean acknowledged, String reason, Map<String, String> applied) {
        this.acknowledged = acknowledged;
        this.reason = Objects.requireNonNull(reason, "reason");
        this.applied = Map.copyOf(applied);
    }

    /**
     * The agent acknowledged.
     *
     * @return outcome
     */
    public static InstallOutcome acknowledged() {
        return new InstallOutcome(true, "", Map.of());
    }

    /**
     * The intent applies, with what applies on each client.
     *
     * @param applied client id to the mechanism applied there
     * @return outcome
     */
    public static InstallOutcome acknowledged(Map<String, String> applied) {
        return new InstallOutcome(true, "", applied);
    }

    /**
     * The agent rejected it or could not be reached.
     *
     * @param reason why (the agent's error, or the transport error)
     * @return outcome
     */
    public static InstallOutcome failed(String reason) {
        return failed(reason, Map.of());
    }

    /**
     * The intent could not be applied (on some client), with what applies on each client.
     *
     * @param reason  why
     * @param applied client id to the mechanism applied there, or why nothing is
     * @return outcome
     */
    public static InstallOutcome failed(String reason, Map<String, String> applied) {
        if (reason == null || reason.isEmpty()) {
            throw new IllegalArgumentException("reason: a failure needs a reason");
        }
        return new InstallOutcome(false, reason, applied);
    }

    /** @return true when acknowledged */
    public boolean isAcknowledged() {
        return acknowledged;
    }

    /** @return failure reason, empty when acknowledged */
    public String reason() {
        return reason;
    }

    /** @return client id to what applies there; empty when the installer does not report it */
    public Map<String, String> applied() {
        return applied;
    }

    @Override
    public String toString() {
        return acknowledged ? "acknowledged" : "failed: " + reason;
    }
}
