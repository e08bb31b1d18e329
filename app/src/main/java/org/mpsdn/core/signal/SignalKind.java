package org.mpsdn.core.signal;

import java.util.Locale;

/**
 * The congestion signals Algorithm 2 can compare with CTh.
 */
public enum SignalKind {
    /** The paper's MacOcc: the AP's average MAC queue occupancy ratio over the last interval. */
    AP(new ApOccupancySignal()),
    /**
     * The highest window-averaged occupancy among the queues of the stations that carry no Tier-2
     * flow in that direction this cycle; the AP's MacOcc when the agent reports no station queue.
     */
    TIER1(new Tier1StationSignal());

    private final CongestionSignal signal;

    SignalKind(CongestionSignal signal) {
        this.signal = signal;
    }

    /** @return the signal (stateless, shared) */
    public CongestionSignal signal() {
        return signal;
    }

    /** @return the name shown to operators: "ap" or "tier1" */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
