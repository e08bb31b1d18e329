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
    PAPER(SignalKind.AP, false, false),
    /**
     * The Tier-1-aware signal, limit validation (RFC 7661's idea applied to the Tier-2 meter) and a
     * primary choice that charges a weak Wi-Fi link for what its AP's other stations lose.
     */
    MPSDN(SignalKind.TIER1, true, true);

    private final SignalKind signal;
    private final boolean validates;
    private final boolean chargesAirtime;

    Profile(SignalKind signal, boolean validates, boolean chargesAirtime) {
        this.signal = signal;
        this.validates = validates;
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

    /** @return the congestion signal Algorithm 2 compares with CTh */
    public SignalKind signal() {
        return signal;
    }

    /** @return whether increases are capped near the measured Tier-2 rate (limit validation) */
    public boolean validates() {
        return validates;
    }

    /**
     * The {@link RegulationParameters} this profile does not read, named as their accessors, each with the
     * reason. The paper profile reads neither the Tier-1 threshold nor the validation's parameters; the mpsdn
     * profile reads CTh only where its signal falls back to MacOcc (an AP whose agent reports no station queue).
     * Hysteresis, &alpha;, R_m, the interval, the deadlock breaker and the uplink setting are read by both.
     *
     * @param macOccRead whether some AP direction decided on MacOcc in the last cycle (mpsdn's fallback)
     * @return parameter name to reason, in a fixed order; empty when every parameter is read
     */
    public Map<String, String> ignoredParameters(boolean macOccRead) {
        Map<String, String> ignored = new LinkedHashMap<>();
        if (this == PAPER) {
            String notRead = "the paper profile compares MacOcc with cth and does not validate limits";
            ignored.put("tier1Threshold", notRead);
            ignored.put("validationHeadroom", notRead);
            ignored.put("decreaseBase", notRead);
            ignored.put("decreaseFactor", notRead);
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
