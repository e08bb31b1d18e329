package org.mpsdn.core.categorize;

import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.core.model.Flow;
import org.mpsdn.core.model.FlowKey;

import static org.junit.Assert.assertEquals;
import static org.mpsdn.api.model.Tier.TIER1;
import static org.mpsdn.api.model.Tier.TIER2;

/**
 * The tier rule, uplink and ACK exemption.
 */
public class FlowTieringTest {

    private static Flow flow(int proto, Direction d, boolean ack) {
        return new Flow(FlowKey.of("10.0.0.1", 1000, "192.0.2.1", 80, proto), d, "u", "a", 0, 0, ack);
    }

    @Test
    public void algorithm1() {
        Flow tcp = flow(6, Direction.DOWNLINK, false);
        assertEquals(TIER1, FlowTiering.tierOf(tcp, false, true, false));
        assertEquals(TIER1, FlowTiering.tierOf(tcp, false, false, false));
        assertEquals(TIER1, FlowTiering.tierOf(tcp, true, true, false));
        assertEquals(TIER2, FlowTiering.tierOf(tcp, true, false, false));
    }

    @Test
    public void nonTcpIsAlwaysTier1() {
        for (int proto : new int[]{17, 1, 132, 0}) {
            for (Direction d : Direction.values()) {
                assertEquals(TIER1, FlowTiering.tierOf(flow(proto, d, false), true, false, true));
            }
        }
    }

    @Test
    public void uplinkIsUnregulatedUnlessEnabled() {
        Flow up = flow(6, Direction.UPLINK, false);
        assertEquals(TIER1, FlowTiering.tierOf(up, true, false, false));
        assertEquals(TIER2, FlowTiering.tierOf(up, true, false, true));
    }

    @Test
    public void ackDirectionIsExemptWhenBothDirectionsAreRegulated() {
        Flow ackUp = flow(6, Direction.UPLINK, true);
        Flow ackDown = flow(6, Direction.DOWNLINK, true);
        assertEquals(TIER1, FlowTiering.tierOf(ackUp, true, false, true));
        assertEquals(TIER1, FlowTiering.tierOf(ackDown, true, false, true));
        // downlink-only regulation: the ack mark has no effect on downlink data
        assertEquals(TIER2, FlowTiering.tierOf(ackDown, true, false, false));
    }
}
