package org.mpsdn.core;

import org.mpsdn.api.model.Direction;
import org.mpsdn.core.model.AccessPoint;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.regulate.BandwidthRegulator;

import java.util.Arrays;
import java.util.Map;

/**
 * Algorithm 2, lines 1-8: the new Tier-2 limit of every AP and regulated direction from its
 * average MAC queue occupancy (one {@link BandwidthRegulator} step each). A missing or invalid
 * occupancy leaves the limit unchanged (kept within the AP's range) and is counted. Line 9,
 * enforcing the limits through the switches' meters, is the caller's.
 */
final class Tier2Limits {
    private static final Direction[] DOWNLINK_ONLY = {Direction.DOWNLINK};
    private static final Direction[] BOTH = {Direction.DOWNLINK, Direction.UPLINK};

    /** Limit per AP and direction at {@code ap * 2 + direction.ordinal()}, bit/s; -1 when not regulated. */
    final long[] bps;
    /** Regulated AP-directions without an occupancy. */
    final int missing;
    /** Occupancies ignored for being null, NaN or outside [0, 1]. */
    final int invalid;

    /**
     * Regulates every AP of a snapshot.
     *
     * @param s              the snapshot
     * @param occupancy      MacOcc per AP and direction over the last interval
     * @param previous       the previous limits (BW_i)
     * @param regulator      the Eq. (4) step
     * @param regulateUplink whether both directions are regulated
     */
    Tier2Limits(NetworkSnapshot s, Map<ApDirection, Double> occupancy, RegulationState previous,
                BandwidthRegulator regulator, boolean regulateUplink) {
        bps = new long[s.apCount() * 2];
        Arrays.fill(bps, -1L);
        int absent = 0;
        int bad = 0;
        for (int ap = 0; ap < s.apCount(); ap++) {
            AccessPoint a = s.ap(ap);
            long floor = regulator.floorBps(a.capacityBps());
            for (Direction d : regulateUplink ? BOTH : DOWNLINK_ONLY) {
                long current = previous.tier2LimitBps(a.id(), d).orElse(floor);
                // line 2: ap.MacOcc = QueryMac(ap)
                ApDirection key = new ApDirection(a.id(), d);
                Double occ = occupancy.get(key);
                long next;
                if (occ != null && occ >= 0.0 && occ <= 1.0) {
                    // lines 3-8: halve when MacOcc >= CTh, else increase (Eq. 4)
                    next = regulator.next(current, occ, a.capacityBps());
                } else {
                    if (occ == null && !occupancy.containsKey(key)) {
                        absent++;
                    } else {
                        bad++;
                    }
                    next = Math.max(floor, Math.min(a.capacityBps(), current));
                }
                bps[ap * 2 + d.ordinal()] = next;
            }
        }
        missing = absent;
        invalid = bad;
    }
}
