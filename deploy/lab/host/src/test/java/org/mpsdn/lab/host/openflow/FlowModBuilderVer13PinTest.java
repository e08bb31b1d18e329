package org.mpsdn.lab.host.openflow;

import org.junit.Test;
import org.onlab.packet.Ip4Prefix;
import org.onlab.packet.TpPort;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.meter.MeterId;
import org.projectfloodlight.openflow.protocol.OFFactories;
import org.projectfloodlight.openflow.protocol.OFFactory;
import org.projectfloodlight.openflow.protocol.OFFlowMod;
import org.projectfloodlight.openflow.protocol.OFFlowModCommand;
import org.projectfloodlight.openflow.protocol.OFFlowModFlags;
import org.projectfloodlight.openflow.protocol.OFVersion;
import org.projectfloodlight.openflow.protocol.action.OFAction;
import org.projectfloodlight.openflow.protocol.instruction.OFInstruction;
import org.projectfloodlight.openflow.protocol.match.Match;
import org.projectfloodlight.openflow.protocol.match.MatchField;
import org.projectfloodlight.openflow.types.EthType;
import org.projectfloodlight.openflow.types.IPv4Address;
import org.projectfloodlight.openflow.types.IpProtocol;
import org.projectfloodlight.openflow.types.OFBufferId;
import org.projectfloodlight.openflow.types.OFMetadata;
import org.projectfloodlight.openflow.types.OFPort;
import org.projectfloodlight.openflow.types.TableId;
import org.projectfloodlight.openflow.types.TransportPort;
import org.projectfloodlight.openflow.types.U64;

import java.util.Collections;
import java.util.HashSet;
import java.util.List;

import static org.junit.Assert.assertEquals;

/**
 * Pins {@link OfTranslator}'s flow mods to what ONOS 2.7.0's {@code FlowModBuilderVer13} sends for the same
 * rules (providers/openflow/flow/src/main/java/org/onosproject/provider/of/flow/impl/FlowModBuilderVer13.java):
 * the expected messages below repeat its builder calls. Cookie = flow id, no buffer, SEND_FLOW_REM, the hard
 * timeout only (no idle timeout even for a temporary rule), an output to the controller with
 * {@code max_len = 0xffff} and other outputs without, MODIFY non-strict, DELETE_STRICT. The instruction list is
 * compared as a set (its order does not matter to a switch; see {@link OfTranslator#instructions}).
 */
public class FlowModBuilderVer13PinTest {

    private static final OFFactory F = OFFactories.getFactory(OFVersion.OF_13);
    private static final DeviceId DEV = DeviceId.deviceId("of:00000000000000a1");

    /** A Tier-2 style rule: temporary, 5-tuple-ish match, meter + metadata + goto + output. */
    private static final FlowRule TIER2 = DefaultFlowRule.builder().forDevice(DEV)
            .fromApp(new DefaultApplicationId(3, "t")).withPriority(40000).forTable(0).makeTemporary(10)
            .withSelector(DefaultTrafficSelector.builder().matchInPort(PortNumber.portNumber(1))
                                  .matchEthType((short) 0x0800).matchIPProtocol((byte) 6)
                                  .matchIPDst(Ip4Prefix.valueOf("10.0.1.3/32")).matchTcpDst(TpPort.tpPort(5201))
                                  .build())
            .withTreatment(DefaultTrafficTreatment.builder().meter(MeterId.meterId(7))
                                   .setOutput(PortNumber.portNumber(2)).writeMetadata(2L, 0xffL).transition(1)
                                   .build())
            .build();

    /** A punt rule: output to the controller. */
    private static final FlowRule PUNT = DefaultFlowRule.builder().forDevice(DEV)
            .fromApp(new DefaultApplicationId(3, "t")).withPriority(10000).forTable(1).makePermanent()
            .withSelector(DefaultTrafficSelector.builder().matchMetadata(2L).build())
            .withTreatment(DefaultTrafficTreatment.builder().punt().build())
            .build();

    private static Match tier2Match() {
        // FlowModBuilder.buildMatch (FlowModBuilder.java:207-211, 244-247, 275-278, 294-308, 320-324)
        return F.buildMatch().setExact(MatchField.IN_PORT, OFPort.of(1))
                .setExact(MatchField.ETH_TYPE, EthType.of(0x0800))
                .setExact(MatchField.IP_PROTO, IpProtocol.of((short) 6))
                .setExact(MatchField.IPV4_DST, IPv4Address.of("10.0.1.3"))
                .setExact(MatchField.TCP_DST, TransportPort.of(5201)).build();
    }

