package org.mpsdn.impl;

import org.mpsdn.core.Profile;
import org.mpsdn.core.RegulationParameters;
import org.mpsdn.impl.meter.LadderRungs;
import org.mpsdn.impl.util.PropertyReader;

import java.util.ArrayList;
import java.util.Dictionary;
import java.util.List;
import java.util.Set;

import static org.mpsdn.impl.OsgiPropertyConstants.ALPHA;
import static org.mpsdn.impl.OsgiPropertyConstants.ALPHA_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.CTH;
import static org.mpsdn.impl.OsgiPropertyConstants.CTH_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.DEADLOCK_BREAKER;
import static org.mpsdn.impl.OsgiPropertyConstants.DEADLOCK_BREAKER_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.FAIL_OPEN_DELAY_MS;
import static org.mpsdn.impl.OsgiPropertyConstants.FAIL_OPEN_DELAY_MS_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.FLOW_IDLE_TIMEOUT_SEC;
import static org.mpsdn.impl.OsgiPropertyConstants.FLOW_IDLE_TIMEOUT_SEC_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.HYSTERESIS;
import static org.mpsdn.impl.OsgiPropertyConstants.HYSTERESIS_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.INTERVAL_MS;
import static org.mpsdn.impl.OsgiPropertyConstants.INTERVAL_MS_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.METER_BURST_MS;
import static org.mpsdn.impl.OsgiPropertyConstants.METER_BURST_MS_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.METER_LADDER_RATIO;
import static org.mpsdn.impl.OsgiPropertyConstants.METER_LADDER_RATIO_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.PROFILE;
import static org.mpsdn.impl.OsgiPropertyConstants.PROFILE_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.RM_KBPS;
import static org.mpsdn.impl.OsgiPropertyConstants.RM_KBPS_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.TIER1_THRESHOLD;
import static org.mpsdn.impl.OsgiPropertyConstants.TIER1_THRESHOLD_DEFAULT;

/**
 * Validated values of the component properties. A bad value keeps the previous one and is
 * reported with the property name and the reason.
 */
public final class RegulationProperties {
    private static final Set<String> BREAKERS = Set.of("priority", "baseline");
    private static final Set<String> PROFILES = Set.of(Profile.PAPER.id(), Profile.MPSDN.id());

    private final int intervalMs;
    private final double cth;
    private final double alpha;
    private final int rmKbps;
    private final String deadlockBreaker;
    private final int failOpenDelayMs;
    private final int flowIdleTimeoutSec;
    private final int meterBurstMs;
    private final Profile profile;
    private final double tier1Threshold;
    private final double meterLadderRatio;
    private final double hysteresis;

    private RegulationProperties(int intervalMs, double cth, double alpha, int rmKbps, String deadlockBreaker,
                                 int failOpenDelayMs, int flowIdleTimeoutSec, int meterBurstMs, Profile profile,
                                 double tier1Threshold, double meterLadderRatio, double hysteresis) {
        this.intervalMs = intervalMs;
        this.cth = cth;
        this.alpha = alpha;
        this.rmKbps = rmKbps;
        this.deadlockBreaker = deadlockBreaker;
        this.failOpenDelayMs = failOpenDelayMs;
        this.flowIdleTimeoutSec = flowIdleTimeoutSec;
        this.meterBurstMs = meterBurstMs;
        this.profile = profile;
        this.tier1Threshold = tier1Threshold;
        this.meterLadderRatio = meterLadderRatio;
        this.hysteresis = hysteresis;
    }

    /**
     * The defaults of {@link OsgiPropertyConstants}.
     *
     * @return default properties
     */
    public static RegulationProperties defaults() {
        return new RegulationProperties(INTERVAL_MS_DEFAULT, CTH_DEFAULT, ALPHA_DEFAULT, RM_KBPS_DEFAULT,
                DEADLOCK_BREAKER_DEFAULT, FAIL_OPEN_DELAY_MS_DEFAULT, FLOW_IDLE_TIMEOUT_SEC_DEFAULT,
                METER_BURST_MS_DEFAULT, Profile.of(PROFILE_DEFAULT), TIER1_THRESHOLD_DEFAULT,
                METER_LADDER_RATIO_DEFAULT, HYSTERESIS_DEFAULT);
    }

