package org.mpsdn.impl;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.telemetry.ApTelemetry;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.impl.decide.ApView;
import org.mpsdn.impl.decide.EngineDecision;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.mpsdn.impl.Harness.DEV1;
import static org.mpsdn.impl.Harness.DEV2;

/**
 * The cycle tells the engine which directions' signal was averaged over a window that began before the
 * limit in force came into force (the mpsdn profile holds a decrease on it): the limit is dated when the
 * stepper recorded it, the window by the report's receipt, sample age and length.
 */
public class DecreaseHoldWiringTest {
    private static final long CYCLE_MS = 2000;
    private static final long POLL_MS = 5;
    private static final ApDirection DL = new ApDirection("wifi1", Direction.DOWNLINK);

    private final long[] target = new long[1];
    private final List<Set<Direction>> seen = new ArrayList<>();
    private final List<Map<Direction, Long>> atDecrease = new ArrayList<>();
    private final long[] tier1Sent = {20_000_000L};
    private final List<Long> windows = new ArrayList<>();
    private Harness h;

    @Before
    public void setUp() {
        h = new Harness().master(DEV1, DEV2);
        h.meters.flows = h.flows;
        h.activate();
        h.telemetry.onRefresh = this::poll;
        h.engine.script = in -> {
            ApView wifi1 = in.aps().stream().filter(a -> a.spec().id().equals("wifi1")).findFirst().orElseThrow();
            seen.add(wifi1.predatesLimit());
            atDecrease.add(wifi1.window().tier1SentAtDecreaseBps());
            windows.add(wifi1.window().windowMillis());
            return new EngineDecision(Map.of(), Map.of(DL, target[0]), Map.of(), Map.of(),
                    Map.of(DL, tier1Sent[0]));
        };
    }

    @After
    public void tearDown() {
        h.deactivate();
    }

    private OptionalLong limit() {
        return h.store.state("wifi1").map(s -> s.limitKbps(Direction.DOWNLINK)).orElse(OptionalLong.empty());
    }

    /**
     * The cycle's poll brings a 2-s window that ends at the poll; the cycle then decides and applies its steps
     * {@value #POLL_MS} ms later (the real cycle's order: ONOS's meter poll, the agents' poll, the decision).
     */
    private Set<String> poll() {
        long polled = h.now.get();
        h.telemetry.reports.put("wifi1", new ApTelemetry("wifi1", polled, CYCLE_MS,
                Map.of(Direction.DOWNLINK, 0.9, Direction.UPLINK, 0.1), 0, List.of(), polled));
        h.now.addAndGet(POLL_MS);
        return Set.of();
    }

    private Set<Direction> cycle() {
        h.advance(CYCLE_MS - POLL_MS);
        h.cycle();
        return seen.get(seen.size() - 1);
    }

    @Test
    public void onlyTheWindowThatStraddlesAChangeOfTheLimitPredatesIt() {
        target[0] = 13_500; // a rung of wifi1's ladder (LadderWiringTest)
        Set<Direction> whenInForce = Set.of();
        for (int i = 0; i < 6 && limit().isEmpty(); i++) {
            whenInForce = cycle();
        }
        assertEquals(OptionalLong.of(13_500), limit());
        assertEquals("the ladder was confirmed at this cycle's meter poll: its window began before the first limit",
                Set.of(Direction.DOWNLINK), whenInForce);
        assertEquals("the next window began after it", Set.of(), cycle());
        target[0] = 6_750; // a decrease to a lower rung, in force in the cycle that decides it
        assertEquals(Set.of(), cycle());
        assertEquals(OptionalLong.of(6_750), limit());
        assertEquals("the window of the cycle after the decrease straddles it", Set.of(Direction.DOWNLINK),
                cycle());
        assertEquals(Set.of(), cycle());
        assertEquals("unchanged limit: nothing predates it", Set.of(), cycle());
    }

    @Test
    public void whatTier1SentAtADecreaseReachesTheFirstWindowUnderIt() {
        target[0] = 13_500;
        for (int i = 0; i < 6 && limit().isEmpty(); i++) {
            cycle();
        }
        cycle();
        assertEquals(Map.of(), atDecrease.get(atDecrease.size() - 1));
        target[0] = 6_750; // a decrease, decided with Tier 1 at 20 Mb/s
        cycle();
        tier1Sent[0] = 25_000_000L;
        assertEquals(Set.of(Direction.DOWNLINK), cycle()); // predates: the decrease is kept for later
        assertEquals(Map.of(), atDecrease.get(atDecrease.size() - 1));
        assertEquals(Set.of(), cycle());
        assertEquals("the first window under the decreased limit", Map.of(Direction.DOWNLINK, 20_000_000L),
                atDecrease.get(atDecrease.size() - 1));
        cycle();
        assertEquals("handed once", Map.of(), atDecrease.get(atDecrease.size() - 1));
        assertEquals("the report's window", Long.valueOf(CYCLE_MS), windows.get(windows.size() - 1));
    }
}
