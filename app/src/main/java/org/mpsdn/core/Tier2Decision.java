package org.mpsdn.core;

import org.mpsdn.api.model.LimitReason;
import org.mpsdn.core.signal.SignalReading;

/**
 * How one cycle decided the Tier-2 limit of one AP and direction: the signal it read and the threshold it
 * compared it with, the limit it started from (BW_i) and the one it decided (BW_{i+1}), the highest limit
 * the law allowed, and why. Immutable.
 */
public final class Tier2Decision {
    /** The branch of the control law that decided, with its {@link LimitReason} and its words. */
    public enum Cause {
        /** Signal below its threshold: Eq. (4)'s increase. */
        INCREASE(LimitReason.INCREASE, "signal below its threshold: Eq. (4) increase"),
        /** Signal below its threshold, the limit already at the AP's capacity. */
        AT_CAPACITY(LimitReason.INCREASE, "signal below its threshold: limit at the AP's capacity"),
        /** Signal at or above its threshold: the limit halved (Algorithm 2). */
        HALVED(LimitReason.DECREASE, "signal at or above its threshold: halved"),
        /** Signal at or above its threshold, the limit already at its floor. */
        AT_FLOOR(LimitReason.FLOOR, "signal at or above its threshold: limit already at its floor"),
        /** A Tier-1 station held back: half of what Tier 2 sent over the window (mpsdn). */
        TIER1_HELD_BACK(LimitReason.DECREASE, "a Tier-1 station is held back: half of what Tier 2 sent"),
        /** Tier 1 draining the backlog the last decrease freed: the limit kept (mpsdn). */
        TIER1_DRAINING(LimitReason.HOLD, "Tier 1 drains what the last decrease freed: limit kept"),
        /** A backlogged Tier-1 station without a reference rate: held back until Tier 2 at its floor tells it. */
        TIER1_UNKNOWN(LimitReason.DECREASE,
                "a backlogged Tier-1 station has no reference rate: Tier 2 gives back half its rate"),
        /** A Tier-1 station backlogged at its reference rate: the limit kept (mpsdn). */
        TIER1_BACKLOGGED(LimitReason.HOLD, "a Tier-1 station is backlogged at its reference rate: limit kept"),
        /** A Tier-1 station's queue dropped packets: the medium is not idle for it, the limit kept (mpsdn). */
        TIER1_DROPPED(LimitReason.HOLD, "a Tier-1 station's queue dropped packets: nothing idle, limit kept"),
        /** Tier 1 served, Tier 2 sent too little of its limit to need more: the limit kept (mpsdn). */
        TIER2_UNUSED(LimitReason.HOLD, "Tier 1 served, Tier 2 uses too little of its limit to need more: limit kept"),
        /** Tier 1 served: raised to the capacity Tier 1 leaves (mpsdn). */
        IDLE_CAPACITY(LimitReason.INCREASE, "Tier 1 served: raised to the capacity Tier 1 leaves"),
        /** Tier 1 served, no capacity left idle: the limit kept (mpsdn). */
        NOTHING_IDLE(LimitReason.HOLD, "Tier 1 served, no capacity idle: limit kept"),
        /** No occupancy reported: the limit kept. */
        NO_SIGNAL(LimitReason.HOLD, "no occupancy reported: limit kept"),
        /** The reported occupancy was null, NaN or outside [0, 1]: the limit kept. */
        INVALID_SIGNAL(LimitReason.HOLD, "occupancy invalid: limit kept");

        private final LimitReason reason;
        private final String note;

        Cause(LimitReason reason, String note) {
            this.reason = reason;
            this.note = note;
        }

        /** @return the reason it amounts to */
        public LimitReason reason() {
            return reason;
        }

        /** @return the cause in words */
        public String note() {
            return note;
        }
    }

    private final SignalReading.Source source;
    private final double signal;
    private final double threshold;
    private final long fromBps;
    private final long limitBps;
    private final long capBps;
    private final Cause cause;

    /**
     * Creates a decision.
     *
     * @param source    where the signal came from ({@link SignalReading.Source#MISSING} or
     *                  {@link SignalReading.Source#INVALID} when there was none)
     * @param signal    the signal, NaN when none
     * @param threshold the threshold it was compared with, NaN when none
     * @param fromBps   BW_i, within [floor, capacity]
     * @param limitBps  BW_{i+1}
     * @param capBps    the highest limit the law allowed this cycle (the capacity, or the capacity Tier 1 leaves)
     * @param cause     why
     */
    Tier2Decision(SignalReading.Source source, double signal, double threshold, long fromBps, long limitBps,
                  long capBps, Cause cause) {
        this.source = source;
        this.signal = signal;
        this.threshold = threshold;
        this.fromBps = fromBps;
        this.limitBps = limitBps;
        this.capBps = capBps;
        this.cause = cause;
    }

    /** @return where the signal came from: MacOcc, the Tier-1 stations, or why there was none */
    public SignalReading.Source source() {
        return source;
    }

    /** @return the signal in [0, 1], NaN when there was none */
    public double signal() {
        return signal;
    }

    /** @return the threshold the signal was compared with (CTh or the Tier-1 threshold), NaN when none */
    public double threshold() {
        return threshold;
    }

    /** @return the limit the step started from (BW_i), bit/s */
    public long fromBps() {
        return fromBps;
    }

    /** @return the decided limit (BW_{i+1}), bit/s */
    public long limitBps() {
        return limitBps;
    }

    /**
     * The highest limit the law allowed this cycle: the AP's capacity, or in the mpsdn profile, while Tier 1 is
     * served, the capacity Tier 1 leaves to Tier 2 (the point the limit moves towards).
     *
     * @return bit/s
     */
    public long capBps() {
        return capBps;
    }

    /** @return the branch of the law that decided */
    public Cause cause() {
        return cause;
    }

    /** @return why the limit is what it is */
    public LimitReason reason() {
        return cause.reason();
    }

    /** @return the reason in words */
    public String note() {
        return cause.note();
    }

    @Override
    public String toString() {
        return cause + " " + fromBps + " -> " + limitBps + " bit/s (signal " + signal + " " + source + ", threshold "
                + threshold + ", cap " + capBps + ")";
    }
}
