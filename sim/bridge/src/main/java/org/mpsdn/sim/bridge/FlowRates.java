package org.mpsdn.sim.bridge;

import java.util.HashMap;
import java.util.Map;

/**
 * Each flow's rate over the last epoch, from the byte counters the scenario sends every epoch
 * (the glue in ONOS computes the same from the per-flow rules' counters). A flow seen for the
 * first time counts its bytes since the previous epoch; a counter that went down (a new flow
 * reusing the id) restarts it.
 */
final class FlowRates {
    private Map<Long, Long> bytesById = new HashMap<>();
    private long lastTimeMs;

    /** Starts a new epoch's table. */
    final class Epoch {
        private final Map<Long, Long> next = new HashMap<>();
        private final long spanMs;

        private Epoch(long timeMs) {
            this.spanMs = timeMs < 0 ? -1 : timeMs - lastTimeMs;
        }

        /**
         * A flow's rate.
         *
         * @param id    the scenario's flow id
         * @param bytes its byte counter now
         * @return bit/s over the epoch, or -1 when the epoch has no known length
         */
        long rateBps(long id, long bytes) {
            next.put(id, bytes);
            Long before = bytesById.get(id);
            long delta = before == null || before > bytes ? bytes : bytes - before;
            return spanMs > 0 ? delta * 8_000 / spanMs : -1;
        }

        /**
         * Makes this epoch's counters the reference of the next.
         *
         * @param timeMs the epoch's end, as opened
         */
        void close(long timeMs) {
            bytesById = next;
            lastTimeMs = Math.max(lastTimeMs, timeMs);
        }
    }

    /**
     * Opens an epoch ending at a given time.
     *
     * @param timeMs the epoch's end, ms of simulated time (later than the previous epoch's); negative
     *               when unknown
     * @return the epoch
     */
    Epoch epoch(long timeMs) {
        return new Epoch(timeMs);
    }
}
