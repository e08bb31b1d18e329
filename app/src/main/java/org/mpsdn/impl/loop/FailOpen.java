package org.mpsdn.impl.loop;

/**
 * The one fail-open rule: an AP whose agent has been silent for at least the fail-open delay
 * (missed cycles x cycle interval, at least one missed cycle) has its Tier-2 limits lifted. The
 * regulation loop applies it; the northbound's agent health (FAILSAFE) and the lab's metrics log
 * report it with the same rule.
 */
public final class FailOpen {

    private FailOpen() {
    }

    /**
     * Whether an AP is failed open.
     *
     * @param missedCycles    consecutive cycles without a fresh report of its agent
     * @param intervalMs      cycle interval in milliseconds
     * @param failOpenDelayMs fail-open delay in milliseconds
     * @return true when the limits must be lifted
     */
    public static boolean active(int missedCycles, long intervalMs, long failOpenDelayMs) {
        return missedCycles > 0 && (long) missedCycles * intervalMs >= failOpenDelayMs;
    }
}
