package org.mpsdn.core;

import java.util.Objects;

/**
 * What the mpsdn law remembers of one AP direction from the last cycle ({@link RegulationState#lawMemory}):
 * <ul>
 *   <li>the usable share of the air time its medium carried in its last full window
 *       ({@link org.mpsdn.core.signal.SpareCapacity});</li>
 *   <li>what its Tier-1 stations sent over the window on which that cycle decreased its limit, so that the
 *       next cycle can see them drain what the decrease freed;</li>
 *   <li>whether a Tier-1 station queue overflowed in that cycle's window, so that an overflow reads as held
 *       back only when it persists ({@link org.mpsdn.core.signal.Tier1StationSignal}).</li>
 * </ul>
 * Immutable.
 */
public final class LawMemory {
    /** Nothing remembered. */
    public static final LawMemory NONE = new LawMemory(Double.NaN, -1L, false);

    private final double usableAirtime;
    private final long tier1SentAtDecreaseBps;
    private final boolean tier1Overflowed;

    private LawMemory(double usableAirtime, long tier1SentAtDecreaseBps, boolean tier1Overflowed) {
        this.usableAirtime = usableAirtime;
        this.tier1SentAtDecreaseBps = tier1SentAtDecreaseBps;
        this.tier1Overflowed = tier1Overflowed;
    }

    /**
     * A memory; a value outside its range counts as none.
     *
     * @param usableAirtime          in (0, 1]; otherwise none (NaN)
     * @param tier1SentAtDecreaseBps bit/s &ge; 0; otherwise none (-1)
     * @param tier1Overflowed        whether a Tier-1 queue overflowed in the last window
     * @return the memory
     */
    public static LawMemory of(double usableAirtime, long tier1SentAtDecreaseBps, boolean tier1Overflowed) {
        double u = usableAirtime > 0.0 && usableAirtime <= 1.0 ? usableAirtime : Double.NaN;
        long s = Math.max(-1L, tier1SentAtDecreaseBps);
        return Double.isNaN(u) && s < 0 && !tier1Overflowed ? NONE : new LawMemory(u, s, tier1Overflowed);
    }

    /** @return the usable share of the air time, in (0, 1]; NaN when none was learned */
    public double usableAirtime() {
        return usableAirtime;
    }

    /** @return what the Tier-1 stations sent at the last cycle's decrease, bit/s; -1 when it made none */
    public long tier1SentAtDecreaseBps() {
        return tier1SentAtDecreaseBps;
    }

    /** @return whether a Tier-1 station queue overflowed in the last cycle's window */
    public boolean tier1Overflowed() {
        return tier1Overflowed;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof LawMemory)) {
            return false;
        }
        LawMemory m = (LawMemory) o;
        return Double.compare(usableAirtime, m.usableAirtime) == 0 && tier1SentAtDecreaseBps == m.tier1SentAtDecreaseBps
                && tier1Overflowed == m.tier1Overflowed;
    }

    @Override
    public int hashCode() {
        return Objects.hash(usableAirtime, tier1SentAtDecreaseBps, tier1Overflowed);
    }

    @Override
    public String toString() {
        return "LawMemory{usableAirtime=" + usableAirtime + ", tier1SentAtDecreaseBps=" + tier1SentAtDecreaseBps
                + ", tier1Overflowed=" + tier1Overflowed + "}";
    }
}
