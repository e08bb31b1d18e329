package org.mpsdn.core.signal;

import org.mpsdn.core.LawMemory;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.StationLoad;
import org.mpsdn.core.regulate.Tier1FirstLaw;

import java.util.Map;
import java.util.TreeMap;

/**
 * The Tier-1-aware signal (not in the paper): the highest window-averaged occupancy among the
 * queues of the stations that carry no Tier-2 flow in that direction this cycle, i.e. the most
 * backlogged station the regulation exists to protect. A queue that dropped at least {@link #OVERFLOW_SHARE} of
 * what reached it reads as full (1) when it also overflowed in the last cycle's window, unless a decrease has shown
 * the station served at the rate it sends ({@link #squeezed}, {@link #served}). A backlogged station off its reference
 * rate reads as full too ({@link Tier1Demand#offReference}).
 * <ul>
 *   <li>A greedy TCP flow on a queue shorter than its bandwidth-delay product empties the queue after each loss,
 *       so its average fill stays low while Tier 2 takes its air time: in the lab a squeezed Tier-1 station read
 *       0.08-0.38 and dropped 7-10 % of its packets in every window; its rate may fall or hold steady (two-Wi-Fi
 *       lab at {@code 2cf8c21}: 25-38 of its 44.5 Mb/s, 8-10 % dropped, for a whole phase).</li>
 *   <li>A paced Tier-1 station that is served drops in bursts while Tier 2 ramps, and keeps its rate: on LTE it
 *       dropped 3.5-5.6 % in two windows in a row while it sent 0.995-0.999 of the window before; counting every
 *       such pair halved Tier 2 every 10-20 s and held it to 0.31-0.57 of the idle LTE capacity (lab idle
 *       capacity at {@code aeeda99}, runs 2-3). Only a decrease tells the two apart: the squeezed station takes
 *       the air time it frees, the served one does not, and is then remembered as served at its rate.</li>
 * </ul>
 * It reads congestion the way the paper defines it (Section IV-A: the demand of served single-path devices is
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
    /** Share of what reached a Tier-1 station's queue that it dropped at which the queue overflows. */
    static final double OVERFLOW_SHARE = 0.03;

    /**
     * The key of a station not matched to a device among the overflows remembered ({@link #overflows}); no
     * device id is blank.
     */
    public static final String UNMATCHED = "";

    @Override
    public SignalReading read(SignalInputs in, int ap, ApDirection key) {
        if (in.stations(key).isEmpty()) {
            return in.apOccupancy(key);
        }
        return SignalReading.of(max(in, ap, key, true), SignalReading.Source.TIER1_STATIONS);
    }

    /**
     * The signal read from the Tier-1 queues' fill and overflow alone, without the reference rates: what tells a
     * window in which the medium was full (the usable air time is learned only from such a window; a station
     * below its reference may be squeezed on a medium with room, by a Tier 2 that took its share).
     *
     * @param in  the cycle's signal inputs
     * @param ap  AP index
     * @param key AP and direction
     * @return in [0, 1]; 0 without Tier-1 stations
     */
    public static double fill(SignalInputs in, int ap, ApDirection key) {
        return max(in, ap, key, false);
    }

    private static double max(SignalInputs in, int ap, ApDirection key, boolean byReference) {
        LawMemory before = in.lawBefore(ap, key.direction());
        Map<String, Long> served = served(in, ap, key, before);
        double max = 0.0;
        for (StationLoad l : in.stations(key)) {
            if (!in.carriesTier2(ap, key.direction(), l)) {
                boolean heldBack = squeezed(l, before.tier1Overflows(), served)
                        || byReference && Tier1Demand.offReference(l, before);
                max = Math.max(max, heldBack ? 1.0 : l.occupancy());
            }
        }
        return max;
    }

    /**
     * Whether a Tier-1 station's overflow reads as held back: its queue overflows in this window and did in the
     * last, and no decrease has shown it served at the rate it sends now ({@link #served}). A station not matched
     * to a device cannot be told apart: its overflow reads as held back when a Tier-1 queue overflowed in the last
     * window.
     *
     * @param l      the station's reading in this window
     * @param before the Tier-1 queues that overflowed in the last window, id to what the station sent
     * @param served the stations served at the rate they send in this window ({@link #served})
     * @return true when it reads as full
     */
    static boolean squeezed(StationLoad l, Map<String, Long> before, Map<String, Long> served) {
        if (!overflows(l) || before.isEmpty()) {
            return false;
        }
        if (l.ueId().isEmpty()) {
            return true;
        }
        String id = l.ueId().get();
        return before.containsKey(id) && !served.containsKey(id);
    }

    /**
     * The Tier-1 stations of an AP direction served at the rate they send in this window: a station that
     * overflowed in the window of the last cycle's decrease and now sends less than
     * {@link Tier1FirstLaw#DRAIN_GAIN} more than then did not take the air time the decrease freed, so its
     * overflows are its own bursts; it stays served while it sends within that spread of the rate it was shown
     * served at (the rate remembered, so that a slow decline does not carry it along).
     *
     * @param in     the cycle's signal inputs
     * @param ap     AP index
     * @param key    AP and direction
     * @param before what the law remembers from the last cycle here
     * @return device id to the rate it was shown served at, bit/s; empty when none
     */
    public static Map<String, Long> served(SignalInputs in, int ap, ApDirection key, LawMemory before) {
        Map<String, Long> out = new TreeMap<>();
        boolean decreased = before.tier1SentAtDecreaseBps() >= 0;
        for (StationLoad l : in.stations(key)) {
            if (in.carriesTier2(ap, key.direction(), l) || l.ueId().isEmpty() || l.sentBps() < 0) {
                continue;
            }
            String id = l.ueId().get();
            Long at = before.tier1Served().get(id);
            Long was = before.tier1Overflows().get(id);
            if (servedAt(at, l.sentBps())) {
                out.put(id, at);
            } else if (decreased && was != null && was >= 0 && l.sentBps() < was * (1.0 + Tier1FirstLaw.DRAIN_GAIN)) {
                out.put(id, l.sentBps());
            }
        }
        return out;
    }

    /** Whether a station sending {@code sentBps} is within {@link Tier1FirstLaw#DRAIN_GAIN} of a served rate. */
    private static boolean servedAt(Long servedBps, long sentBps) {
        return servedBps != null && sentBps >= 0
                && Math.abs(sentBps - servedBps) <= Tier1FirstLaw.DRAIN_GAIN * servedBps;
    }

    private static boolean overflows(StationLoad l) {
        return l.overflowShare() >= OVERFLOW_SHARE;
    }

    /**
     * The Tier-1 station queues of an AP direction that overflowed in this window (dropped at least
     * {@link #OVERFLOW_SHARE} of what reached them), whether or not they read as held back: what the next cycle
     * compares with.
     *
     * @param in  the cycle's signal inputs
     * @param ap  AP index
     * @param key AP and direction
     * @return device id ({@link #UNMATCHED} for a station not matched to a device) to what the station sent,
     *         bit/s; empty when none did
     */
    public static Map<String, Long> overflows(SignalInputs in, int ap, ApDirection key) {
        Map<String, Long> out = new TreeMap<>();
        for (StationLoad l : in.stations(key)) {
            if (!in.carriesTier2(ap, key.direction(), l) && overflows(l)) {
                out.merge(l.ueId().orElse(UNMATCHED), l.sentBps(), Math::min);
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return "tier1";
    }
}
