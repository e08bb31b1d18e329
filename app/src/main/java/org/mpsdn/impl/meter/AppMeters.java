package org.mpsdn.impl.meter;

import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterCellId;
import org.onosproject.net.meter.MeterId;
import org.onosproject.net.meter.MeterService;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * The app's meters at the AP switches, and the one place that withdraws them: a finished or
 * abandoned rate step, a reconciliation that finds stale meters, an AP that left the config, and
 * the app's deactivation all withdraw through {@link #withdraw}.
 */
public final class AppMeters {
    private final ApplicationId appId;
    private final MeterService meterService;
    private final LongSupplier burstMillis;

    /**
     * Creates the accessor.
     *
     * @param appId        the app's id
     * @param meterService meter service
     * @param burstMillis  current burst window in milliseconds
     */
    public AppMeters(ApplicationId appId, MeterService meterService, LongSupplier burstMillis) {
        this.appId = appId;
        this.meterService = meterService;
        this.burstMillis = burstMillis;
    }

    /**
     * Withdraws one meter of the app.
     *
     * @param deviceId its switch
     * @param meterId  its id
     * @param rateKbps the rate it had (the remove request carries it)
     */
    public void withdraw(DeviceId deviceId, MeterId meterId, long rateKbps) {
        meterService.withdraw(TierTwoMeters.removeRequest(appId, deviceId, rateKbps, burstMillis.getAsLong()),
                meterId);
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