    private static List<OFInstruction> tier2Instructions() {
        // FlowModBuilderVer13.java:131-151 and buildActions :231-265 (no max_len for a port output)
        List<OFAction> out = List.of(F.actions().buildOutput().setPort(OFPort.of(2)).build());
        return List.of(F.instructions().applyActions(out), F.instructions().gotoTable(TableId.of(1)),
                       F.instructions().buildWriteMetadata().setMetadata(U64.of(2)).setMetadataMask(U64.of(0xff))
                               .build(),
                       F.instructions().buildMeter().setMeterId(7).build());
    }

    private static void assertSameMod(OFFlowMod expected, OFFlowMod actual) {
        assertEquals(new HashSet<>(expected.getInstructions()), new HashSet<>(actual.getInstructions()));
        assertEquals(expected.createBuilder().setXid(0).setInstructions(Collections.emptyList()).build(),
                     actual.createBuilder().setXid(0).setInstructions(Collections.emptyList()).build());
    }

    @Test
    public void addIsFlowModBuilderVer13BuildFlowAdd() {
        // FlowModBuilderVer13.buildFlowAdd, :153-163
        OFFlowMod expected = F.buildFlowAdd().setCookie(U64.of(TIER2.id().value()))
                .setBufferId(OFBufferId.NO_BUFFER).setInstructions(tier2Instructions()).setMatch(tier2Match())
                .setFlags(Collections.singleton(OFFlowModFlags.SEND_FLOW_REM)).setPriority(40000)
                .setTableId(TableId.of(0)).setHardTimeout(TIER2.hardTimeout()).build();
        OFFlowMod actual = OfTranslator.flowAdd(F, TIER2, false);
        assertSameMod(expected, actual);
        assertEquals("soft timeout: nothing on the switch", 0, actual.getIdleTimeout());
    }

    @Test
    public void modifyIsNonStrictFlowModBuilderVer13BuildFlowMod() {
        // FlowModBuilderVer13.buildFlowMod, :197-207
        OFFlowMod expected = F.buildFlowModify().setCookie(U64.of(TIER2.id().value()))
                .setBufferId(OFBufferId.NO_BUFFER).setInstructions(tier2Instructions()).setMatch(tier2Match())
                .setFlags(Collections.singleton(OFFlowModFlags.SEND_FLOW_REM)).setPriority(40000)
                .setTableId(TableId.of(0)).setHardTimeout(TIER2.hardTimeout()).build();
        OFFlowMod actual = OfTranslator.flowModify(F, TIER2);
        assertEquals(OFFlowModCommand.MODIFY, actual.getCommand());
        assertSameMod(expected, actual);
    }

    @Test
    public void deleteIsStrictFlowModBuilderVer13BuildFlowDel() {
        // FlowModBuilderVer13.buildFlowDel, :218-227 (no instructions, no cookie mask)
        OFFlowMod expected = F.buildFlowDeleteStrict().setCookie(U64.of(TIER2.id().value()))
                .setBufferId(OFBufferId.NO_BUFFER).setMatch(tier2Match())
                .setFlags(Collections.singleton(OFFlowModFlags.SEND_FLOW_REM)).setPriority(40000)
                .setTableId(TableId.of(0)).setHardTimeout(TIER2.hardTimeout()).build();
        OFFlowMod actual = OfTranslator.flowDelete(F, TIER2);
        assertEquals(OFFlowModCommand.DELETE_STRICT, actual.getCommand());
        assertEquals(List.of(), actual.getInstructions());
        assertSameMod(expected, actual);
    }

    @Test
    public void controllerOutputSendsTheWholeFrame() {
        // FlowModBuilderVer13.java:258-265: setMaxLen(OFPCML_NO_BUFFER) for PortNumber.CONTROLLER only
        List<OFAction> punt = List.of(F.actions().buildOutput().setPort(OFPort.CONTROLLER).setMaxLen(0xffff)
                                              .build());
        OFFlowMod expected = F.buildFlowAdd().setCookie(U64.of(PUNT.id().value()))
                .setBufferId(OFBufferId.NO_BUFFER).setInstructions(List.of(F.instructions().applyActions(punt)))
                .setMatch(F.buildMatch().setExact(MatchField.METADATA, OFMetadata.ofRaw(2L)).build())
                .setFlags(Collections.singleton(OFFlowModFlags.SEND_FLOW_REM)).setPriority(10000)
                .setTableId(TableId.of(1)).setHardTimeout(0).build();
        assertSameMod(expected, OfTranslator.flowAdd(F, PUNT, false));
    }
}
