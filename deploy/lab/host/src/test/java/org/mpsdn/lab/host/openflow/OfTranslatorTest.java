package org.mpsdn.lab.host.openflow;

import org.junit.Test;
import org.onlab.packet.MplsLabel;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.meter.Band;
import org.onosproject.net.meter.DefaultBand;
import org.onosproject.net.meter.DefaultMeterRequest;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterId;
import org.onosproject.net.meter.MeterRequest;
import org.projectfloodlight.openflow.protocol.OFFactories;
import org.projectfloodlight.openflow.protocol.OFFactory;
import org.projectfloodlight.openflow.protocol.OFFlowAdd;
import org.projectfloodlight.openflow.protocol.OFMeterFlags;
import org.projectfloodlight.openflow.protocol.OFMeterMod;
import org.projectfloodlight.openflow.protocol.OFVersion;
import org.projectfloodlight.openflow.protocol.instruction.OFInstructionApplyActions;
import org.projectfloodlight.openflow.protocol.instruction.OFInstructionGotoTable;
import org.projectfloodlight.openflow.protocol.instruction.OFInstructionMeter;
import org.projectfloodlight.openflow.protocol.instruction.OFInstructionWriteMetadata;
import org.projectfloodlight.openflow.protocol.match.MatchField;
import org.projectfloodlight.openflow.types.OFPort;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Translation of ONOS rules and meter requests into OpenFlow 1.3 messages (no switch needed).
 */
public class OfTranslatorTest {

    private static final OFFactory F = OFFactories.getFactory(OFVersion.OF_13);
    private static final DeviceId DEV = DeviceId.deviceId("of:00000000000000a1");

    private static FlowRule rule(TrafficSelector sel, TrafficTreatment t) {
        return DefaultFlowRule.builder().forDevice(DEV).fromApp(new DefaultApplicationId(1, "t"))
                .withPriority(40000).forTable(0).withIdleTimeout(10).withSelector(sel).withTreatment(t).build();
    }

    @Test
    public void instructionsComeInSpecificationOrderAndCookieIsFlowId() {
        FlowRule r = rule(DefaultTrafficSelector.builder().matchInPort(PortNumber.portNumber(1)).build(),
                          DefaultTrafficTreatment.builder().meter(MeterId.meterId(7)).setOutput(PortNumber.NORMAL)
                                  .writeMetadata(1L, 0xffL).transition(1).build());
        OFFlowAdd add = OfTranslator.flowAdd(F, r, true);
        assertEquals(r.id().value(), add.getCookie().getValue());
        assertEquals(10, add.getIdleTimeout());
        assertEquals(OFPort.of(1), add.getMatch().get(MatchField.IN_PORT));
        assertEquals(4, add.getInstructions().size());
        assertTrue(add.getInstructions().get(0) instanceof OFInstructionMeter);
        assertEquals(7, ((OFInstructionMeter) add.getInstructions().get(0)).getMeterId());
        assertTrue(add.getInstructions().get(1) instanceof OFInstructionApplyActions);
        assertTrue(add.getInstructions().get(2) instanceof OFInstructionWriteMetadata);
        assertTrue(add.getInstructions().get(3) instanceof OFInstructionGotoTable);
    }

    @Test
    public void untranslatableCriterionIsRejectedByName() {
        FlowRule r = rule(DefaultTrafficSelector.builder().matchMplsLabel(MplsLabel.mplsLabel(5)).build(),
                          DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(2)).build());
        try {
            OfTranslator.flowAdd(F, r, true);
            fail("MPLS label accepted");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("MPLS_LABEL"));
        }
    }

    @Test
    public void meterModIsKbpsDropWithBurstAndRejectsOtherUnits() {
        MeterRequest req = DefaultMeterRequest.builder().forDevice(DEV).fromApp(new DefaultApplicationId(1, "t"))
                .withUnit(Meter.Unit.KB_PER_SEC).burst()
                .withBands(List.of(DefaultBand.builder().ofType(Band.Type.DROP).withRate(100).burstSize(10).build()))
                .add();
        OFMeterMod mod = OfTranslator.meterAdd(F, 3, req);
        assertEquals(3, mod.getMeterId());
        assertTrue(mod.getFlags().contains(OFMeterFlags.KBPS) && mod.getFlags().contains(OFMeterFlags.BURST));
        assertEquals(1, mod.getMeters().size());
        MeterRequest pkts = DefaultMeterRequest.builder().forDevice(DEV).fromApp(new DefaultApplicationId(1, "t"))
                .withUnit(Meter.Unit.PKTS_PER_SEC)
                .withBands(List.of(DefaultBand.builder().ofType(Band.Type.DROP).withRate(100).build())).add();
        try {
            OfTranslator.meterAdd(F, 4, pkts);
            fail("packets per second accepted");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("PKTS_PER_SEC"));
        }
    }
}
