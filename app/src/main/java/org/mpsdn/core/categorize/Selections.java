package org.mpsdn.core.categorize;

import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.throughput.ApLoad;
import org.mpsdn.core.throughput.ThroughputModel;

import java.util.Arrays;

/**
 * Pieces shared by the two deadlock breakers.
 */
final class Selections {

    private Selections() {
    }

    // an int per device, each -1
    static int[] none(int n) {
        int[] out = new int[n];
        Arrays.fill(out, -1);
        return out;
    }

    static ApLoad[] newLoads(NetworkSnapshot s, ThroughputModel model) {
        ApLoad[] loads = new ApLoad[s.apCount()];
        for (int a = 0; a < loads.length; a++) {
            loads[a] = model.newLoad(s.ap(a));
        }
        return loads;
    }

    static double throughput(NetworkSnapshot s, ApLoad[] loads, boolean[] active, int c) {
        ApLoad load = loads[s.connectionAp(c)];
        return active[c] ? load.throughputOfMember(s.connection(c)) : load.throughputIfAdded(s.connection(c));
    }

    // the device's connection ranking first in ConnectionRank.bestFirst
    static int topRanked(NetworkSnapshot s, int ue) {
        int best = -1;
        for (int k = 0; k < s.ueConnectionCount(ue); k++) {
            int c = s.ueConnection(ue, k);
            if (best < 0 || ConnectionRank.bestFirst(s, c, best) < 0) {
                best = c;
            }
        }
        return best;
    }

    // hysteresis: keep the previous primary unless the best promises more than (1 + h) times as much
    static int withHysteresis(int best, double bestBps, int previous, double previousBps, double hysteresis) {
        if (previous < 0 || previous == best || hysteresis <= 0.0) {
            return best;
        }
        return bestBps > (1.0 + hysteresis) * previousBps ? best : previous;
    }

    // hysteresis for values that may be negative (the airtime charge): keep the previous primary unless the
    // best one's value exceeds it by more than h times its magnitude (the same as above for a positive value)
    static int withMarginHysteresis(int best, double bestValue, int previous, double previousValue,
                                    double hysteresis) {
        if (previous < 0 || previous == best || hysteresis <= 0.0) {
            return best;
        }
        return bestValue > previousValue + hysteresis * Math.abs(previousValue) ? best : previous;
    }

        static double[] finalEstimates(NetworkSnapshot s, ApLoad[] loads, boolean[] active) {
        double[] estimate = new double[s.connectionCount()];
        for (int c = 0; c < estimate.length; c++) {
            estimate[c] = throughput(s, loads, active, c);
        }
        return estimate;
    }
}
