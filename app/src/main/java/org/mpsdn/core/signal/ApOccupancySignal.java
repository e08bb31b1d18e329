package org.mpsdn.core.signal;

import org.mpsdn.core.model.ApDirection;

/**
 * The paper's signal, exactly as published (Algorithm 2, line 2): the AP's average MAC queue
 * occupancy ratio over the last interval. A null, NaN or out-of-range value is invalid, an absent
 * one missing; either way there is no reading and the limit is held.
 */
final class ApOccupancySignal implements CongestionSignal {

    @Override
    public SignalReading read(SignalInputs in, int ap, ApDirection key) {
        return in.apOccupancy(key);
    }

    @Override
    public String toString() {
        return "ap";
    }
}