    /**
     * Reads properties with the shared {@link PropertyReader}: absent or blank ones keep the
     * previous value, invalid ones too (reported in errors).
     *
     * @param props    component properties, may be null
     * @param previous values in force
     * @param errors   receives "name: reason" for each rejected value
     * @return the new values
     */
    public static RegulationProperties read(Dictionary<?, ?> props, RegulationProperties previous,
                                            List<String> errors) {
        if (props == null) {
            return previous;
        }
        PropertyReader r = new PropertyReader(props);
        RegulationProperties p = new RegulationProperties(
                r.integer(INTERVAL_MS, previous.intervalMs, 100, 3_600_000),
                r.decimal(CTH, previous.cth, 0.0, false, 1.0, true),
                r.decimal(ALPHA, previous.alpha, 0.0, false, 1.0, false),
                r.integer(RM_KBPS, previous.rmKbps, 1, 100_000_000),
                r.choice(DEADLOCK_BREAKER, previous.deadlockBreaker, BREAKERS),
                r.integer(FAIL_OPEN_DELAY_MS, previous.failOpenDelayMs, 0, 86_400_000),
                r.integer(FLOW_IDLE_TIMEOUT_SEC, previous.flowIdleTimeoutSec, 1, 65535),
                r.integer(METER_BURST_MS, previous.meterBurstMs, 1, 10_000),
                Profile.of(r.choice(PROFILE, previous.profile.id(), PROFILES)),
                r.decimal(TIER1_THRESHOLD, previous.tier1Threshold, 0.0, false, 1.0, true),
                ladderRatio(r, previous.meterLadderRatio, errors),
                r.decimal(HYSTERESIS, previous.hysteresis, 0.0, true, RegulationParameters.MAX_HYSTERESIS, true));
        errors.addAll(r.errors());
        return p;
    }

    /** 1 (no ladder) or a ratio in [MIN_RATIO, MAX_RATIO]; anything else keeps the previous value. */
    private static double ladderRatio(PropertyReader r, double previous, List<String> errors) {
        double v = r.decimal(METER_LADDER_RATIO, previous, LadderRungs.NO_LADDER, true, LadderRungs.MAX_RATIO, true);
        if (v != LadderRungs.NO_LADDER && v < LadderRungs.MIN_RATIO) {
            errors.add(METER_LADDER_RATIO + ": must be " + LadderRungs.NO_LADDER + " (no ladder) or in ["
                    + LadderRungs.MIN_RATIO + ", " + LadderRungs.MAX_RATIO + "], was " + v);
            return previous;
        }
        return v;
    }

    /**
     * Same as {@link #read(Dictionary, RegulationProperties, List)} with a fresh error list.
     *
     * @param props    properties
     * @param previous values in force
     * @return the new values
     */
    public static RegulationProperties read(Dictionary<?, ?> props, RegulationProperties previous) {
        return read(props, previous, new ArrayList<>());
    }

    /** @return cycle interval in milliseconds */
    public int intervalMs() {
        return intervalMs;
    }

    /** @return CTh */
    public double cth() {
        return cth;
    }

    /** @return alpha */
    public double alpha() {
        return alpha;
    }

    /** @return R_m in kbit/s */
    public int rmKbps() {
        return rmKbps;
    }

    /** @return deadlock breaker */
    public String deadlockBreaker() {
        return deadlockBreaker;
    }

    /** @return fail-open delay in milliseconds */
    public int failOpenDelayMs() {
        return failOpenDelayMs;
    }

    /** @return per-flow idle timeout in seconds */
    public int flowIdleTimeoutSec() {
        return flowIdleTimeoutSec;
    }

    /** @return meter burst window in milliseconds */
    public int meterBurstMs() {
        return meterBurstMs;
    }

    /** @return regulation profile */
    public Profile profile() {
        return profile;
    }

    /** @return threshold of the mpsdn profile's Tier-1 station signal */
    public double tier1Threshold() {
        return tier1Threshold;
    }

    /** @return ratio of the meter ladders' rungs, {@link LadderRungs#NO_LADDER} for none */
    public double meterLadderRatio() {
        return meterLadderRatio;
    }

    /** @return primary re-selection hysteresis h, 0 for none */
    public double hysteresis() {
        return hysteresis;
    }

    @Override
    public String toString() {
        return "intervalMs=" + intervalMs + " cth=" + cth + " alpha=" + alpha + " rmKbps=" + rmKbps
                + " breaker=" + deadlockBreaker + " failOpenDelayMs=" + failOpenDelayMs
                + " flowIdleTimeoutSec=" + flowIdleTimeoutSec + " meterBurstMs=" + meterBurstMs
                + " profile=" + profile.id() + " tier1Threshold=" + tier1Threshold
                + " meterLadderRatio=" + meterLadderRatio + " hysteresis=" + hysteresis;
    }
}
