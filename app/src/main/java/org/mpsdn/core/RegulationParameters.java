package org.mpsdn.core;

import org.mpsdn.core.model.Checks;
import org.mpsdn.core.regulate.DecreaseBase;
import org.mpsdn.core.regulate.LimitValidation;

import java.util.Objects;

/**
 * Validated parameters of the Regulation Center (MP-SDN Sections V-A and VI). Defaults are the
 * paper's: CTh = 0.85, &alpha; = 0.5, R_m = 100 kb/s, execution interval 2 s, priority-based
 * deadlock breaker, no hysteresis, downlink regulated only, and the {@link Profile#PAPER paper}
 * profile (the {@link Profile#MPSDN mpsdn} profile's validation headroom, decrease base and Tier-1
 * threshold are ignored by it).
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
     * Default limit-validation headroom of the mpsdn profile: an increase may reach twice the
     * measured Tier-2 rate (RFC 7661's "pipeACK &ge; cwnd / 2"); 0.5 cost Tier 2 about half its
     * low-demand throughput in ns-3 (docs/regulation.md).
     */
    public static final double DEFAULT_VALIDATION_HEADROOM = 1.0;
    /** Default base of a validated decrease in the mpsdn profile (measured in docs/regulation.md). */
    public static final DecreaseBase DEFAULT_DECREASE_BASE = DecreaseBase.RATE;
    /**
     * Default factor of a validated decrease in the mpsdn profile: 1/&radic;2, one rung of the default meter
     * ladder, about CUBIC's &beta; = 0.7 (RFC 9438 Sec. 4.6). Halving (Algorithm 2's 0.5) made Tier 2 average
     * 0.72-0.79 of its sawtooth's peaks in the lab's idle-capacity runs (docs/regulation.md).
     */
    public static final double DEFAULT_DECREASE_FACTOR = Math.sqrt(0.5);
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
    private final double validationHeadroom;
    private final DecreaseBase decreaseBase;
    private final double decreaseFactor;
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
        this.validationHeadroom = Checks.inRange("validationHeadroom", b.validationHeadroom, 0.0,
                LimitValidation.MAX_HEADROOM);
        this.decreaseBase = Checks.nonNull("decreaseBase", b.decreaseBase);
        this.decreaseFactor = Checks.inOpenRange("decreaseFactor", b.decreaseFactor, 0.0, 1.0);
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
                .profile(profile).validationHeadroom(validationHeadroom).decreaseBase(decreaseBase)
                .decreaseFactor(decreaseFactor)
                .tier1Threshold(tier1Threshold);
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

    /** @return the regulation profile: the paper's Algorithm 2, or the Tier-1-aware signal with validation */
    public Profile profile() {
        return profile;
    }

    /**
     * Limit-validation headroom h of the mpsdn profile: an increase never takes the Tier-2 limit
     * above max(R_m, measured Tier-2 rate &middot; (1 + h)).
     *
     * @return h in [0, {@link LimitValidation#MAX_HEADROOM}]
     */
    public double validationHeadroom() {
        return validationHeadroom;
    }

    /** @return what a decrease multiplies in the mpsdn profile */
    public DecreaseBase decreaseBase() {
        return decreaseBase;
    }

    /** @return the factor of a decrease in the mpsdn profile, in (0, 1) (Algorithm 2's is 0.5) */
    public double decreaseFactor() {
        return decreaseFactor;
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
                && Double.compare(that.validationHeadroom, validationHeadroom) == 0
                && decreaseBase == that.decreaseBase && Double.compare(that.decreaseFactor, decreaseFactor) == 0
                && Double.compare(that.tier1Threshold, tier1Threshold) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(cth, alpha, minRateBps, intervalMillis, deadlockBreaker, hysteresis, regulateUplink,
                profile, validationHeadroom, decreaseBase, decreaseFactor, tier1Threshold);
    }

    @Override
    public String toString() {
        return "RegulationParameters{cth=" + cth + ", alpha=" + alpha + ", minRateBps=" + minRateBps
                + ", intervalMillis=" + intervalMillis + ", deadlockBreaker=" + deadlockBreaker
                + ", hysteresis=" + hysteresis + ", regulateUplink=" + regulateUplink + ", profile=" + profile.id()
                + ", validationHeadroom=" + validationHeadroom + ", decreaseBase=" + decreaseBase
                + ", decreaseFactor=" + decreaseFactor
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
        private double validationHeadroom = DEFAULT_VALIDATION_HEADROOM;
        private DecreaseBase decreaseBase = DEFAULT_DECREASE_BASE;
        private double decreaseFactor = DEFAULT_DECREASE_FACTOR;
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
         * Sets the limit-validation headroom (mpsdn profile).
         *
         * @param value in [0, {@link LimitValidation#MAX_HEADROOM}]
         * @return this builder
         */
        public Builder validationHeadroom(double value) {
            this.validationHeadroom = value;
            return this;
        }

        /**
         * Sets what a decrease halves (mpsdn profile).
         *
         * @param value the limit or the measured rate
         * @return this builder
         */
        public Builder decreaseBase(DecreaseBase value) {
            this.decreaseBase = value;
            return this;
        }

        /**
         * Sets the factor of a decrease (mpsdn profile).
         *
         * @param value in (0, 1)
         * @return this builder
         */
        public Builder decreaseFactor(double value) {
            this.decreaseFactor = value;
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
