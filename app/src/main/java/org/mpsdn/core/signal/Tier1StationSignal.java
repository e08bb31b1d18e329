package org.mpsdn.core.signal;

import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.StationLoad;

import java.util.List;

/**
 * The Tier-1-aware signal (not in the paper): the highest window-averaged occupancy among the
 * queues of the stations that carry no Tier-2 flow in that direction this cycle, i.e. the most
 * backlogged station the regulation exists to protect; a queue that dropped at least
 * {@link #OVERFLOW_SHARE} of what reached it reads as full (1) when a Tier-1 queue of the AP direction also
 * overflowed in the last cycle's window. A greedy TCP flow on a queue shorter than its bandwidth-delay product
 * empties the queue after each loss, so its average fill stays low while Tier 2 takes its air time: in the lab a
 * squeezed Tier-1 station read 0.08-0.38 and dropped 7-10 % of its packets in every window. A paced Tier-1
 * station that was served dropped 3.6-9.4 % in single windows while Tier 2 ramped on LTE, never in two in a
 * row: one window's overflow had halved Tier 2 every 10-20 s there (0.18 of the idle LTE capacity). It reads
 * congestion the way the paper defines it (Section IV-A: the demand of served single-path devices is
 * throttled) rather than the AP's aggregate fill, which a backlogged Tier-2 flow raises on its own and idle
 * stations dilute.
 * <ul>
 *   <li>No station queue reported for the AP and direction (an agent that predates them, or a
 *       source that cannot tell stations apart): the AP's MacOcc, as in the paper.</li>
 *   <li>Station queues reported but none without Tier-2 traffic: 0 (no Tier-1 demand is held
 *       back at this AP).</li>
 * </ul>
 * The maximum does not depend on the order of the stations.
 */
public final class Tier1StationSignal implements CongestionSignal {
    /** Share of what reached a Tier-1 station's queue that it dropped at which the queue reads as full. */
    static final double OVERFLOW_SHARE = 0.03;

    @Override
    public SignalReading read(SignalInputs in, int ap, ApDirection key) {
        List<StationLoad> loads = in.stations(key);
        if (loads.isEmpty()) {
            return in.apOccupancy(key);
        }
        boolean persists = in.tier1OverflowedBefore(ap, key.direction());
        double max = 0.0;
        for (StationLoad l : loads) {
            if (!in.carriesTier2(ap, key.direction(), l)) {
                max = Math.max(max, persists && overflows(l) ? 1.0 : l.occupancy());
            }
        }
        return SignalReading.of(max, SignalReading.Source.TIER1_STATIONS);
    }

    private static boolean overflows(StationLoad l) {
        return l.overflowShare() >= OVERFLOW_SHARE;
    }

    /**
     * Whether a Tier-1 station queue of an AP direction overflowed in this window (dropped at least
     * {@link #OVERFLOW_SHARE} of what reached it), whether or not it persisted.
     *
     * @param in  the cycle's signal inputs
     * @param ap  AP index
     * @param key AP and direction
     * @return true if one did
     */
    public static boolean overflowed(SignalInputs in, int ap, ApDirection key) {
        for (StationLoad l : in.stations(key)) {
            if (!in.carriesTier2(ap, key.direction(), l) && overflows(l)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return "tier1";
    }
}
