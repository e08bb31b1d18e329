package org.mpsdn.lab.host.services;

import org.junit.Test;
import org.onlab.packet.Ethernet;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.EthTypeCriterion;
import org.onosproject.net.flow.instructions.Instruction;
import org.onosproject.net.flow.instructions.Instructions;
import org.onosproject.net.packet.PacketPriority;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The southbound's timing options, ONOS 2.7.0's defaults, and the host provider's ARP punt.
 */
public class SouthboundTimingTest {

    private static final DeviceId DEV = DeviceId.deviceId("of:00000000000000a1");
    private static final DefaultApplicationId CORE = new DefaultApplicationId(1, "org.onosproject.core");

    @Test
    public void defaultIsOnosWithItsStatisticsPeriods() {
        SouthboundTiming t = SouthboundTiming.fromOptions(Map.of());
        assertTrue(t.onosSemantics());
        assertEquals("flowPollFrequency 5 s", 5000, t.flowStatsMs());
        assertEquals("meterStatsPollInterval 10 s", 10000, t.meterStatsMs());
        assertFalse("openflow-base: no host provider", t.arpPunt());
        assertTrue(new OpenFlowSouthbound().timing().onosSemantics());
    }

    @Test
    public void fastKeepsTheLabsEarlierTiming() {
        SouthboundTiming t = SouthboundTiming.fromOptions(Map.of("southbound-timing", "fast"));
        assertFalse(t.onosSemantics());
        assertEquals(1000, t.flowStatsMs());
        assertEquals(1000, t.meterStatsMs());
        SouthboundTiming s = SouthboundTiming.fromOptions(Map.of("southbound-timing", "onos", "shuffle-seed", "9",
                                                                 "arp-punt", "true", "flow-stats-ms", "2000"));
        assertEquals(9, s.shuffleSeed());
        assertTrue(s.arpPunt());
        assertEquals(2000, s.flowStatsMs());
        assertEquals(10000, s.meterStatsMs());
    }

    @Test
    public void unknownModeIsRejectedByName() {
        try {
            SouthboundTiming.fromOptions(Map.of("southbound-timing", "slow"));
            fail("accepted");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("slow"));
        }
    }

    private static List<FlowEntry> rulesAfterConnect(SouthboundTiming timing) {
        OpenFlowSouthbound sb = new OpenFlowSouthbound(timing);
        sb.requestHostProviderArp(CORE);
        sb.packetService().deviceReady(DEV);
        List<FlowEntry> out = new ArrayList<>();
        sb.flowRuleService().getFlowEntries(DEV).forEach(out::add);
        sb.stop();
        return out;
    }

    @Test
    public void hostProviderArpPuntOnlyWhenTheOpenflowSuiteIsActive() {
        assertTrue(rulesAfterConnect(SouthboundTiming.onos(1)).isEmpty());
        List<FlowEntry> rules = rulesAfterConnect(SouthboundTiming.onos(5000, 10000, true, 1));
        assertEquals(1, rules.size());
        FlowEntry r = rules.get(0);
        assertEquals(0, r.tableId());
        assertEquals(PacketPriority.CONTROL.priorityValue(), r.priority());
        assertEquals(40000, r.priority());
        assertEquals(CORE.id(), r.appId());
        assertTrue(r.isPermanent());
        assertEquals(Ethernet.TYPE_ARP,
                     ((EthTypeCriterion) r.selector().getCriterion(Criterion.Type.ETH_TYPE)).ethType().toShort());
        assertEquals(1, r.selector().criteria().size());
        List<Instruction> imm = r.treatment().immediate();
        assertEquals(1, imm.size());
        assertEquals(PortNumber.CONTROLLER, ((Instructions.OutputInstruction) imm.get(0)).port());
        assertTrue("wipeDeferred", r.treatment().clearedDeferred());
    }
}
