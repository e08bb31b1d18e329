package org.mpsdn.core.signal;

import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.StationLoad;

import java.util.List;

/**
 * The Tier-1-aware signal (not in the paper): the highest window-averaged occupancy among the
 * queues of the stations that carry no Tier-2 flow in that direction this cycle, i.e. the most
 * backlogged station the regulation exists to protect; a queue that dropped at least
 * {@link #OVERFLOW_SHARE} of what reached it reads as full (1). A greedy TCP flow on a queue shorter than its
 * bandwidth-delay product empties the queue after each loss, so its average fill stays low while Tier 2 takes
 * its air time: in the lab a squeezed Tier-1 station read 0.08-0.38 and dropped 7-10 % of its packets, while a
 * paced Tier-1 station that was served dropped at most 2.1 % (Wi-Fi) and 0.1 % (LTE) outside its start (one
 * paced run on LTE dropped 3-9 % in bursts while served: the rule then decreases needlessly). It reads
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
        double max = 0.0;
        for (StationLoad l : loads) {
            if (!in.carriesTier2(ap, key.direction(), l)) {
                max = Math.max(max, l.overflowShare() >= OVERFLOW_SHARE ? 1.0 : l.occupancy());
            }
        }
        return SignalReading.of(max, SignalReading.Source.TIER1_STATIONS);
    }

    /**
     * The highest occupancy among the AP direction's Tier-1 station queues, without the overflow rule: a queue at
     * or above the threshold by its fill shows a medium Tier 2 filled, while a queue that only overflowed can be a
     * paced sender's burst on a medium with room (lab idle capacity: a paced Tier-1 station served at its 12.6
     * Mb/s dropped 4.7 % with its queue at 0.18-0.29, at 0.63-0.70 of the LTE air time, against 0.98 when full).
     *
     * @param in  the cycle's signal inputs
     * @param ap  AP index
     * @param key AP and direction
     * @return in [0, 1]; 0 when no Tier-1 station queue was reported
     */
    public static double tier1Fill(SignalInputs in, int ap, ApDirection key) {
        double max = 0.0;
        for (StationLoad l : in.stations(key)) {
            if (!in.carriesTier2(ap, key.direction(), l)) {
                max = Math.max(max, l.occupancy());
            }
        }
        return max;
    }

    @Override
    public String toString() {
        return "tier1";
    }
}
