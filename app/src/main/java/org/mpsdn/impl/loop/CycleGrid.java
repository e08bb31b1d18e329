package org.mpsdn.impl.loop;

/**
 * Which runs of a fixed-rate schedule start a cycle: after a cycle longer than the period, the
 * executor runs the runs it fell behind on back to back; a run that starts less than half a period
 * after the last cycle started is skipped. Used on the loop's thread only.
 */
final class CycleGrid {
    private final long periodNanos;
    private boolean started;
    private long lastStartNanos;

    /**
     * Creates the grid of a period.
     *
     * @param periodNanos the period, ns
     */
    CycleGrid(long periodNanos) {
        this.periodNanos = periodNanos;
    }

    /**
     * A run starts: whether it starts a cycle (then it is the last cycle's start from now on).
     *
     * @param nowNanos System.nanoTime() at the run's start
     * @return false for a catch-up run to skip
     */
    boolean due(long nowNanos) {
        if (started && nowNanos - lastStartNanos < periodNanos / 2) {
            return false;
        }
        started = true;
        lastStartNanos = nowNanos;
        return true;
    }
}
