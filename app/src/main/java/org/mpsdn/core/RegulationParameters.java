package org.mpsdn.core;

import org.mpsdn.core.model.Checks;

import java.util.Objects;

/**
 * Validated parameters of the Regulation Center (MP-SDN Sections V-A and VI). Defaults are the
 * paper's: CTh = 0.85, &alpha; = 0.5, R_m = 100 kb/s, execution interval 2 s, priority-based
 * deadlock breaker, no hysteresis, downlink regulated only, and the {@link Profile#PAPER paper}
 * profile (which ignores the {@link Profile#MPSDN mpsdn} profile's Tier-1 threshold).
 */
public final class RegulationParameters {
    /** Default congestion threshold CTh. */
    public static final double DEFAULT_CTH = 0.85;
    /** Default aggressiveness factor &alpha;. */
    public static final double DEFAULT_ALPHA = 0.5;
    /** Default minimum Tier-2 rate R_m, bit/s. */
    public static final long DEFAULT_MIN_RATE_BPS = 100_000L;
    /** Default execution interval, ms. */
    public static final long DEFAULT_INTERVAL_MILLIS = 2_000L;
    /** Largest accepted execution interval, ms (one hour). */
    public static final long MAX_INTERVAL_MILLIS = 3_600_000L;
    /** Largest accepted R_m, bit/s (100 Gb/s). */
    public static final long MAX_MIN_RATE_BPS = 100_000_000_000L;
    /** Largest accepted hysteresis margin. */
    public static final double MAX_HYSTERESIS = 10.0;
    /**
     * Default threshold of the mpsdn profile's Tier-1 station signal: in the lab a satisfied Tier-1
     * station's queue averaged 0.02-0.11 over a 2-s window, a throttled (backlogged TCP) one 0.56-0.83,
     * which CTh 0.85 (the paper's, for one shared MAC queue) never reaches (docs/regulation.md).
     */
    public static final double DEFAULT_TIER1_THRESHOLD = 0.4;

    private final double cth;
    private final double alpha;
    private final long minRateBps;
    private final long intervalMillis;
    private final DeadlockBreaker deadlockBreaker;
    private final double hysteresis;
    private final boolean regulateUplink;
    private final Profile profile;
    private final double tier1Threshold;

    private RegulationParameters(Builder b) {
        this.cth = Checks.inLeftOpenRange("cth", b.cth, 0.0, 1.0);
        this.alpha = Checks.inOpenRange("alpha", b.alpha, 0.0, 1.0);
        this.minRateBps = Checks.inRange("minRateBps", b.minRateBps, 1, MAX_MIN_RATE_BPS);
        this.intervalMillis = Checks.inRange("intervalMillis", b.intervalMillis, 1, MAX_INTERVAL_MILLIS);
        this.deadlockBreaker = Checks.nonNull("deadlockBreaker", b.deadlockBreaker);
        this.hysteresis = Checks.inRange("hysteresis", b.hysteresis, 0.0, MAX_HYSTERESIS);
        this.regulateUplink = b.regulateUplink;
        this.profile = Checks.nonNull("profile", b.profile);
        this.tier1Threshold = Checks.inLeftOpenRange("tier1Threshold", b.tier1Threshold, 0.0, 1.0);
    }

    /** @return the paper's defaults */
    public static RegulationParameters defaults() {
        return builder().build();
    }

    /** @return a builder initialised with the defaults */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder initialised with these values */
    public Builder toBuilder() {
        return new Builder().cth(cth).alpha(alpha).minRateBps(minRateBps).intervalMillis(intervalMillis)
                .deadlockBreaker(deadlockBreaker).hysteresis(hysteresis).regulateUplink(regulateUplink)
                .profile(profile).tier1Threshold(tier1Threshold);
    }

    /** @return congestion threshold CTh on the MAC queue occupancy ratio, in (0, 1] */
    public double cth() {
        return cth;
    }

    /** @return aggressiveness factor &alpha;, in (0, 1) */
    public double alpha() {
        return alpha;
    }

    /** @return minimum Tier-2 rate R_m per AP and direction, bit/s */
    public long minRateBps() {
        return minRateBps;
    }

    /** @return execution interval of the two algorithms, ms */
    public long intervalMillis() {
        return intervalMillis;
    }

    /** @return the deadlock breaker of Algorithm 1 */
    public DeadlockBreaker deadlockBreaker() {
        return deadlockBreaker;
    }

    /**
     * Primary re-selection hysteresis h: a multipath user keeps its previous primary unless
     * another connection promises more than (1 + h) times its throughput. 0 (default) disables
     * it, reproducing the paper exactly.
     *
     * @return h in [0, {@link #MAX_HYSTERESIS}]
     */
    public double hysteresis() {
        return hysteresis;
    }

