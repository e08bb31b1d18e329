package org.mpsdn.impl.decide;

import org.mpsdn.core.Profile;
import org.mpsdn.core.RegulationParameters;
import org.mpsdn.impl.RegulationProperties;

import java.util.Objects;
import java.util.Optional;

/**
 * Global regulation parameters of a cycle (per-AP overrides live in the AP's config).
 */
public final class EngineParams {
    private final double cth;
    private final double alpha;
    private final long rmKbps;
    private final String deadlockBreaker;
    private final Profile profile;
    private final double tier1Threshold;
    private final double hysteresis;

    /**
     * Creates the parameters of the paper profile.
     *
     * @param cth             congestion threshold in (0, 1]
     * @param alpha           aggressiveness in (0, 1)
     * @param rmKbps          Tier-2 floor in kbit/s
     * @param deadlockBreaker priority or baseline
     */
    public EngineParams(double cth, double alpha, long rmKbps, String deadlockBreaker) {
        this(cth, alpha, rmKbps, deadlockBreaker, Profile.PAPER);
    }

    /**
     * Creates the parameters with the default Tier-1 threshold.
     *
     * @param cth             congestion threshold in (0, 1]
     * @param alpha           aggressiveness in (0, 1)
     * @param rmKbps          Tier-2 floor in kbit/s
     * @param deadlockBreaker priority or baseline
     * @param profile         regulation profile
     */
    public EngineParams(double cth, double alpha, long rmKbps, String deadlockBreaker, Profile profile) {
        this(cth, alpha, rmKbps, deadlockBreaker, profile, RegulationParameters.DEFAULT_TIER1_THRESHOLD);
    }

    /**
     * Creates the parameters.
     *
     * @param cth             congestion threshold in (0, 1]
     * @param alpha           aggressiveness in (0, 1)
     * @param rmKbps          Tier-2 floor in kbit/s
     * @param deadlockBreaker priority or baseline
     * @param profile         regulation profile
     * @param tier1Threshold  threshold of the mpsdn profile's Tier-1 station signal, in (0, 1]
     */
    public EngineParams(double cth, double alpha, long rmKbps, String deadlockBreaker, Profile profile,
                        double tier1Threshold) {
        this(cth, alpha, rmKbps, deadlockBreaker, profile, tier1Threshold, 0.0);
    }

    /**
     * Creates the parameters with a primary re-selection hysteresis.
     *
     * @param cth             congestion threshold in (0, 1]
     * @param alpha           aggressiveness in (0, 1)
     * @param rmKbps          Tier-2 floor in kbit/s
     * @param deadlockBreaker priority or baseline
     * @param profile         regulation profile
     * @param tier1Threshold  threshold of the mpsdn profile's Tier-1 station signal, in (0, 1]
     * @param hysteresis      primary re-selection hysteresis h &ge; 0 (0: none)
     */
    public EngineParams(double cth, double alpha, long rmKbps, String deadlockBreaker, Profile profile,
                        double tier1Threshold, double hysteresis) {
        this.hysteresis = hysteresis;
        this.tier1Threshold = tier1Threshold;
        this.cth = cth;
        this.alpha = alpha;
        this.rmKbps = rmKbps;
        this.deadlockBreaker = deadlockBreaker;
        this.profile = Objects.requireNonNull(profile, "profile");
    }

    /**
     * The parameters the component properties set.
     *
     * @param p component properties in force
     * @return the cycle's parameters
     */
    public static EngineParams of(RegulationProperties p) {
        return of(p, Optional.empty());
    }

    /**
     * The parameters of a cycle: the component properties, with the netcfg's profile when it sets
     * one ({@link #profileInForce}).
     *
     * @param p       component properties in force
     * @param netcfg  the profile the app's netcfg sets, empty when none
     * @return the cycle's parameters
     */
    public static EngineParams of(RegulationProperties p, Optional<Profile> netcfg) {
        return new EngineParams(p.cth(), p.alpha(), p.rmKbps(), p.deadlockBreaker(), profileInForce(netcfg, p),
                p.tier1Threshold(), p.hysteresis());
    }

    /**
     * The precedence rule of the profile setting: the netcfg's {@code profile} when it sets one,
     * else the component property {@code profile}.
     *
     * @param netcfg the profile the app's netcfg sets, empty when none
     * @param p      component properties in force
     * @return the profile in force
     */
    public static Profile profileInForce(Optional<Profile> netcfg, RegulationProperties p) {
        return netcfg.orElse(p.profile());
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
    public long rmKbps() {
        return rmKbps;
    }

    /** @return deadlock breaker, priority or baseline */
    public String deadlockBreaker() {
        return deadlockBreaker;
    }

    /** @return threshold of the mpsdn profile's Tier-1 station signal (per-AP overrides live in the AP's config) */
    public double tier1Threshold() {
        return tier1Threshold;
    }

    /** @return primary re-selection hysteresis h (0: none) */
    public double hysteresis() {
        return hysteresis;
    }

    /** @return regulation profile (paper or mpsdn; {@link Profile#id()} names it) */
    public Profile profile() {
        return profile;
    }
}
