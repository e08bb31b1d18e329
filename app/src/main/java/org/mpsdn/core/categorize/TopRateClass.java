package org.mpsdn.core.categorize;

import org.mpsdn.api.model.ApKind;
import org.mpsdn.core.model.NetworkSnapshot;

/**
 * Which connections may be a multipath user's primary under the mpsdn profile's top rate class (see
 * {@link PrioritySelector}): an LTE connection always; a Wi-Fi connection whose PHY rate is at least a share
 * of the fastest PHY rate its AP reports, or, for the previous primary, (1 - h) times that.
 */
final class TopRateClass {
    private final NetworkSnapshot s;
    private final double[] thresholdBps;
    private final double keepFactor;

    TopRateClass(NetworkSnapshot s, double share, double hysteresis) {
        this.s = s;
        this.keepFactor = 1.0 - Math.min(1.0, hysteresis);
        thresholdBps = new double[s.apCount()];
        for (int c = 0; c < s.connectionCount(); c++) {
            int ap = s.connectionAp(c);
            thresholdBps[ap] = Math.max(thresholdBps[ap], share * s.connection(c).phyRateBps());
        }
    }

    /**
     * Whether a connection may be a primary.
     *
     * @param c        connection index
     * @param previous whether it is its user's previous primary
     * @return true if it qualifies
     */
    boolean qualifies(int c, boolean previous) {
        if (s.ap(s.connectionAp(c)).kind() != ApKind.WIFI) {
            return true;
        }
        double threshold = thresholdBps[s.connectionAp(c)] * (previous ? keepFactor : 1.0);
        return s.connection(c).phyRateBps() >= threshold;
    }

    /**
     * Whether any connection of a user qualifies (if none does, every one is a candidate).
     *
     * @param ue       device index
     * @param previous its previous primary connection, or -1
     * @return true if one qualifies
     */
    boolean anyQualifies(int ue, int previous) {
        for (int k = 0; k < s.ueConnectionCount(ue); k++) {
            int c = s.ueConnection(ue, k);
            if (qualifies(c, c == previous)) {
                return true;
            }
        }
        return false;
    }
}
