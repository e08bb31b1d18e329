package org.mpsdn.impl.telemetry;

/**
 * Staleness policy for an AP whose agent delivers no fresh report: hold the last Tier-2 limit
 * for {@code holdIntervals} missed cycles, then fail open by stepping the limit back towards
 * the AP's capacity, additively, one step per further missed cycle. Missing data never
 * decreases the limit (no multiplicative decrease without evidence of congestion).
 */
public final class FailOpenPolicy {
    private final int holdIntervals;
    private final double step;

    /**
     * Creates the policy.
     *
     * @param holdIntervals missed cycles during which the limit is held
     * @param step          increase per further missed cycle, as a fraction of capacity (0, 1]
     */
    public FailOpenPolicy(int holdIntervals, double step) {
        if (holdIntervals < 0) {
            throw new IllegalArgumentException("holdIntervals " + holdIntervals + " must be >= 0");
        }
        if (!(step > 0.0 && step <= 1.0)) {
            throw new IllegalArgumentException("step " + step + " must be in (0, 1]");
        }
        this.holdIntervals = holdIntervals;
        this.step = step;
    }

    /**
     * Returns the Tier-2 limit to apply this cycle.
     *
     * @param currentLimitBps the limit in force (bit/s)
     * @param capacityBps     the AP's capacity (bit/s); the fail-open target
     * @param missedCycles    consecutive cycles without a fresh report
     * @return the limit: unchanged with fresh data or while holding, else one step closer to
     *         capacity (never below the current limit, never above capacity unless the
     *         current limit already is)
     */
    public long nextLimit(long currentLimitBps, long capacityBps, int missedCycles) {
        if (missedCycles <= holdIntervals || currentLimitBps >= capacityBps) {
            return currentLimitBps;
        }
        long inc = Math.max(1L, (long) Math.ceil(step * capacityBps));
        long next = currentLimitBps + inc;
        if (next < currentLimitBps || next > capacityBps) {
            return capacityBps;
        }
        return next;
    }

    /**
     * Tells whether the AP is failing open (past the hold period).
     *
     * @param missedCycles consecutive cycles without a fresh report
     * @return true once more than holdIntervals cycles were missed
     */
    public boolean failingOpen(int missedCycles) {
        return missedCycles > holdIntervals;
    }

    /** @return the hold period in cycles */
    public int holdIntervals() {
        return holdIntervals;
    }
}
