package org.mpsdn.impl.weights;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * MPTCP-rec's receive-buffer-blocking (RB2LOC) pruning applied to path weights.
 *
 * <p>Data sent on a slow path arrives (srtt_i - srtt_min) later than data sent at the same time on the fastest
 * path; meanwhile the receiver must hold everything the other paths deliver, i.e. about
 * (srtt_i - srtt_min) x aggregate rate bytes. When that exceeds the client's receive buffer the slow path blocks
 * the buffer, so it gets weight 0 (MPTCP backup). Paths are examined from the slowest; each pruned path leaves the
 * aggregate, so a faster path is judged against the rate that remains. The fastest path, paths without an RTT and
 * paths already at 0 are never pruned; pruning never leaves the client without a weighted path.
 */
public final class RecPruning {
    /** Reason given to a pruned path. */
    public static final String PRUNED = "rb2loc-pruned";

    private RecPruning() {
    }

    /**
     * Prunes weights.
     *
     * @param weights            weights to prune
     * @param measurements       per-path measurements (RTT and rate)
     * @param receiveBufferBytes the client's receive buffer; 0 disables pruning
     * @return the weights, with pruned paths at 0, in the same order
     */
    public static List<Weight> prune(List<Weight> weights, Map<String, PathMeasurement> measurements,
                                     long receiveBufferBytes) {
        List<Weight> out = new ArrayList<>(weights);
        if (receiveBufferBytes <= 0) {
            return out;
        }
        List<Integer> timed = new ArrayList<>();
        long aggregate = 0;
        for (int i = 0; i < out.size(); i++) {
            Weight w = out.get(i);
            PathMeasurement m = measurements.get(w.pathId());
            if (w.value() > 0 && m != null) {
                aggregate += m.rateBps();
                if (m.srttUs() != PathMeasurement.UNKNOWN) {
                    timed.add(i);
                }
            }
        }
        if (timed.size() < 2) {
            return out;
        }
        timed.sort(Comparator.comparingLong((Integer i) -> measurements.get(out.get(i).pathId()).srttUs())
                .reversed());
        long fastest = measurements.get(out.get(timed.get(timed.size() - 1)).pathId()).srttUs();
        for (int k = 0; k < timed.size() - 1; k++) {
            int i = timed.get(k);
            PathMeasurement m = measurements.get(out.get(i).pathId());
            if (blocks(m.srttUs() - fastest, aggregate, receiveBufferBytes)) {
                out.set(i, out.get(i).with(0, PRUNED));
                aggregate -= m.rateBps();
            }
        }
        return out;
    }

    /**
     * Returns whether a delay difference at an aggregate rate fills more than the receive buffer.
     *
     * @param deltaUs            delay difference in microseconds
     * @param aggregateBps       aggregate rate in bit/s
     * @param receiveBufferBytes receive buffer in bytes
     * @return true when the path would block the buffer
     */
    static boolean blocks(long deltaUs, long aggregateBps, long receiveBufferBytes) {
        double bytes = deltaUs / 1e6 * aggregateBps / 8.0;
        return bytes > receiveBufferBytes;
    }
}
