package org.mpsdn.impl;

import org.junit.After;
import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.impl.decide.EngineDecision;
import org.mpsdn.impl.decide.FlowView;
import org.mpsdn.impl.flow.FlowMatch;
import org.mpsdn.impl.flow.TierRules;
import org.onlab.packet.IPv4;
import org.onlab.packet.Ip4Address;
import org.onosproject.net.flow.FlowRule;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.impl.Harness.DEV1;
import static org.mpsdn.impl.Harness.DEV2;

/**
 * A flow's rate reaches the engine flagged as counted under the rule and Tier-2 limit in force only when
 * neither changed within its window (ONOS timing: 5-s flow-stats polls, 10-s meter-stats polls, 2-s
 * cycles); a rate counted across a limit change or a tier change (the rule re-installed) is not.
 */
public class RateWindowWiringTest {
    private static final long CYCLE_MS = 2000;
    private static final ApDirection DL = new ApDirection("wifi1", Direction.DOWNLINK);
    private static final FlowMatch DOWNLOAD = new FlowMatch(IPv4.PROTOCOL_TCP, Ip4Address.valueOf("192.0.2.10"), 80,
            Ip4Address.valueOf("10.0.1.2"), 40000);
    private final Harness h = new Harness().master(DEV1, DEV2);
    private final long[] limit = {0L};
    private final Tier[] tier = {Tier.TIER1};

    @After
    public void tearDown() {
        h.deactivate();
    }

    private void start() {
        // a constant scripted target off the ladder's rungs would move between the rungs around it (the core
        // holds at the rung in force instead): this checks the rate windows at the exact target
        h.withoutLadder().activate();
        h.telemetry.occupancy("wifi1", 0.1, 0.1);
        h.engine.script = in -> new EngineDecision(Map.of("wifi1", Map.of(DOWNLOAD, tier[0])),
                limit[0] > 0 ? Map.of(DL, limit[0]) : Map.of(), Map.of());
        h.packetIn(DEV1, 2, Packets.tcp("192.0.2.10", 80, "10.0.1.2", 40000));
        FlowRule rule = TierRules.flowRule(Harness.APP, h.manager.loop().aps().get("wifi1"), Direction.DOWNLINK,
                DOWNLOAD, Tier.TIER1, 10);
        h.flows.offer(rule, 1e6 / 8, 1e6 / 8 / 1500);
    }

    /** Runs cycles and returns, per cycle, whether the download's rate was under one meter. */
    private List<Boolean> cycles(int n) {
        List<Boolean> flags = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            h.advance(CYCLE_MS);
            h.cycle();
            FlowView f = h.engine.last().flows().stream().filter(v -> v.match().equals(DOWNLOAD)).findFirst()
                    .orElseThrow();
            flags.add(f.rateUnderOneMeter());
        }
        return flags;
    }

    private OptionalLong inForce() {
        return h.store.state("wifi1").map(s -> s.limitKbps(Direction.DOWNLINK)).orElse(OptionalLong.empty());
    }

    @Test
    public void aRateIsUnderOneMeterOnlyOnceAWindowStartsAfterTheLastChange() {
        start();
        List<Boolean> warmUp = cycles(8);
        assertFalse("the first cycle: nothing known yet", warmUp.get(0));
        assertTrue("steady by 16 s: " + warmUp, warmUp.get(7));
        limit[0] = 5_000L; // a limit comes in force at the next meter-stats poll (within 10 s)
        List<Boolean> flags = new ArrayList<>();
        int changedAt = -1;
        for (int i = 0; i < 20 && (changedAt < 0 || i < changedAt + 8); i++) {
            flags.addAll(cycles(1));
            if (changedAt < 0 && inForce().isPresent()) {
                changedAt = i;
            }
        }
        assertTrue("the limit came in force: " + flags, changedAt >= 0);
        assertEquals(OptionalLong.of(5_000L), inForce());
        assertFalse("the cycle that sees the new limit: " + flags, flags.get(changedAt));
        assertFalse("the next window still spans the change: " + flags, flags.get(changedAt + 1));
        assertTrue("a window after the change, within 16 s: " + flags, flags.get(changedAt + 7));
    }

    @Test
    public void aTierChangeReinstallsTheRuleAndItsLastRateIsNotUnderOneMeter() {
        tierChange(8); // the modify at 18 s, a flow-stats poll at 20 s before the next read: the tier differs
    }

    @Test
    public void aReinstalledRuleReadBeforeItsNextPollIsNotUnderOneMeter() {
        tierChange(10); // the modify at 22 s, the next read at 24 s sees the fresh entry (polls at 20, 25 s)
    }

    private void tierChange(int warmUp) {
        start();
        assertTrue(cycles(warmUp).get(warmUp - 1));
        tier[0] = Tier.TIER2; // the next cycle modifies the rule: its stored entry is fresh until the next poll
        List<Boolean> flags = cycles(9);
        assertTrue("read before the modify: " + flags, flags.get(0));
        assertFalse("the first window after the modify spans it: " + flags, flags.get(1));
        assertFalse(flags.get(2));
        assertTrue("a window after the modify, within 16 s: " + flags, flags.get(8));
    }
}
