package org.mpsdn.core;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What the mpsdn law remembers of one AP direction from the last cycle ({@link RegulationState#lawMemory}):
 * <ul>
 *   <li>the usable share of the air time its medium carried in its last full window
 *       ({@link org.mpsdn.core.signal.SpareCapacity});</li>
 *   <li>what its Tier-1 stations sent over the window on which that cycle decreased its limit, so that the
 *       next cycle can see them drain what the decrease freed;</li>
 *   <li>the Tier-1 station queues that overflowed in that cycle's window and what each sent over it, so that an
 *       overflow reads as held back only when it persists ({@link org.mpsdn.core.signal.Tier1StationSignal});</li>
 *   <li>the Tier-1 stations shown served, and at what rate: after a decrease they did not send more, so their
 *       overflows at that rate are their own bursts, not Tier 2's doing;</li>
 *   <li>each Tier-1 station's reference rate ({@link org.mpsdn.core.signal.Tier1Demand});</li>
 *   <li>what each Tier-1 station sent over the window of that cycle's decrease, when the decrease gave back enough
 *       to show whether it takes more ({@link org.mpsdn.core.signal.Tier1Demand#atDecrease});</li>
 *   <li>what Tier 2 sent over the last window in which Tier 1 was served, what a decrease gives back to
 *       ({@link org.mpsdn.core.regulate.Tier1FirstLaw#decrease}).</li>
 * </ul>
 * Immutable.
 */
public final class LawMemory {
    /** Nothing remembered. */
    public static final LawMemory NONE = new LawMemory(Double.NaN, -1L, Map.of(), Map.of(), Map.of(), Map.of(), -1L);

    private final double usableAirtime;
    private final long tier1SentAtDecreaseBps;
    private final Map<String, Long> tier1Overflows;
    private final Map<String, Long> tier1Served;
    private final Map<String, Long> tier1References;
    private final Map<String, Long> tier1AtDecrease;
    private final long tier2ServedBps;

    private LawMemory(double usableAirtime, long tier1SentAtDecreaseBps, Map<String, Long> tier1Overflows,
                      Map<String, Long> tier1Served, Map<String, Long> tier1References,
                      Map<String, Long> tier1AtDecrease, long tier2ServedBps) {
        this.usableAirtime = usableAirtime;
        this.tier1SentAtDecreaseBps = tier1SentAtDecreaseBps;
        this.tier1Overflows = tier1Overflows;
        this.tier1Served = tier1Served;
        this.tier1References = tier1References;
        this.tier1AtDecrease = tier1AtDecrease;
        this.tier2ServedBps = tier2ServedBps;
    }

    /**
     * A memory without reference rates.
     *
     * @param usableAirtime          see {@link #of(double, long, Map, Map, Map)}
     * @param tier1SentAtDecreaseBps see {@link #of(double, long, Map, Map, Map)}
     * @param tier1Overflows         see {@link #of(double, long, Map, Map, Map)}
     * @param tier1Served            see {@link #of(double, long, Map, Map, Map)}
     * @return the memory
     */
    public static LawMemory of(double usableAirtime, long tier1SentAtDecreaseBps, Map<String, Long> tier1Overflows,
                               Map<String, Long> tier1Served) {
        return of(usableAirtime, tier1SentAtDecreaseBps, tier1Overflows, tier1Served, Map.of());
    }

    /**
     * A memory without the rates at a decrease.
     *
     * @param usableAirtime          see {@link #of(double, long, Map, Map, Map, Map)}
     * @param tier1SentAtDecreaseBps see {@link #of(double, long, Map, Map, Map, Map)}
     * @param tier1Overflows         see {@link #of(double, long, Map, Map, Map, Map)}
     * @param tier1Served            see {@link #of(double, long, Map, Map, Map, Map)}
     * @param tier1References        see {@link #of(double, long, Map, Map, Map, Map)}
     * @return the memory
     */
    public static LawMemory of(double usableAirtime, long tier1SentAtDecreaseBps, Map<String, Long> tier1Overflows,
                               Map<String, Long> tier1Served, Map<String, Long> tier1References) {
        return of(usableAirtime, tier1SentAtDecreaseBps, tier1Overflows, tier1Served, tier1References, Map.of());
    }

    /**
     * A memory without the Tier-2 rate at which Tier 1 was last served.
     *
     * @param usableAirtime          see {@link #of(double, long, Map, Map, Map, Map, long)}
     * @param tier1SentAtDecreaseBps see {@link #of(double, long, Map, Map, Map, Map, long)}
     * @param tier1Overflows         see {@link #of(double, long, Map, Map, Map, Map, long)}
     * @param tier1Served            see {@link #of(double, long, Map, Map, Map, Map, long)}
     * @param tier1References        see {@link #of(double, long, Map, Map, Map, Map, long)}
     * @param tier1AtDecrease        see {@link #of(double, long, Map, Map, Map, Map, long)}
     * @return the memory
     */
    public static LawMemory of(double usableAirtime, long tier1SentAtDecreaseBps, Map<String, Long> tier1Overflows,
                               Map<String, Long> tier1Served, Map<String, Long> tier1References,
                               Map<String, Long> tier1AtDecrease) {
        return of(usableAirtime, tier1SentAtDecreaseBps, tier1Overflows, tier1Served, tier1References,
                tier1AtDecrease, -1L);
    }

    /**
     * A memory; a value outside its range counts as none.
     *
     * @param usableAirtime          in (0, 1]; otherwise none (NaN)
     * @param tier1SentAtDecreaseBps bit/s &ge; 0; otherwise none (-1)
     * @param tier1Overflows         the Tier-1 station queues that overflowed in the last window: the station's
     *                               device id ({@link org.mpsdn.core.signal.Tier1StationSignal#UNMATCHED} for a
     *                               station not matched to a device) to what it sent over that window, bit/s
     *                               (-1 when unknown); null for none; null keys and values are skipped
     * @param tier1Served            the Tier-1 stations shown served: device id to the rate, bit/s; null for
     *                               none; null keys, null and negative values are skipped
     * @param tier1References        each Tier-1 station's reference rate: device id to bit/s; null for none; null
     *                               keys, null and negative values are skipped
     * @param tier1AtDecrease        what each Tier-1 station sent over the window of this cycle's decrease: device
     *                               id to bit/s; null for none; null keys, null and negative values are skipped
     * @param tier2ServedBps         what Tier 2 sent over the last window in which Tier 1 was served, bit/s &ge; 0;
     *                               otherwise none (-1)
     * @return the memory
     */
    public static LawMemory of(double usableAirtime, long tier1SentAtDecreaseBps, Map<String, Long> tier1Overflows,
                               Map<String, Long> tier1Served, Map<String, Long> tier1References,
                               Map<String, Long> tier1AtDecrease, long tier2ServedBps) {
        double u = usableAirtime > 0.0 && usableAirtime <= 1.0 ? usableAirtime : Double.NaN;
        long s = Math.max(-1L, tier1SentAtDecreaseBps);
        Map<String, Long> o = copy(tier1Overflows, -1L);
        Map<String, Long> served = copy(tier1Served, 0L);
        Map<String, Long> refs = copy(tier1References, 0L);
        Map<String, Long> at = copy(tier1AtDecrease, 0L);
        long t2 = Math.max(-1L, tier2ServedBps);
        return Double.isNaN(u) && s < 0 && o.isEmpty() && served.isEmpty() && refs.isEmpty() && at.isEmpty()
                && t2 < 0 ? NONE : new LawMemory(u, s, o, served, refs, at, t2);
    }

    /** The entries with a key and a value, values below {@code min} raised to -1 (min -1) or skipped (min 0). */
    private static Map<String, Long> copy(Map<String, Long> in, long min) {
        Map<String, Long> out = new TreeMap<>();
        if (in != null) {
            in.forEach((k, v) -> {
                if (k != null && v != null && (v >= min || min < 0)) {
                    out.put(k, Math.max(min, v));
                }
            });
        }
        return out.isEmpty() ? Map.of() : Collections.unmodifiableMap(out);
    }

    /** @return the usable share of the air time, in (0, 1]; NaN when none was learned */
    public double usableAirtime() {
        return usableAirtime;
    }

    /** @return what the Tier-1 stations sent at the last cycle's decrease, bit/s; -1 when it made none */
    public long tier1SentAtDecreaseBps() {
        return tier1SentAtDecreaseBps;
    }

    /**
     * @return the Tier-1 station queues that overflowed in the last cycle's window: device id
     *         ({@link org.mpsdn.core.signal.Tier1StationSignal#UNMATCHED} for a station not matched to a device) to
     *         what the station sent over that window, bit/s (-1 when unknown); unmodifiable, ordered by id
     */
    public Map<String, Long> tier1Overflows() {
        return tier1Overflows;
    }

    /**
     * @return the Tier-1 stations shown served: device id to the rate at which a decrease left them sending no
     *         more, bit/s; unmodifiable, ordered by id
     */
    public Map<String, Long> tier1Served() {
        return tier1Served;
    }

    /**
     * @return each Tier-1 station's reference rate ({@link org.mpsdn.core.signal.Tier1Demand}): device id to
     *         bit/s; unmodifiable, ordered by id
     */
    public Map<String, Long> tier1References() {
        return tier1References;
    }

    /**
     * @return what each Tier-1 station sent over the window of the last cycle's decrease, when that decrease gave
     *         back enough to show whether it takes more: device id to bit/s; unmodifiable, ordered by id
     */
    public Map<String, Long> tier1AtDecrease() {
        return tier1AtDecrease;
    }

    /** @return what Tier 2 sent over the last window in which Tier 1 was served, bit/s; -1 when none */
    public long tier2ServedBps() {
        return tier2ServedBps;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof LawMemory)) {
            return false;
        }
        LawMemory m = (LawMemory) o;
        return Double.compare(usableAirtime, m.usableAirtime) == 0 && tier1SentAtDecreaseBps == m.tier1SentAtDecreaseBps
                && tier1Overflows.equals(m.tier1Overflows) && tier1Served.equals(m.tier1Served)
                && tier1References.equals(m.tier1References) && tier1AtDecrease.equals(m.tier1AtDecrease)
                && tier2ServedBps == m.tier2ServedBps;
    }

    @Override
    public int hashCode() {
        return Objects.hash(usableAirtime, tier1SentAtDecreaseBps, tier1Overflows, tier1Served, tier1References,
                tier1AtDecrease, tier2ServedBps);
    }

    @Override
    public String toString() {
        return "LawMemory{usableAirtime=" + usableAirtime + ", tier1SentAtDecreaseBps=" + tier1SentAtDecreaseBps
                + ", tier1Overflows=" + tier1Overflows + ", tier1Served=" + tier1Served
                + ", tier1References=" + tier1References + ", tier1AtDecrease=" + tier1AtDecrease
                + ", tier2ServedBps=" + tier2ServedBps + "}";
    }
}
