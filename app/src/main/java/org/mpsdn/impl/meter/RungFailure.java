package org.mpsdn.impl.meter;

import org.mpsdn.core.model.ApDirection;
import org.onosproject.net.DeviceId;
import org.onosproject.net.meter.MeterFailReason;
import org.onosproject.net.meter.MeterId;

/** Told (on the loop thread) that a rung's meter of a {@link MeterLadders ladder} failed. */
interface RungFailure {
    /**
     * A rung's meter failed.
     *
     * @param key      AP direction
     * @param deviceId switch
     * @param meter    the meter
     * @param rateKbps its rate
     * @param reason   ONOS's reason
     */
    void failed(ApDirection key, DeviceId deviceId, MeterId meter, long rateKbps, MeterFailReason reason);
}
