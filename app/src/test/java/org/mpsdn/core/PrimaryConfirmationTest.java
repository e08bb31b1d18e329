package org.mpsdn.core;

import org.junit.Test;
import org.mpsdn.core.categorize.PrimaryHistory;
import org.mpsdn.core.model.NetworkSnapshot;

import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.core.Expect.assertThrows;

/**
 * The mpsdn profile's confirmation of a primary change: with the user's own links unchanged, a change waits for a
 * second cycle in which the same connection wins; with its links changed, it is made at once. The paper profile
 * changes at once.
 */
public class PrimaryConfirmationTest {
    private static final long CAP = 100_000_000L;
    private static final Measurements NONE = Measurements.builder().build();

    private final RegulationCenter mpsdn = new RegulationCenter(RegulationParameters.builder()
            .profile(Profile.MPSDN).build());
    private final RegulationCenter paper = new RegulationCenter(RegulationParameters.builder()
            .profile(Profile.PAPER).build());

    // M multipath (Wi-Fi 54 Mb/s, LTE 12), S on M's Wi-Fi AP, and N joining that AP at newcomerBps when > 0
    private static NetworkSnapshot net(long mWifiBps, long newcomerBps) {
        Nets n = new Nets().wifi("W", CAP).lte("L", CAP).ue("M", true).ue("S", false)
                .conn("M", "W", -60, mWifiBps).conn("M", "L", -90, 12_000_000).conn("S", "W", -60, 54_000_000)
                .tcpDown("M", "W").tcpDown("M", "L").tcpDown("S", "W");
        if (newcomerBps > 0) {
            n.ue("N", false).conn("N", "W", -70, newcomerBps).tcpDown("N", "W");
        }
        return n.build();
    }

    private static String primary(CycleResult r) {
        return r.primaryApOf("M").orElseThrow();
    }

    @Test
    public void aNewcomersFirstReadingDoesNotMoveThePrimary() {
        CycleResult first = mpsdn.cycle(net(54_000_000, 0), NONE, RegulationState.initial());
        assertEquals("W", primary(first));
        // N's first cycle at its rate control's start rate: LTE now promises more, but M's own links are unchanged
        CycleResult joined = mpsdn.cycle(net(54_000_000, 1_000_000), NONE, first.nextState());
        assertEquals("W", primary(joined));
        assertEquals(new PrimaryWatch(Map.of("W", 54_000_000L, "L", 12_000_000L), "L"),
                joined.nextState().primaryWatches().get("M"));
        CycleResult settled = mpsdn.cycle(net(54_000_000, 54_000_000), NONE, joined.nextState());
        assertEquals("W", primary(settled));
        assertTrue(settled.nextState().primaryWatches().get("M").challengerAp().isEmpty());
        // the paper's Algorithm 1 flaps: away and back
        CycleResult p1 = paper.cycle(net(54_000_000, 0), NONE, RegulationState.initial());
        CycleResult p2 = paper.cycle(net(54_000_000, 1_000_000), NONE, p1.nextState());
        CycleResult p3 = paper.cycle(net(54_000_000, 54_000_000), NONE, p2.nextState());
        assertEquals("W L W", primary(p1) + " " + primary(p2) + " " + primary(p3));
        assertTrue(p2.nextState().primaryWatches().isEmpty());
    }

    @Test
    public void aChangeThatHoldsTwoCyclesIsMade() {
        CycleResult first = mpsdn.cycle(net(54_000_000, 0), NONE, RegulationState.initial());
        CycleResult once = mpsdn.cycle(net(54_000_000, 1_000_000), NONE, first.nextState());
        CycleResult twice = mpsdn.cycle(net(54_000_000, 1_000_000), NONE, once.nextState());
        assertEquals("W L", primary(once) + " " + primary(twice));
    }

    @Test
    public void aChangeOfTheUsersOwnLinkIsMadeAtOnce() {
        CycleResult first = mpsdn.cycle(net(54_000_000, 0), NONE, RegulationState.initial());
        CycleResult weak = mpsdn.cycle(net(6_000_000, 0), NONE, first.nextState());
        assertEquals("L", primary(weak));
    }

    @Test
    public void aRestoredStateWithoutMemoryChangesAtOnce() {
        RegulationState restored = RegulationState.of(Map.of(), Map.of("M", "W"));
        assertEquals("L", primary(mpsdn.cycle(net(54_000_000, 1_000_000), NONE, restored)));
        assertEquals("W", primary(mpsdn.cycle(net(54_000_000, 1_000_000), NONE,
                restored.withPrimaryWatches(Map.of("M", new PrimaryWatch(
                        Map.of("W", 54_000_000L, "L", 12_000_000L), null))))));
    }

    @Test
    public void badInputIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new PrimaryWatch(Map.of(" ", 1L), null));
        assertThrows(IllegalArgumentException.class, () -> new PrimaryWatch(Map.of("W", 1L), " "));
        assertThrows(IllegalArgumentException.class, () -> PrimaryHistory.confirming(new int[2], 0.0,
                new boolean[1], new int[2]));
        assertThrows(IllegalArgumentException.class, () -> RegulationState.initial().withPrimaryWatches(null));
    }
}
