package org.mpsdn.impl.meter;

import org.mpsdn.core.model.ApDirection;
import org.mpsdn.impl.store.LadderRecord;
import org.mpsdn.impl.store.LadderStore;
import org.onosproject.net.DeviceId;
import org.onosproject.net.meter.MeterId;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Keeps each AP direction's {@link Ladder} in the cluster's {@link LadderStore} (loop thread only): written when it
 * changed (a rung submitted, dropped or the ladder withdrawn), never on a cycle that changed nothing; read back by a
 * new owner of the AP's domain, which then steps on the same meters instead of submitting a second ladder.
 */
final class LadderPersistence {
    private final LadderStore store;
    private final LongSupplier clock;
    private final Map<ApDirection, LadderRecord> written = new HashMap<>();

    LadderPersistence(LadderStore store, LongSupplier clock) {
        this.store = store;
        this.clock = clock;
    }

    /**
     * The stored ladder of an AP direction, as a ladder whose meters count as submitted now.
     *
     * @param key AP direction
     * @return the ladder, null when none is stored
     */
    Ladder restore(ApDirection key) {
        LadderRecord r = store.ladder(key.apId(), key.direction().name()).orElse(null);
        if (r == null) {
            return null;
        }
        written.put(key, r);
        Ladder ladder = new Ladder(DeviceId.deviceId(r.deviceId()), r.rates());
        long now = clock.getAsLong();
        long[] meters = r.meters();
        for (int i = 0; i < meters.length; i++) {
            ladder.meters[i] = meters[i] < 0 ? null : MeterId.meterId(meters[i]);
            ladder.since[i] = now;
        }
        long[] exactRates = r.exactRates();
        long[] exactMeters = r.exactMeters();
        for (int i = 0; i < exactRates.length; i++) {
            ladder.exact.put(exactRates[i], MeterId.meterId(exactMeters[i]));
            ladder.exactSince.put(exactRates[i], now);
        }
        return ladder;
    }

    /**
     * Stores an AP direction's ladder if it differs from what was stored last (null: the ladder is gone).
     *
     * @param key    AP direction
     * @param ladder the ladder, or null
     */
    void save(ApDirection key, Ladder ladder) {
        if (ladder == null) {
            if (written.remove(key) != null) {
                store.removeLadder(key.apId(), key.direction().name());
            }
            return;
        }
        LadderRecord r = record(ladder);
        if (!r.equals(written.get(key))) {
            store.putLadder(key.apId(), key.direction().name(), r);
            written.put(key, r);
        }
    }

    /**
     * Forgets what was written for an AP (this instance no longer owns its domain; the store keeps it).
     *
     * @param apId AP id
     */
    void forget(String apId) {
        written.keySet().removeIf(k -> k.apId().equals(apId));
    }

    private static LadderRecord record(Ladder ladder) {
        long[] meters = new long[ladder.meters.length];
        for (int i = 0; i < meters.length; i++) {
            meters[i] = ladder.meters[i] == null ? -1 : ladder.meters[i].id();
        }
        List<Long> rates = new ArrayList<>(ladder.exact.keySet());
        long[] exactRates = new long[rates.size()];
        long[] exactMeters = new long[rates.size()];
        for (int i = 0; i < exactRates.length; i++) {
            exactRates[i] = rates.get(i);
            exactMeters[i] = ladder.exact.get(rates.get(i)).id();
        }
        return new LadderRecord(ladder.deviceId.toString(), ladder.rates, meters, exactRates, exactMeters);
    }
}
