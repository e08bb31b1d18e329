package org.mpsdn.core.model;

import java.util.Objects;
import java.util.Optional;

/**
 * An operator's multipath policy for one device (not in the paper; set by a northbound
 * intent). The Regulation Center reads it while categorizing:
 * <ul>
 *   <li>{@link Mode#REGULATE}: the paper's behaviour (the default);</li>
 *   <li>{@link Mode#EXEMPT}: every flow of the device is Tier 1; for primary selection each of
 *       its connections counts as active load, like a single-path user's;</li>
 *   <li>{@link Mode#PIN_PRIMARY}: the device's primary is its connection to the given AP,
 *       active from the start of primary selection; the other connections are secondaries as
 *       usual. Without a connection to that AP the device is regulated by default and the
 *       pin is reported unmet ({@link NetworkSnapshot#uePinUnmet(int)}).</li>
 * </ul>
 */
public final class UserPolicy {
    /** Policy modes. */
    public enum Mode {
        /** Regulate as the paper says. */
        REGULATE,
        /** Never limit: all flows Tier 1. */
        EXEMPT,
        /** Primary fixed to one AP. */
        PIN_PRIMARY
    }

    /** The default policy. */
    public static final UserPolicy REGULATE = new UserPolicy(Mode.REGULATE, null);
    /** All flows Tier 1. */
    public static final UserPolicy EXEMPT = new UserPolicy(Mode.EXEMPT, null);

    private final Mode mode;
    private final String apId;

    private UserPolicy(Mode mode, String apId) {
        this.mode = mode;
        this.apId = apId;
    }

    /**
     * Pins the primary to an AP.
     *
     * @param apId AP identifier (non-blank)
     * @return the policy
     * @throws IllegalArgumentException on a blank id
     */
    public static UserPolicy pinPrimary(String apId) {
        return new UserPolicy(Mode.PIN_PRIMARY, Checks.id("apId", apId));
    }

    /** @return the mode */
    public Mode mode() {
        return mode;
    }

    /** @return the AP of a pinned primary, empty unless {@link Mode#PIN_PRIMARY} */
    public Optional<String> pinnedApId() {
        return Optional.ofNullable(apId);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof UserPolicy)) {
            return false;
        }
        UserPolicy that = (UserPolicy) o;
        return mode == that.mode && Objects.equals(apId, that.apId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(mode, apId);
    }

    @Override
    public String toString() {
        return apId == null ? mode.toString() : mode + "(" + apId + ")";
    }
}