    /**
     * Whether uplink flows are regulated too (MP-SDN Section V-C). Then both directions are
     * regulated and the ACK direction of every TCP flow is exempt (Tier 1); otherwise uplink
     * flows are all Tier 1 and only downlink limits are computed.
     *
     * @return true when both directions are regulated
     */
    public boolean regulateUplink() {
        return regulateUplink;
    }

    /** @return the regulation profile: the paper's Algorithm 2, or the Tier-1-first law */
    public Profile profile() {
        return profile;
    }




    /**
     * The threshold the mpsdn profile compares its Tier-1 station signal with, in place of CTh (also in
     * Eq. 4's increase); CTh still applies to MacOcc, the paper's signal and the station signal's fallback.
     *
     * @return the threshold in (0, 1]
     */
    public double tier1Threshold() {
        return tier1Threshold;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof RegulationParameters)) {
            return false;
        }
        RegulationParameters that = (RegulationParameters) o;
        return Double.compare(that.cth, cth) == 0 && Double.compare(that.alpha, alpha) == 0
                && minRateBps == that.minRateBps && intervalMillis == that.intervalMillis
                && deadlockBreaker == that.deadlockBreaker && Double.compare(that.hysteresis, hysteresis) == 0
                && regulateUplink == that.regulateUplink && profile == that.profile
                && Double.compare(that.tier1Threshold, tier1Threshold) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(cth, alpha, minRateBps, intervalMillis, deadlockBreaker, hysteresis, regulateUplink,
                profile, tier1Threshold);
    }

    @Override
    public String toString() {
        return "RegulationParameters{cth=" + cth + ", alpha=" + alpha + ", minRateBps=" + minRateBps
                + ", intervalMillis=" + intervalMillis + ", deadlockBreaker=" + deadlockBreaker
                + ", hysteresis=" + hysteresis + ", regulateUplink=" + regulateUplink + ", profile=" + profile.id()
                + ", tier1Threshold=" + tier1Threshold + "}";
    }

    /**
     * Builder; {@link #build()} validates every value.
     */
    public static final class Builder {
        private double cth = DEFAULT_CTH;
        private double alpha = DEFAULT_ALPHA;
        private long minRateBps = DEFAULT_MIN_RATE_BPS;
        private long intervalMillis = DEFAULT_INTERVAL_MILLIS;
        private DeadlockBreaker deadlockBreaker = DeadlockBreaker.PRIORITY;
        private double hysteresis;
        private boolean regulateUplink;
        private Profile profile = Profile.PAPER;
        private double tier1Threshold = DEFAULT_TIER1_THRESHOLD;

        private Builder() {
        }

        /**
         * Sets CTh.
         *
         * @param value in (0, 1]
         * @return this builder
         */
        public Builder cth(double value) {
            this.cth = value;
            return this;
        }

        /**
         * Sets &alpha;.
         *
         * @param value in (0, 1)
         * @return this builder
         */
        public Builder alpha(double value) {
            this.alpha = value;
            return this;
        }

        /**
         * Sets R_m.
         *
         * @param value bit/s, in [1, {@link #MAX_MIN_RATE_BPS}]
         * @return this builder
         */
        public Builder minRateBps(long value) {
            this.minRateBps = value;
            return this;
        }

        /**
         * Sets the execution interval.
         *
         * @param value ms, in [1, {@link #MAX_INTERVAL_MILLIS}]
         * @return this builder
         */
        public Builder intervalMillis(long value) {
            this.intervalMillis = value;
            return this;
        }

        /**
         * Sets the deadlock breaker.
         *
         * @param value the breaker
         * @return this builder
         */
        public Builder deadlockBreaker(DeadlockBreaker value) {
            this.deadlockBreaker = value;
            return this;
        }

        /**
         * Sets the primary re-selection hysteresis.
         *
         * @param value in [0, {@link #MAX_HYSTERESIS}]; 0 disables it
         * @return this builder
         */
        public Builder hysteresis(double value) {
            this.hysteresis = value;
            return this;
        }

        /**
         * Sets whether uplink flows are regulated too.
         *
         * @param value true to regulate both directions
         * @return this builder
         */
        public Builder regulateUplink(boolean value) {
            this.regulateUplink = value;
            return this;
        }

        /**
         * Sets the regulation profile.
         *
         * @param value paper or mpsdn
         * @return this builder
         */
        public Builder profile(Profile value) {
            this.profile = value;
            return this;
        }




        /**
         * Sets the threshold of the Tier-1 station signal (mpsdn profile).
         *
         * @param value in (0, 1]
         * @return this builder
         */
        public Builder tier1Threshold(double value) {
            this.tier1Threshold = value;
            return this;
        }

        /**
         * Validates and builds.
         *
         * @return the parameters
         * @throws IllegalArgumentException naming the first bad value and its range
         */
        public RegulationParameters build() {
            return new RegulationParameters(this);
        }
    }
}
