package org.mpsdn.impl.meter;

import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.meter.Band;
import org.onosproject.net.meter.DefaultBand;
import org.onosproject.net.meter.DefaultMeterRequest;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterContext;
import org.onosproject.net.meter.MeterRequest;

import java.util.List;

/**
 * Builds the requests of Tier-2 meters: {@link Meter.Unit#KB_PER_SEC}, burst flag, one DROP band.
 */
public final class TierTwoMeters {

    /**
     * Smallest burst in kbit: about eight full-size Ethernet frames (8 x 1518 B = 97 kbit). A token bucket
     * smaller than one frame never lets a full-size packet conform: measured on the lab's Open vSwitch 3.1
     * (userspace datapath), a TCP download through a DROP meter with a 10 kbit burst got 0 kb/s at 100, 300
     * and 1000 kb/s alike, so a Tier-2 subflow held at R_m was cut off (RTO back-off) instead of limited.
     */
    public static final long MIN_BURST_KBITS = 100;

    private TierTwoMeters() {
    }

    /**
     * Burst size of a meter: the bits the rate delivers in {@code burstMillis}, at least
     * {@link #MIN_BURST_KBITS}.
     *
     * @param rateKbps    rate in kbit/s
     * @param burstMillis burst window in milliseconds
     * @return burst size in kbit
     */
    public static long burstKbits(long rateKbps, long burstMillis) {
        long b = (rateKbps * burstMillis + 999) / 1000;
        return Math.max(MIN_BURST_KBITS, b);
    }

    /**
     * The DROP band of a rate.
     *
     * @param rateKbps    rate in kbit/s
     * @param burstMillis burst window
     * @return band
     */
    public static Band band(long rateKbps, long burstMillis) {
        return DefaultBand.builder()
                .ofType(Band.Type.DROP)
                .withRate(rateKbps)
                .burstSize(burstKbits(rateKbps, burstMillis))
                .build();
    }

    private static MeterRequest.Builder builder(ApplicationId appId, DeviceId deviceId, long rateKbps,
                                                long burstMillis) {
        return DefaultMeterRequest.builder()
                .forDevice(deviceId)
                .fromApp(appId)
                .withUnit(Meter.Unit.KB_PER_SEC)
                .burst()
                .withBands(List.of(band(rateKbps, burstMillis)));
    }

    /**
     * Request adding a meter.
     *
     * @param appId       app id
     * @param deviceId    AP switch
     * @param rateKbps    rate in kbit/s
     * @param burstMillis burst window
     * @param context     callbacks, may be null
     * @return add request
     */
    public static MeterRequest addRequest(ApplicationId appId, DeviceId deviceId, long rateKbps, long burstMillis,
                                          MeterContext context) {
        MeterRequest.Builder b = builder(appId, deviceId, rateKbps, burstMillis);
        if (context != null) {
            b.withContext(context);
        }
        return b.add();
    }

    /**
     * Request removing a meter.
     *
     * @param appId       app id
     * @param deviceId    AP switch
     * @param rateKbps    rate the meter had
     * @param burstMillis burst window
     * @param context     callbacks (ONOS completes them when the meter has left its store), may be null
     * @return remove request
     */
    public static MeterRequest removeRequest(ApplicationId appId, DeviceId deviceId, long rateKbps,
                                             long burstMillis, MeterContext context) {
        MeterRequest.Builder b = builder(appId, deviceId, rateKbps, burstMillis);
        if (context != null) {
            b.withContext(context);
        }
        return b.remove();
    }
}
