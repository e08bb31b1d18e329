package org.mpsdn.core.signal;

import org.mpsdn.core.model.AccessPoint;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.model.StationLoad;
import org.mpsdn.core.throughput.ThroughputModel;

import java.util.List;

/**
 * What the stations of an AP direction sent over the agent's window, and the capacity they left idle for
 * Tier 2, from the station queues' sent rates and the stations' PHY rates (Eq. 2's airtime model, not in
 * the paper's Algorithm 2).
 * <p>
 * A station that sent x bit/s at PHY rate r took x / r of the air time, times k&#772;, the mean number of
 * transmissions per packet among the n stations that contend (those that sent, and the Tier-2 stations, which
 * an increase makes contend). What is left, 1 / k&#772; &minus; &Sigma; x / r, carries r&#772;<sub>2</sub>
 * bit/s per unit of air time at the Tier-2 stations' PHY rate (their harmonic mean, as Eq. 2 averages):
 * <pre>
 *   spare = max(0, r&#772;<sub>2</sub> &middot; (1 / k&#772;(n) &minus; &Sigma;<sub>i</sub>
 *                   x<sub>i</sub> / r<sub>i</sub>))
 * </pre>
 * 1 / k&#772; is the share of the air time the stations can use. It is <i>learned</i>: in a window in which a
 * Tier-1 station was held back while Tier 2 sent more than its floor, Tier 2 had filled the medium, and the
 * &Sigma; x / r of the last such window is what it can carry, raised a little each cycle in which it held Tier 2
 * back while Tier 1 was served (Tier2Limits, Tier1FirstLaw.probed); until such a window, the collision model's
 * 1 / k&#772;(n).
 * The model's k&#772; differs from a real medium's (the Bianchi model's k&#772;(3) is 1.22, the lab cell's 1.43);
 * the learned value makes the spare what the medium showed it can carry.
 * <p>
 * On a Wi-Fi AP the sum and the contenders are both directions' stations ({@link SignalInputs#medium}): one
 * channel carries both, so what the uplink stations send takes air time from the downlink's Tier 2 and back.
 * A station without a PHY rate (not matched to a connection, or none reported) counts at the AP's capacity,
 * as Eq. 2 does. Both sums are independent of the order of the stations. Pure and stateless.
 */
public final class SpareCapacity {
    private SpareCapacity() {
    }

    /**
     * What the stations carrying Tier-2 flows sent over the window.
     *
     * @param in  the cycle's signal inputs
     * @param ap  AP index
     * @param key AP and direction
     * @return bit/s, or {@link StationLoad#UNKNOWN} when no such station was reported or one has no rate
     */
    public static long tier2SentBps(SignalInputs in, int ap, ApDirection key) {
        long sum = 0;
        int seen = 0;
        for (StationLoad l : in.stations(key)) {
            if (!in.carriesTier2(ap, key.direction(), l)) {
                continue;
            }
            if (l.sentBps() == StationLoad.UNKNOWN) {
                return StationLoad.UNKNOWN;
            }
            sum = sum > Long.MAX_VALUE - l.sentBps() ? Long.MAX_VALUE : sum + l.sentBps();
            seen++;
        }
        return seen == 0 ? StationLoad.UNKNOWN : sum;
    }

    /**
     * The capacity the stations left idle for Tier 2 (see the class comment).
     *
     * @param in    the cycle's signal inputs
     * @param ap    AP index
     * @param key   AP and direction
     * @param model the throughput model (k&#772; of the AP's medium)
     * @param usable the usable share of the air time learned from a full window, NaN for the model's
     * @return bit/s &ge; 0, or {@link StationLoad#UNKNOWN} when no station queue was reported or one has no
     *         sent rate
     */
    public static long spareBps(SignalInputs in, int ap, ApDirection key, ThroughputModel model, double usable) {
        double airtime = airtime(in, ap, key);
        if (Double.isNaN(airtime)) {
            return StationLoad.UNKNOWN;
        }
        AccessPoint a = in.snapshot().ap(ap);
        int tier2Stations = 0;
        int contending = 0;
        for (StationLoad l : in.medium(ap, key)) {
            boolean tier2 = in.carriesTier2(ap, key.direction(), l);
            tier2Stations += tier2 ? 1 : 0;
            contending += tier2 || l.sentBps() > 0 ? 1 : 0;
        }
        double r2 = tier2PhyBps(in, ap, key);
        double share = Double.isNaN(usable)
                ? 1.0 / model.meanTransmissions(a, Math.max(1, contending + (tier2Stations == 0 ? 1 : 0)))
                : usable;
        double spare = r2 * (share - airtime);
        return spare <= 0.0 ? 0L : spare >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) spare;
    }

    /**
     * r&#772;<sub>2</sub>: the Tier-2 stations' PHY rate, their harmonic mean (as Eq. 2 averages); the AP's capacity
     * when no station carries Tier 2. What a unit of air time carries for Tier 2.
     *
     * @param in  the cycle's signal inputs
     * @param ap  AP index
     * @param key AP and direction
     * @return bit/s &gt; 0
     */
    public static double tier2PhyBps(SignalInputs in, int ap, ApDirection key) {
        NetworkSnapshot s = in.snapshot();
        AccessPoint a = s.ap(ap);
        double inverseSum = 0.0;
        int stations = 0;
        for (StationLoad l : in.stations(key)) {
            if (in.carriesTier2(ap, key.direction(), l)) {
                inverseSum += 1.0 / phyRateBps(s, ap, a, l);
                stations++;
            }
        }
        return stations == 0 ? Math.max(1L, a.capacityBps()) : stations / inverseSum;
    }

    /**
     * The share of the air time the stations of the AP direction's medium ({@link SignalInputs#medium}) used over
     * the window, &Sigma; x / r.
     *
     * @param in  the cycle's signal inputs
     * @param ap  AP index
     * @param key AP and direction
     * @return in [0, &infin;), NaN when no station queue was reported or one has no sent rate
     */
    public static double airtime(SignalInputs in, int ap, ApDirection key) {
        List<StationLoad> loads = in.medium(ap, key);
        if (loads.isEmpty()) {
            return Double.NaN;
        }
        NetworkSnapshot s = in.snapshot();
        AccessPoint a = s.ap(ap);
        double airtime = 0.0;
        for (StationLoad l : loads) {
            if (l.sentBps() == StationLoad.UNKNOWN) {
                return Double.NaN;
            }
            airtime += l.sentBps() / phyRateBps(s, ap, a, l);
        }
        return airtime;
    }

    /** The PHY rate of a station's connection to the AP, the AP's capacity when unknown. */
    private static double phyRateBps(NetworkSnapshot s, int ap, AccessPoint a, StationLoad l) {
        int ue = l.ueId().map(s::ueIndex).orElse(-1);
        int c = ue < 0 ? -1 : s.connectionIndex(ue, a.id());
        long phy = c < 0 ? 0L : s.connectionPhyRateBps(c);
        return phy > 0 ? phy : Math.max(1L, a.capacityBps());
    }
}
