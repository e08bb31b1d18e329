package org.mpsdn.impl.meter;

import org.mpsdn.core.regulate.BandwidthRegulator;

/**
 * The decrease Algorithm 2 takes next from a limit in force (line 4: BW / 2, at least R_m), in kbit/s as the
 * engine hands limits to the glue ({@code impl.decide.CoreRegulationEngine#limits}: bit/s rounded to the
 * nearest kbit/s). The core's own {@link BandwidthRegulator} computes it: the decrease does not depend on CTh
 * or alpha, so any valid ones do. The {@code paper} profile's exact steps submit a meter at this rate ahead of
 * need ({@link MeterLadders#tendExact}); should the engine decide another decrease (an AP with its own R_m),
 * that step is still exact and waits for its meter like any other.
 */
final class ExactDecrease {
    private static final double ANY_CTH = 1.0;
    private static final double ANY_ALPHA = 0.5;
    private static final double CONGESTED = 1.0;

    private ExactDecrease() {
    }

    /**
     * The next decrease from a limit.
     *
     * @param limitKbps the limit in force in kbit/s
     * @param rates     the direction's ladder: its lowest rate is min(R_m, capacity), its highest the capacity
     * @return the decreased limit in kbit/s
     */
    static long of(long limitKbps, long[] rates) {
        long floor = rates[0];
        long capacity = rates[rates.length - 1];
        long bps = new BandwidthRegulator(ANY_CTH, ANY_ALPHA, floor * 1000)
                .next(limitKbps * 1000, CONGESTED, capacity * 1000);
        return Math.max(1, Math.min(capacity, (bps + 500) / 1000));
    }
}
