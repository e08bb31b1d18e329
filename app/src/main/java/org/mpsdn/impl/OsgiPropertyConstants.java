package org.mpsdn.impl;

/**
 * Names and defaults of the component properties of {@link RegulationManager}.
 */
public final class OsgiPropertyConstants {

    private OsgiPropertyConstants() {
    }

    /** Regulation cycle interval in milliseconds. */
    public static final String INTERVAL_MS = "intervalMs";
    /** Default cycle interval (MP-SDN: 2 s). */
    public static final int INTERVAL_MS_DEFAULT = 2000;

    /** Congestion threshold CTh (MAC queue occupancy ratio). */
    public static final String CTH = "cth";
    /** Default CTh (MP-SDN: 85 %). */
    public static final double CTH_DEFAULT = 0.85;

    /**
     * Threshold of the mpsdn profile's Tier-1 station signal (the busiest Tier-1 station queue), in place
     * of CTh; CTh still applies to MacOcc (the paper profile, and the signal's fallback).
     */
    public static final String TIER1_THRESHOLD = "tier1Threshold";
    /**
     * Default Tier-1 threshold: the lab read satisfied Tier-1 stations at 0.02-0.11 and throttled ones at
     * 0.56-0.83 (docs/regulation.md).
     */
    public static final double TIER1_THRESHOLD_DEFAULT = 0.4;

    /**
     * Primary re-selection hysteresis h (Algorithm 1, both profiles): a multipath user keeps its primary unless
     * another connection promises more than (1 + h) times as much; 0 disables it (the paper).
     */
    public static final String HYSTERESIS = "hysteresis";
    /** Default hysteresis: 0, the paper's primary choice every cycle. */
    public static final double HYSTERESIS_DEFAULT = 0.0;

    /** Aggressiveness factor alpha of the Tier-2 increase. */
    public static final String ALPHA = "alpha";
    /** Default alpha (MP-SDN: 0.5). */
    public static final double ALPHA_DEFAULT = 0.5;

    /** Tier-2 floor R_m in kbit/s. */
    public static final String RM_KBPS = "rmKbps";
    /** Default R_m (MP-SDN: 0.1 Mbit/s). */
    public static final int RM_KBPS_DEFAULT = 100;

    /** Deadlock breaker of the primary selection: priority or baseline. */
    public static final String DEADLOCK_BREAKER = "deadlockBreaker";
    /** Default deadlock breaker (MP-SDN evaluation: priority). */
    public static final String DEADLOCK_BREAKER_DEFAULT = "priority";

    /** Time without fresh telemetry after which an AP's Tier-2 limits are lifted. */
    public static final String FAIL_OPEN_DELAY_MS = "failOpenDelayMs";
    /** Default fail-open delay. */
    public static final int FAIL_OPEN_DELAY_MS_DEFAULT = 10000;

    /** Idle timeout of per-flow rules in seconds. */
    public static final String FLOW_IDLE_TIMEOUT_SEC = "flowIdleTimeoutSec";
    /** Default idle timeout. */
    public static final int FLOW_IDLE_TIMEOUT_SEC_DEFAULT = 10;

    /** Burst window of the Tier-2 meters in milliseconds (burst size = rate x window). */
    public static final String METER_BURST_MS = "meterBurstMs";
    /** Default burst window. */
    public static final int METER_BURST_MS_DEFAULT = 100;

    /**
     * Ratio of two consecutive rungs of the Tier-2 meter ladders (impl.meter.LadderRungs): 1 for no ladder
     * (a make-before-break meter per step at the exact target, for switches with few meters), else in [1.1, 4].
     */
    public static final String METER_LADDER_RATIO = "meterLadderRatio";
    /**
     * Default ladder ratio: the fourth root of 2, 37 meters per AP direction for R_m 100 kbit/s to 50 Mbit/s;
     * a limit is at most 16 % below a decrease's target and at most 9 % off an increase's (sqrt(2): 19 meters,
     * 29 % and 19 %), and halving a rung lands on a rung.
     */
    public static final double METER_LADDER_RATIO_DEFAULT = 1.189207115002721;

    /** Regulation profile: "paper" (Algorithm 2 and MacOcc as published) or "mpsdn" (docs/regulation.md). */
    public static final String PROFILE = "profile";
    /**
     * Default profile: mpsdn, the improved control law (issue 17); "paper" reproduces the publication.
     * The app's netcfg field "profile", when set, takes precedence.
     */
    public static final String PROFILE_DEFAULT = "mpsdn";
}
