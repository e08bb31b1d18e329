package org.mpsdn.impl.decide;

/**
 * Global regulation parameters of a cycle (per-AP overrides live in the AP's config).
 */
public final class EngineParams {
    private final double cth;
    private final double alpha;
    private final long rmKbps;
    private final String deadlockBreaker;

    /**
     * Creates the parameters.
     *
     * @param cth             congestion threshold in (0, 1]
     * @param alpha           aggressiveness in (0, 1)
     * @param rmKbps          Tier-2 floor in kbit/s
     * @param deadlockBreaker priority or baseline
     */
    public EngineParams(double cth, double alpha, long rmKbps, String deadlockBreaker) {
        this.cth = cth;
        this.alpha = alpha;
        this.rmKbps = rmKbps;
        this.deadlockBreaker = deadlockBreaker;
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
}
