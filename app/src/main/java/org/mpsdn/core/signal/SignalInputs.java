package org.mpsdn.core.signal;

import org.mpsdn.api.model.ApKind;
import org.mpsdn.api.model.Direction;
import org.mpsdn.core.LawMemory;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.model.StationLoad;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a {@link CongestionSignal} may read in one cycle: the AP occupancies (MacOcc), the
 * station queues, and which connections carry Tier-2 flows in each direction after this cycle's
 * categorization (Algorithm 1 runs before Algorithm 2). Read-only.
 */
public final class SignalInputs {
    private final NetworkSnapshot snapshot;
    private final Map<ApDirection, Double> occupancy;
    private final Map<ApDirection, List<StationLoad>> stations;
    private final boolean[] tier2;
    private final List<LawMemory> before;

    /**
     * Wraps a cycle's inputs (not copied: the caller must not change them while the cycle runs).
     *
     * @param snapshot  the network
     * @param occupancy MacOcc per AP and direction; null, NaN or out-of-range values are invalid
     * @param stations  station queues per AP and direction
     * @param tier2     per connection and direction, at {@code connection * 2 + direction.ordinal()}:
     *                  whether it carries a Tier-2 flow this cycle
     * @param before    per AP and direction, at {@code ap * 2 + direction.ordinal()}: what the law remembers
     *                  from the last cycle (the Tier-1 queues that overflowed, the stations shown served)
     */
    public SignalInputs(NetworkSnapshot snapshot, Map<ApDirection, Double> occupancy,
                        Map<ApDirection, List<StationLoad>> stations, boolean[] tier2,
                        List<LawMemory> before) {
        this.snapshot = snapshot;
        this.occupancy = occupancy;
        this.stations = stations;
        this.tier2 = tier2;
        this.before = before;
    }

    /**
     * What the law remembers of an AP direction from the last cycle.
     *
     * @param ap AP index
     * @param d  direction
     * @return the memory, {@link LawMemory#NONE} when none
     */
    public LawMemory lawBefore(int ap, Direction d) {
        return before.get(ap * 2 + d.ordinal());
    }

    /** @return the network the inputs belong to */
    public NetworkSnapshot snapshot() {
        return snapshot;
    }

    /**
     * The AP's MacOcc as supplied.
     *
     * @param key AP and direction
     * @return the occupancy, or {@link SignalReading#MISSING} when absent, {@link SignalReading#INVALID}
     *         when null, NaN or outside [0, 1]
     */
    public SignalReading apOccupancy(ApDirection key) {
        Double occ = occupancy.get(key);
        if (occ != null && occ >= 0.0 && occ <= 1.0) {
            return SignalReading.of(occ, SignalReading.Source.AP_OCCUPANCY);
        }
        return occ == null && !occupancy.containsKey(key) ? SignalReading.MISSING : SignalReading.INVALID;
    }

    /**
     * The station queues of an AP in a direction.
     *
     * @param key AP and direction
     * @return the readings (empty when the agent reported none)
     */
    public List<StationLoad> stations(ApDirection key) {
        List<StationLoad> l = stations.get(key);
        return l == null ? List.of() : l;
    }

    /**
     * The station queues that share the medium of an AP direction: on a Wi-Fi AP both directions' (one channel
     * carries both, so an uplink station's transmissions take the air time a downlink one could use), elsewhere
     * (LTE's separate uplink and downlink resources) this direction's.
     *
     * @param ap  AP index
     * @param key AP and direction
     * @return the readings (empty when the agent reported none in this direction)
     */
    public List<StationLoad> medium(int ap, ApDirection key) {
        List<StationLoad> own = stations(key);
        if (own.isEmpty() || !sharedMedium(ap)) {
            return own;
        }
        List<StationLoad> other = stations(new ApDirection(key.apId(), key.direction().reverse()));
        if (other.isEmpty()) {
            return own;
        }
        List<StationLoad> both = new ArrayList<>(own.size() + other.size());
        both.addAll(own);
        both.addAll(other);
        return both;
    }

    /**
     * Whether an AP's two directions share one medium: a Wi-Fi AP's single channel.
     *
     * @param ap AP index
     * @return true for a Wi-Fi AP
     */
    public boolean sharedMedium(int ap) {
        return snapshot.ap(ap).kind() == ApKind.WIFI;
    }

    /**
     * What the Tier-1 stations of an AP direction sent over the window: the sum of the sent rates of the
     * station queues that carry no Tier-2 flow this cycle (the stations {@link Tier1StationSignal} reads).
     *
     * @param ap  AP index
     * @param key AP and direction
     * @return bit/s, or {@link StationLoad#UNKNOWN} when no station queue was reported or one of theirs
     *         has no rate
     */
    public long tier1SentBps(int ap, ApDirection key) {
        List<StationLoad> loads = stations(key);
        if (loads.isEmpty()) {
            return StationLoad.UNKNOWN;
        }
        long sum = 0;
        for (StationLoad l : loads) {
            if (carriesTier2(ap, key.direction(), l)) {
                continue;
            }
            if (l.sentBps() == StationLoad.UNKNOWN) {
                return StationLoad.UNKNOWN;
            }
            sum = sum > Long.MAX_VALUE - l.sentBps() ? Long.MAX_VALUE : sum + l.sentBps();
        }
        return sum;
    }

    /**
     * Whether a station's device carries a Tier-2 flow over its connection to an AP in a direction
     * this cycle. A station not matched to a device, or to no connection of it, carries none (its
     * traffic has no Tier-2 rule, so the meter does not hold it: it is Tier 1 in effect).
     *
     * @param ap      AP index
     * @param d       direction
     * @param station the station's reading
     * @return true if the station's queue holds Tier-2 traffic
     */
    public boolean carriesTier2(int ap, Direction d, StationLoad station) {
        Optional<String> ue = station.ueId();
        if (ue.isEmpty()) {
            return false;
        }
        int u = snapshot.ueIndex(ue.get());
        int c = u < 0 ? -1 : snapshot.connectionIndex(u, snapshot.ap(ap).id());
        return c >= 0 && tier2[c * 2 + d.ordinal()];
    }
}
