package org.mpsdn.impl.telemetry;

/**
 * The phase of the window schedule the streams are subscribed to, learnt from the cycles' starts.
 * <p>
 * The schedule keeps the fresh-signal rule of polling: the window a cycle decides on ends when the
 * cycle starts, less a lead ({@link PollerConfig#streamLeadMs}) that lets the report arrive by then.
 * Windows last one cycle ({@link PollerConfig#intervalMs}) and end at the wall-clock times
 * {@code phase mod period}. The phase moves to the cycles' (a re-phase) when the first cycle starts
 * off it, and later when {@value #OFF_CYCLES} cycles in a row start off it, at least
 * {@value #MIN_CYCLES_APART} cycles after the last re-phase: an agent starts a new schedule at its
 * next window end and keeps a dropped one for 8 windows, at most 4 at once (the Go agent's
 * {@code keptStatuses} and {@code maxSchedules}); re-phases closer together than that ran it out of
 * schedules (RESOURCE_EXHAUSTED).
 */
final class StreamPhase {
    /** Cycles in a row off the schedule that move it. */
    static final int OFF_CYCLES = 2;
    /** Fewest cycles from one re-phase to the next. */
    static final int MIN_CYCLES_APART = 4;

    private final long periodMs;
    private final long leadMs;
    private volatile long phaseMs;
    private boolean cycleSeen;
    private int offCycles;
    /** Cycles started since the last re-phase. */
    private long sinceRephase = MIN_CYCLES_APART;

    /**
     * Starts on the schedule of a cycle starting now.
     *
     * @param periodMs the windows' length, ms
     * @param leadMs   lead of a window's end on its cycle's start, ms
     * @param nowMs    wall clock, ms since the epoch
     */
    StreamPhase(long periodMs, long leadMs, long nowMs) {
        this.periodMs = periodMs;
        this.leadMs = leadMs;
        this.phaseMs = Math.floorMod(nowMs - leadMs, periodMs);
    }

    /** @return the phase of the schedule asked for, ms */
    long phaseMs() {
        return phaseMs;
    }

    /**
     * A cycle starts (cycles only, one at a time): moves the phase to it when the rules above say so.
     *
     * @param cycleStartMs the cycle's start, ms since the epoch
     * @return whether the phase moved (every stream is to be subscribed again)
     */
    boolean cycleStarted(long cycleStartMs) {
        long want = Math.floorMod(cycleStartMs - leadMs, periodMs);
        long off = Math.floorMod(want - phaseMs + periodMs / 2, periodMs) - periodMs / 2;
        boolean first = !cycleSeen;
        cycleSeen = true;
        sinceRephase++;
        if (Math.abs(off) <= Math.max(25, periodMs / 40)) {
            offCycles = 0;
            return false;
        }
        offCycles++;
        if (!first && (offCycles < OFF_CYCLES || sinceRephase < MIN_CYCLES_APART)) {
            return false;
        }
        offCycles = 0;
        sinceRephase = 0;
        phaseMs = want;
        return true;
    }

    /**
     * The end of the window a cycle starting at t decides on: the last window end of a schedule at
     * or before t.
     *
     * @param cycleStartMs the cycle's start, ms since the epoch
     * @param phaseMs      the schedule's phase, ms
     * @param periodMs     the schedule's period, ms
     * @return the window's end, ms since the epoch
     */
    static long boundary(long cycleStartMs, long phaseMs, long periodMs) {
        return cycleStartMs - Math.floorMod(cycleStartMs - phaseMs, periodMs);
    }
}
