package org.mpsdn.impl.meter;

import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterCellId;
import org.onosproject.net.meter.MeterContext;
import org.onosproject.net.meter.MeterFailReason;
import org.onosproject.net.meter.MeterId;
import org.onosproject.net.meter.MeterRequest;
import org.onosproject.net.meter.MeterService;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * The app's meters at the AP switches, and the one place that withdraws them: a finished or
 * abandoned rate step, a reconciliation that finds stale meters, an AP that left the config, and
 * the app's deactivation all withdraw through {@link #withdraw}.
 * <p>
 * A switch is <i>settling</i> from a withdrawal until ONOS has processed the meter-stats reply that
 * the withdrawal forces: ONOS 2.7.0's OpenFlow meter provider sends a meter-stats request right after
 * the meter's DELETE ({@code providers/openflow/meter/.../OpenFlowMeterProvider.java:254-256},
 * {@code forceStatsAfterMeterRemoval}), and {@code MeterManager.pushMeterMetrics}
 * ({@code core/net/.../meter/impl/MeterManager.java:409-419}) sends every PENDING_ADD meter missing
 * from a reply to the switch again. A meter submitted while that reply is on its way is missing from
 * it, so ONOS adds it twice and the switch fails the second ADD with METER_EXISTS (EXISTING_METER).
 * That reply purges the withdrawn meter ({@code MeterManager.java:447-453}) and so completes the
 * withdrawal's context ({@code core/store/dist/.../meter/impl/DistributedMeterStore.java:684-689}); a
 * withdrawal that ONOS does not send to the switch (the meter carries a failure reason) fails its
 * context at once ({@code DistributedMeterStore.java:229-237, 652-662}).
 * Rate steps submit a new meter on a switch only when it is not settling ({@link #settling}); a
 * withdrawal whose context ONOS never completes (no master for the switch: ONOS sends nothing) stops
 * counting after {@link #SETTLE_MAX_MS}.
 */
public final class AppMeters {
    /** A withdrawal not completed after this long no longer holds back new meters on its switch. */
    public static final long SETTLE_MAX_MS = 3_000;

    private final ApplicationId appId;
    private final MeterService meterService;
    private final LongSupplier burstMillis;
    private final LongSupplier clock;
    private final Map<DeviceId, Map<MeterId, Long>> withdrawing = new ConcurrentHashMap<>();
    private volatile Consumer<DeviceId> settled = d -> { };

    /**
     * Creates the accessor.
     *
     * @param appId        the app's id
     * @param meterService meter service
     * @param burstMillis  current burst window in milliseconds
     * @param clock        wall clock in milliseconds
     */
    public AppMeters(ApplicationId appId, MeterService meterService, LongSupplier burstMillis, LongSupplier clock) {
        this.appId = appId;
        this.meterService = meterService;
        this.burstMillis = burstMillis;
        this.clock = clock;
    }

    /**
     * Sets who is told (on an ONOS thread) that a switch's withdrawals have completed.
     *
     * @param listener receives the switch
     */
    public void onSettled(Consumer<DeviceId> listener) {
        settled = listener;
    }

    /**
     * Withdraws one meter of the app.
     *
     * @param deviceId its switch
     * @param meterId  its id
     * @param rateKbps the rate it had (the remove request carries it)
     */
    public void withdraw(DeviceId deviceId, MeterId meterId, long rateKbps) {
        withdrawing.computeIfAbsent(deviceId, d -> new ConcurrentHashMap<>()).put(meterId, clock.getAsLong());
        MeterContext done = new MeterContext() {
            @Override
            public void onSuccess(MeterRequest op) {
                completed(deviceId, meterId);
            }

            @Override
            public void onError(MeterRequest op, MeterFailReason reason) {
                completed(deviceId, meterId);
            }
        };
        meterService.withdraw(TierTwoMeters.removeRequest(appId, deviceId, rateKbps, burstMillis.getAsLong(), done),
                meterId);
    }

    private void completed(DeviceId deviceId, MeterId meterId) {
        Map<MeterId, Long> pending = withdrawing.get(deviceId);
        if (pending != null && pending.remove(meterId) != null && pending.isEmpty()) {
            try {
                settled.accept(deviceId);
            } catch (RuntimeException e) {
                // the regulation loop has stopped (app deactivated): nothing waits for the switch any more
            }
        }
    }

    /**
     * Whether a new meter on a switch would race the meter-stats reply of a withdrawal there (see the
     * class comment).
     *
     * @param deviceId the switch
     * @return true while a withdrawal there, younger than {@link #SETTLE_MAX_MS}, has not completed
     */
    public boolean settling(DeviceId deviceId) {
        Map<MeterId, Long> pending = withdrawing.get(deviceId);
        if (pending == null) {
            return false;
        }
        long now = clock.getAsLong();
        pending.values().removeIf(since -> now - since >= SETTLE_MAX_MS);
        return !pending.isEmpty();
    }

    /**
     * Withdraws every meter of the app at a switch except the kept ones.
     *
     * @param deviceId the switch
     * @param keep     meters to keep
     * @return number of meters withdrawn
     */
    public int withdrawAll(DeviceId deviceId, Predicate<MeterId> keep) {
        int n = 0;
        for (Meter m : List.copyOf(meterService.getMeters(deviceId))) {
            MeterId id = meterId(m.meterCellId());
            if (!appId.equals(m.appId()) || id == null || keep.test(id)) {
                continue;
            }
            withdraw(deviceId, id, rateOf(m));
            n++;
        }
        return n;
    }

    /**
     * The switches that hold a meter of the app.
     *
     * @return device ids
     */
    public Set<DeviceId> devices() {
        Set<DeviceId> devices = new HashSet<>();
        for (Meter m : meterService.getAllMeters()) {
            if (appId.equals(m.appId())) {
                devices.add(m.deviceId());
            }
        }
        return devices;
    }

    /**
     * The OpenFlow meter id of a meter cell.
     *
     * @param cell meter cell id
     * @return the meter id, or null when the cell is not an index
     */
    public static MeterId meterId(MeterCellId cell) {
        return cell instanceof MeterId ? (MeterId) cell : null;
    }

    /**
     * The rate of a meter's first band.
     *
     * @param m a meter
     * @return its rate, at least 1
     */
    private static long rateOf(Meter m) {
        return m.bands().isEmpty() ? 1 : Math.max(1, m.bands().iterator().next().rate());
    }

    @Override
    public String toString() {
        return "AppMeters{" + appId + "}";
    }
}
