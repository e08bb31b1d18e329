package org.mpsdn.impl;

import org.junit.After;
import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.telemetry.ApTelemetry;
import org.mpsdn.api.telemetry.WindowMode;
import org.mpsdn.impl.decide.ApView;
import org.mpsdn.impl.loop.RegulationCycle;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.mpsdn.impl.Harness.DEV1;
import static org.mpsdn.impl.Harness.DEV2;

/**
 * A cycle polls the agents at its start and decides on what that poll brought; an agent that did
 * not answer in time is counted and the cycle goes on with the others; the signal's age is told
 * to the metrics.
 */
public class FreshSignalWiringTest {
    private final Harness h = new Harness().master(DEV1, DEV2);
    private final RecordingObserver observer = new RecordingObserver();

    @After
    public void tearDown() {
        h.deactivate();
    }

    private double wifiOccupancy() {
        ApView wifi = h.engine.last().aps().stream().filter(a -> a.spec().id().equals("wifi1")).findFirst()
                .orElseThrow();
        return wifi.occupancy().get(Direction.DOWNLINK);
    }

    @Test
    public void theCycleDecidesOnTheReportPolledAtItsStart() {
        h.activate(); // interval 1 h: no cycle but the test's
        h.manager.cycleObserver = observer;
        h.telemetry.occupancy("wifi1", 0.2, 0.1);
        h.telemetry.occupancy("lte1", 0.2, 0.1);
        h.telemetry.onRefresh = () -> {
            h.telemetry.occupancy("wifi1", 0.7, 0.1); // the window that ended at the cycle's start
            return Set.of("lte1");
        };
        h.cycle();
        assertEquals(0.7, wifiOccupancy(), 0.0);
        assertEquals(List.of(3_600_000L / RegulationCycle.REFRESH_SHARE), h.telemetry.refreshBounds);
        assertEquals(List.of("lte1"), observer.timedOut);
    }

    @Test
    public void aFailingRefreshLeavesTheCycleOnTheReportsAtHand() {
        h.activate();
        h.telemetry.occupancy("wifi1", 0.4, 0.1);
        h.telemetry.onRefresh = () -> {
            throw new IllegalStateException("poller gone");
        };
        h.cycle();
        assertEquals(0.4, wifiOccupancy(), 0.0);
    }

    @Test
    public void theSignalAgeIsToldPerAp() {
        h.activate();
        h.manager.cycleObserver = observer;
        long now = h.now.get();
        // received 30 ms before the cycle, newest sample 20 ms older than the agent's answer
        h.telemetry.reports.put("wifi1", new ApTelemetry("wifi1", 1, 2000, Map.of(Direction.DOWNLINK, 0.5), 0,
                List.of(), now - 30).withFreshness(20_000_000L, WindowMode.SLIDING));
        h.telemetry.occupancy("lte1", 0.2, 0.1); // an agent that does not report its sample's time
        h.cycle();
        assertEquals(OptionalDouble.of(50.0), observer.ages.get("wifi1"));
        assertEquals(OptionalDouble.empty(), observer.ages.get("lte1"));
        h.telemetry.silence("wifi1", 1);
        h.cycle();
        assertEquals(OptionalDouble.empty(), observer.ages.get("wifi1"));
    }
}
