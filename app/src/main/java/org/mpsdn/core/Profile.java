package org.mpsdn.core;

import org.mpsdn.core.signal.SignalKind;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * How Algorithm 2 regulates (one setting): the paper exactly as published, or this project's
 * improved control law. See docs/regulation.md for every deviation and its reason.
 */
public enum Profile {
    /** Algorithm 1, Algorithm 2 and MacOcc exactly as published (with the erratum's increase). */
    PAPER(SignalKind.AP, false),
    /**
     * Tier 1 first: the Tier-1 station signal decides between giving back half of Tier 2's measured rate and
     * handing Tier 2 a share of the idle capacity ({@link org.mpsdn.core.regulate.Tier1FirstLaw}); a primary
     * choice that charges a weak Wi-Fi link for what its AP's other stations lose.
     */
    MPSDN(SignalKind.TIER1, true);

    private final SignalKind signal;
    private final boolean chargesAirtime;

    Profile(SignalKind signal, boolean chargesAirtime) {
        this.signal = signal;
        this.chargesAirtime = chargesAirtime;
    }

    /**
     * Whether Algorithm 1's priority-based primary choice charges a Wi-Fi connection for the
     * throughput its AP's other stations lose when it joins beyond what a station at their mean rate
     * would take (Eq. 2 with and without it; {@link org.mpsdn.core.throughput.ApLoad#airtimeCharge}).
     *
     * @return true in the mpsdn profile
     */
    public boolean chargesAirtime() {
        return chargesAirtime;
    }

    /**
     * Whether BW_i is the newest target of a step the switch has not confirmed yet, rather than the limit in
     * force: the mpsdn law raises a limit from where it is heading, so a raise waiting for confirmation is not
     * replaced by a smaller one computed from the limit it replaces.
     *
     * @return true in the mpsdn profile
     */
    public boolean decidesFromPendingTarget() {
        return this == MPSDN;
    }

    /**
     * Whether a multipath user's old primary stays in Tier 1 after its primary moves, until the new primary
     * carries as much of its traffic ({@code DemotionHolds}).
     *
     * @return true in the mpsdn profile
     */
    public boolean holdsDemotion() {
        return this == MPSDN;
    }

    /**
     * Whether a multipath user's primary moves only when its own links changed or when the same connection beat
     * its primary in two cycles in a row ({@link org.mpsdn.core.categorize.PrimaryHistory}).
     *
     * @return true in the mpsdn profile
     */
    public boolean confirmsPrimaryChange() {
        return this == MPSDN;
    }

    /** @return the congestion signal Algorithm 2 compares with CTh */
    public SignalKind signal() {
        return signal;
    }

    /**
     * The {@link RegulationParameters} this profile does not read, named as their accessors, each with the
     * reason. The paper profile does not read the Tier-1 threshold; the mpsdn
     * profile reads CTh only where its signal falls back to MacOcc (an AP whose agent reports no station queue).
     * Hysteresis, &alpha;, R_m, the interval, the deadlock breaker and the uplink setting are read by both.
     *
     * @param macOccRead whether some AP direction decided on MacOcc in the last cycle (mpsdn's fallback)
     * @return parameter name to reason, in a fixed order; empty when every parameter is read
     */
    public Map<String, String> ignoredParameters(boolean macOccRead) {
        Map<String, String> ignored = new LinkedHashMap<>();
        if (this == PAPER) {
            ignored.put("tier1Threshold", "the paper profile compares MacOcc with cth");
        } else if (!macOccRead) {
            ignored.put("cth", "the mpsdn profile compares the Tier-1 station signal with tier1Threshold; cth"
                    + " applies only to an AP whose agent reports no station queue, and none did");
        }
        return ignored;
    }

    /** @return the name used in configuration: "paper" or "mpsdn" */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Parses a configuration name.
     *
     * @param id "paper" or "mpsdn" (case-insensitive)
     * @return the profile
     * @throws IllegalArgumentException naming the accepted values
     */
    public static Profile of(String id) {
        for (Profile p : values()) {
            if (p.id().equalsIgnoreCase(id == null ? "" : id.trim())) {
                return p;
            }
        }
        throw new IllegalArgumentException("profile must be paper or mpsdn, was '" + id + "'");
    }
}
