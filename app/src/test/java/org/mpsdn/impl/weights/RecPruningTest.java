package org.mpsdn.impl.weights;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Tests of MPTCP-rec pruning.
 */
public class RecPruningTest {
    private static final long M = 1_000_000L;

    private static List<Weight> full(String... ids) {
        List<Weight> w = new ArrayList<>();
        for (String id : ids) {
            w.add(new Weight(id, Weight.FULL, "x"));
        }
        return w;
    }

    @Test
    public void slowPathIsPrunedWhenDelayTimesRateExceedsTheBuffer() {
        // 100 ms difference at 20 Mbit/s aggregate = 250 000 bytes in flight ahead of the slow path
        Map<String, PathMeasurement> m = Map.of("wlan0", new PathMeasurement(20_000, 15 * M),
                "lte0", new PathMeasurement(120_000, 5 * M));
        List<Weight> pruned = RecPruning.prune(full("wlan0", "lte0"), m, 200_000);
        assertEquals(Weight.FULL, pruned.get(0).value());
        assertEquals(new Weight("lte0", 0, RecPruning.PRUNED), pruned.get(1));
        List<Weight> kept = RecPruning.prune(full("wlan0", "lte0"), m, 300_000);
        assertEquals(Weight.FULL, kept.get(1).value());
    }

    @Test
    public void eachPrunedPathLeavesTheAggregate() {
        // aggregate 30 Mbit/s: c (200 ms behind) needs 750 kB -> pruned; then b (50 ms behind) at 20 Mbit/s
        // needs 125 kB, under the 150 kB buffer -> kept (at 30 Mbit/s it would need 187.5 kB)
        Map<String, PathMeasurement> m = Map.of("a", new PathMeasurement(10_000, 10 * M),
                "b", new PathMeasurement(60_000, 10 * M), "c", new PathMeasurement(210_000, 10 * M));
        List<Weight> w = RecPruning.prune(full("a", "b", "c"), m, 150_000);
        assertEquals(List.of(Weight.FULL, Weight.FULL, 0),
                List.of(w.get(0).value(), w.get(1).value(), w.get(2).value()));
    }

    @Test
    public void noBufferOrNoRttMeansNoPruning() {
        Map<String, PathMeasurement> m = Map.of("a", new PathMeasurement(10_000, 100 * M),
                "b", new PathMeasurement(PathMeasurement.UNKNOWN, 10 * M));
        assertEquals(full("a", "b"), RecPruning.prune(full("a", "b"), m, 0));
        assertEquals(full("a", "b"), RecPruning.prune(full("a", "b"), m, 1));
    }

    /**
     * Property: the fastest weighted path survives, so a client always keeps a weighted path; and a larger buffer
     * never prunes more.
     *
     * @param rtts   RTTs in microseconds
     * @param rates  rates in Mbit/s
     * @param buffer receive buffer in bytes
     */
    @Property(tries = 300)
    void fastestSurvivesAndBiggerBufferPrunesNoMore(
            @ForAll @Size(min = 1, max = 6) List<@IntRange(min = 1, max = 2_000_000) Integer> rtts,
            @ForAll @Size(min = 6, max = 6) List<@IntRange(min = 0, max = 1000) Integer> rates,
            @ForAll @LongRange(min = 1, max = 100_000_000) long buffer) {
        List<Weight> w = new ArrayList<>();
        Map<String, PathMeasurement> m = new HashMap<>();
        int fastest = 0;
        for (int i = 0; i < rtts.size(); i++) {
            w.add(new Weight("p" + i, Weight.FULL, "x"));
            m.put("p" + i, new PathMeasurement(rtts.get(i), rates.get(i) * M));
            if (rtts.get(i) < rtts.get(fastest)) {
                fastest = i;
            }
        }
        List<Weight> small = RecPruning.prune(w, m, buffer);
        List<Weight> large = RecPruning.prune(w, m, buffer * 2);
        assertTrue("fastest path pruned", small.get(fastest).value() > 0);
        for (int i = 0; i < w.size(); i++) {
            assertFalse("path " + i + " pruned with the larger buffer only",
                    small.get(i).value() > 0 && large.get(i).value() == 0);
        }
    }
}
