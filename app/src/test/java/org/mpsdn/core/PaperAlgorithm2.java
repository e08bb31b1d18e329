package org.mpsdn.core;

import org.mpsdn.api.model.Direction;
import org.mpsdn.core.model.AccessPoint;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.NetworkSnapshot;

import java.util.Map;
import java.util.TreeMap;

/**
 * Test oracle: Algorithm 2 as the core computed it before the profiles existed (a frozen copy of
 * Tier2Limits and BandwidthRegulator.next at commit fbb0ced), so that a property can check the
 * paper profile against it on random inputs.
 */
final class PaperAlgorithm2 {
    /** Limits per AP and direction, and the missing/invalid counts. */
    final Map<ApDirection, Long> limits = new TreeMap<>();
    int missing;
    int invalid;

    PaperAlgorithm2(NetworkSnapshot s, Map<ApDirection, Double> occupancy, RegulationState previous,
                    RegulationParameters p) {
        Direction[] dirs = p.regulateUplink() ? new Direction[]{Direction.DOWNLINK, Direction.UPLINK}
                : new Direction[]{Direction.DOWNLINK};
        for (int ap = 0; ap < s.apCount(); ap++) {
            AccessPoint a = s.ap(ap);
            long floor = Math.min(p.minRateBps(), a.capacityBps());
            for (Direction d : dirs) {
                long current = previous.tier2LimitBps(a.id(), d).orElse(floor);
                ApDirection key = new ApDirection(a.id(), d);
                Double occ = occupancy.get(key);
                long next;
                if (occ != null && occ >= 0.0 && occ <= 1.0) {
                    next = next(p, current, occ, a.capacityBps(), floor);
                } else {
                    if (occ == null && !occupancy.containsKey(key)) {
                        missing++;
                    } else {
                        invalid++;
                    }
                    next = Math.max(floor, Math.min(a.capacityBps(), current));
                }
                limits.put(key, next);
            }
        }
    }

    private static long next(RegulationParameters p, long currentBps, double macOcc, long capacityBps, long floor) {
        long bw = Math.max(floor, Math.min(capacityBps, currentBps));
        if (macOcc >= p.cth()) {
            return Math.max(floor, bw / 2);
        }
        double occ = Math.max(macOcc, 1e-6);
        double increased = bw + bw * (p.alpha() * (p.cth() - occ) / occ);
        if (increased >= capacityBps) {
            return capacityBps;
        }
        return Math.max(floor, Math.min(capacityBps, (long) Math.ceil(increased)));
    }
}
