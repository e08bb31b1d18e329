package org.mpsdn.lab.host.openflow;

import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.EthCriterion;
import org.onosproject.net.flow.criteria.EthTypeCriterion;
import org.onosproject.net.flow.criteria.IPCriterion;
import org.onosproject.net.flow.criteria.IPProtocolCriterion;
import org.onosproject.net.flow.criteria.MetadataCriterion;
import org.onosproject.net.flow.criteria.PortCriterion;
import org.onosproject.net.flow.criteria.TcpPortCriterion;
import org.onosproject.net.flow.criteria.UdpPortCriterion;
import org.onosproject.net.flow.instructions.Instruction;
import org.onosproject.net.flow.instructions.Instructions;
import org.onosproject.net.meter.Band;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterFailReason;
import org.onosproject.net.meter.MeterRequest;
import org.projectfloodlight.openflow.protocol.OFFactory;
import org.projectfloodlight.openflow.protocol.OFFlowModFlags;
import org.projectfloodlight.openflow.protocol.OFFlowAdd;
import org.projectfloodlight.openflow.protocol.OFFlowDeleteStrict;
import org.projectfloodlight.openflow.protocol.OFFlowMod;
import org.projectfloodlight.openflow.protocol.OFFlowModify;
import org.projectfloodlight.openflow.protocol.OFFlowStatsEntry;
import org.projectfloodlight.openflow.protocol.OFMeterFlags;
import org.projectfloodlight.openflow.protocol.OFMeterMod;
import org.projectfloodlight.openflow.protocol.OFMeterModCommand;
import org.projectfloodlight.openflow.protocol.OFMeterModFailedCode;
import org.projectfloodlight.openflow.protocol.OFPacketOut;
import org.projectfloodlight.openflow.protocol.action.OFAction;
import org.projectfloodlight.openflow.protocol.action.OFActionOutput;
import org.projectfloodlight.openflow.protocol.instruction.OFInstruction;
import org.projectfloodlight.openflow.protocol.match.Match;
import org.projectfloodlight.openflow.protocol.match.MatchField;
import org.projectfloodlight.openflow.protocol.meterband.OFMeterBand;
import org.projectfloodlight.openflow.types.EthType;
import org.projectfloodlight.openflow.types.IPv4Address;
import org.projectfloodlight.openflow.types.IPv4AddressWithMask;
import org.projectfloodlight.openflow.types.IpProtocol;
import org.projectfloodlight.openflow.types.MacAddress;
import org.projectfloodlight.openflow.types.OFBufferId;
import org.projectfloodlight.openflow.types.OFMetadata;
import org.projectfloodlight.openflow.types.OFPort;
import org.projectfloodlight.openflow.types.TableId;
import org.projectfloodlight.openflow.types.TransportPort;
import org.projectfloodlight.openflow.types.U64;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Translates ONOS flow rules, meter requests and outbound packets into OpenFlow 1.3 messages.
 * The flow cookie is the ONOS flow id, so flow statistics map back to rules.
 */
public final class OfTranslator {

    /** {@code max_len} of an output to the controller: send the whole frame (FlowModBuilderVer13.java:105). */
    public static final int OFPCML_NO_BUFFER = 0xffff;

    private OfTranslator() {
    }

    /**
     * Builds the FLOW_MOD ADD for a rule, as ONOS 2.7.0's {@code FlowModBuilderVer13.buildFlowAdd}
     * (providers/openflow/flow/.../FlowModBuilderVer13.java:125-166): cookie = flow id, no buffer,
     * SEND_FLOW_REM, the rule's hard timeout and no idle timeout (ONOS enforces {@code makeTemporary} itself
     * from flow statistics). With {@code switchIdleTimeout} (the lab's fast timing) the rule's timeout
     * becomes the switch's idle timeout instead.
     *
     * @param f                 OpenFlow 1.3 factory
     * @param rule              ONOS flow rule
     * @param switchIdleTimeout whether a temporary rule gets an idle timeout on the switch
     * @return flow add message
     * @throws IllegalArgumentException naming the criterion or instruction that has no translation
     */
    public static OFFlowAdd flowAdd(OFFactory f, FlowRule rule, boolean switchIdleTimeout) {
        return (OFFlowAdd) common(f, f.buildFlowAdd(), rule)
                .setIdleTimeout(switchIdleTimeout && !rule.isPermanent() ? rule.timeout() : 0)
                .build();
    }

    /**
     * Builds the non-strict FLOW_MOD MODIFY ONOS 2.7.0 sends for a MODIFY operation
     * ({@code FlowModBuilderVer13.buildFlowMod}, FlowModBuilderVer13.java:169-210, {@code buildFlowModify}):
     * the switch replaces the instructions and keeps the flow's counters (no RESET_COUNTS flag).
     *
     * @param f    OpenFlow 1.3 factory
     * @param rule ONOS flow rule
     * @return flow modify message
     */
    public static OFFlowModify flowModify(OFFactory f, FlowRule rule) {
        return (OFFlowModify) common(f, f.buildFlowModify(), rule).build();
    }

    /** What ONOS's ADD and MODIFY share: cookie, table, priority, hard timeout, no buffer, SEND_FLOW_REM. */
    private static OFFlowMod.Builder common(OFFactory f, OFFlowMod.Builder b, FlowRule rule) {
        return b.setCookie(U64.of(rule.id().value()))
                .setTableId(TableId.of(rule.tableId()))
                .setPriority(rule.priority())
                .setHardTimeout(rule.hardTimeout())
                .setBufferId(OFBufferId.NO_BUFFER)
                .setFlags(EnumSet.of(OFFlowModFlags.SEND_FLOW_REM))
                .setMatch(match(f, rule))
                .setInstructions(instructions(f, rule.treatment()));
    }

    /**
     * Builds the FLOW_MOD DELETE_STRICT that removes exactly this rule, as ONOS 2.7.0's
     * {@code FlowModBuilderVer13.buildFlowDel} (FlowModBuilderVer13.java:213-229): match, priority, table,
     * cookie (no cookie mask), SEND_FLOW_REM and the hard timeout.
     *
     * @param f    OpenFlow 1.3 factory
     * @param rule ONOS flow rule
     * @return strict delete message
     */
    public static OFFlowDeleteStrict flowDelete(OFFactory f, FlowRule rule) {
        return f.buildFlowDeleteStrict()
                .setCookie(U64.of(rule.id().value()))
                .setBufferId(OFBufferId.NO_BUFFER)
                .setMatch(match(f, rule))
                .setFlags(EnumSet.of(OFFlowModFlags.SEND_FLOW_REM))
                .setPriority(rule.priority())
                .setTableId(TableId.of(rule.tableId()))
                .setHardTimeout(rule.hardTimeout())
                .build();
    }

    /**
     * Builds the DELETE_STRICT for a flow the switch reported but the store does not hold (ONOS removes
     * such extraneous flows: {@code FlowRuleManager.extraneousFlow}, core/net/.../FlowRuleManager.java:516-523,
     * {@code allowExtraneousRules} false by default).
     *
     * @param f     OpenFlow 1.3 factory
     * @param entry the switch's flow statistics entry
     * @return strict delete message
     */
    public static OFFlowDeleteStrict flowDelete(OFFactory f, OFFlowStatsEntry entry) {
        return f.buildFlowDeleteStrict()
                .setCookie(entry.getCookie())
                .setBufferId(OFBufferId.NO_BUFFER)
                .setMatch(entry.getMatch())
                .setFlags(EnumSet.of(OFFlowModFlags.SEND_FLOW_REM))
                .setPriority(entry.getPriority())
                .setTableId(entry.getTableId())
                .setHardTimeout(entry.getHardTimeout())
                .build();
    }

    /**
     * Builds the OpenFlow match of a rule's selector.
     *
     * @param f    factory
     * @param rule rule
     * @return match
     */
    public static Match match(OFFactory f, FlowRule rule) {
        Match.Builder m = f.buildMatch();
        for (Criterion c : rule.selector().criteria()) {
            switch (c.type()) {
                case IN_PORT:
                    m.setExact(MatchField.IN_PORT, OFPort.of((int) ((PortCriterion) c).port().toLong()));
                    break;
                case ETH_TYPE:
                    m.setExact(MatchField.ETH_TYPE, EthType.of(((EthTypeCriterion) c).ethType().toShort() & 0xffff));
                    break;
                case ETH_SRC:
                    m.setExact(MatchField.ETH_SRC, MacAddress.of(((EthCriterion) c).mac().toBytes()));
                    break;
                case ETH_DST:
                    m.setExact(MatchField.ETH_DST, MacAddress.of(((EthCriterion) c).mac().toBytes()));
                    break;
                case IPV4_SRC:
                    ipv4(m, MatchField.IPV4_SRC, (IPCriterion) c);
                    break;
                case IPV4_DST:
                    ipv4(m, MatchField.IPV4_DST, (IPCriterion) c);
                    break;
                case IP_PROTO:
                    m.setExact(MatchField.IP_PROTO, IpProtocol.of(((IPProtocolCriterion) c).protocol()));
                    break;
                case TCP_SRC:
                    m.setExact(MatchField.TCP_SRC, TransportPort.of(((TcpPortCriterion) c).tcpPort().toInt()));
                    break;
                case TCP_DST:
                    m.setExact(MatchField.TCP_DST, TransportPort.of(((TcpPortCriterion) c).tcpPort().toInt()));
                    break;
                case UDP_SRC:
                    m.setExact(MatchField.UDP_SRC, TransportPort.of(((UdpPortCriterion) c).udpPort().toInt()));
                    break;
                case UDP_DST:
                    m.setExact(MatchField.UDP_DST, TransportPort.of(((UdpPortCriterion) c).udpPort().toInt()));
                    break;
                case METADATA:
                    m.setExact(MatchField.METADATA, OFMetadata.ofRaw(((MetadataCriterion) c).metadata()));
                    break;
                default:
                    throw new IllegalArgumentException("criterion " + c.type() + " has no OpenFlow translation here");
            }
        }
        return m.build();
    }

    /** An IPv4 prefix as ONOS matches it: exact for a /32, masked otherwise (FlowModBuilder.java:279-308). */
    private static void ipv4(Match.Builder m, MatchField<IPv4Address> field, IPCriterion c) {
        if (c.ip().prefixLength() == 32) {
            m.setExact(field, IPv4Address.of(c.ip().address().toOctets()));
        } else {
            m.setMasked(field, IPv4AddressWithMask.of(c.ip().toString()));
        }
    }

    /**
     * Builds the OpenFlow 1.3 instruction list in specification order: meter, apply-actions,
     * clear-actions ({@code wipeDeferred}), write-metadata, goto-table. ONOS 2.7.0 emits the same instructions
     * in another list order (FlowModBuilderVer13.java:131-151); a switch runs an instruction set in the
     * order of instruction types whatever the list order (OpenFlow 1.3.5, 5.9), so both mean the same.
     *
     * @param f factory
     * @param t treatment
     * @return instructions
     */
    public static List<OFInstruction> instructions(OFFactory f, TrafficTreatment t) {
        List<OFInstruction> out = new ArrayList<>();
        for (Instructions.MeterInstruction mi : t.meters()) {
            out.add(f.instructions().buildMeter().setMeterId(mi.meterId().id()).build());
        }
        List<OFAction> actions = actions(f, t.immediate());
        if (!actions.isEmpty()) {
            out.add(f.instructions().applyActions(actions));
        }
        if (t.clearedDeferred()) {
            out.add(f.instructions().clearActions());
        }
        if (t.writeMetadata() != null) {
            out.add(f.instructions().buildWriteMetadata()
                            .setMetadata(U64.of(t.writeMetadata().metadata()))
                            .setMetadataMask(U64.of(t.writeMetadata().metadataMask())).build());
        }
        if (t.tableTransition() != null) {
            out.add(f.instructions().gotoTable(TableId.of(t.tableTransition().tableId())));
        }
        return out;
    }

    /**
     * Translates immediate instructions into actions (outputs only; meters and table moves are
     * instructions of their own). As in ONOS 2.7.0 (FlowModBuilderVer13.java:258-265) only an output to
     * the controller carries {@code max_len = OFPCML_NO_BUFFER} (0xffff): the whole frame is sent up.
     *
     * @param f            factory
     * @param instructions immediate instructions
     * @return actions
     */
    public static List<OFAction> actions(OFFactory f, List<Instruction> instructions) {
        List<OFAction> actions = new ArrayList<>();
        for (Instruction i : instructions) {
            switch (i.type()) {
                case OUTPUT:
                    PortNumber p = ((Instructions.OutputInstruction) i).port();
                    OFActionOutput.Builder out = f.actions().buildOutput().setPort(port(p));
                    if (PortNumber.CONTROLLER.equals(p)) {
                        out.setMaxLen(OFPCML_NO_BUFFER);
                    }
                    actions.add(out.build());
                    break;
                case NOACTION:
                case METER:
                case TABLE:
                case METADATA:
                    break;
                default:
                    throw new IllegalArgumentException("instruction " + i.type() + " has no OpenFlow translation here");
            }
        }
        return actions;
    }

    /**
     * Maps an ONOS port number (including logical ports) to an OpenFlow port.
     *
     * @param p ONOS port
     * @return OpenFlow port
     */
    public static OFPort port(PortNumber p) {
        if (PortNumber.CONTROLLER.equals(p)) {
            return OFPort.CONTROLLER;
        } else if (PortNumber.NORMAL.equals(p)) {
            return OFPort.NORMAL;
        } else if (PortNumber.FLOOD.equals(p)) {
            return OFPort.FLOOD;
        } else if (PortNumber.ALL.equals(p)) {
            return OFPort.ALL;
        } else if (PortNumber.IN_PORT.equals(p)) {
            return OFPort.IN_PORT;
        } else if (PortNumber.LOCAL.equals(p)) {
            return OFPort.LOCAL;
        }
        return OFPort.of((int) p.toLong());
    }

    /**
     * Builds METER_MOD ADD (rates in kb/s, one DROP band, burst flag when the request asks for it).
     *
     * @param f       factory
     * @param meterId meter id on the switch
     * @param req     ONOS meter request
     * @return meter mod
     * @throws IllegalArgumentException if the unit or band type is not supported
     */
    public static OFMeterMod meterAdd(OFFactory f, long meterId, MeterRequest req) {
        if (req.unit() != Meter.Unit.KB_PER_SEC) {
            throw new IllegalArgumentException("meter unit " + req.unit() + " not supported (use KB_PER_SEC)");
        }
        Set<OFMeterFlags> flags = EnumSet.of(OFMeterFlags.KBPS, OFMeterFlags.STATS);
        if (req.isBurst()) {
            flags.add(OFMeterFlags.BURST);
        }
        List<OFMeterBand> bands = new ArrayList<>();
        for (Band b : req.bands()) {
            if (b.type() != Band.Type.DROP) {
                throw new IllegalArgumentException("meter band type " + b.type() + " not supported (use DROP)");
            }
            long burst = b.burst() == null ? 0 : b.burst();
            bands.add(f.meterBands().buildDrop().setRate(b.rate()).setBurstSize(burst).build());
        }
        return f.buildMeterMod().setCommand(OFMeterModCommand.ADD).setMeterId(meterId)
                .setFlags(flags).setMeters(bands).build();
    }

    // ONOS 2.7.0 OpenFlowMeterProvider.signalMeterError (providers/openflow/meter/..., :423-478)
    private static final Map<OFMeterModFailedCode, MeterFailReason> METER_ERRORS = Map.ofEntries(
            Map.entry(OFMeterModFailedCode.UNKNOWN, MeterFailReason.UNKNOWN_DEVICE),
            Map.entry(OFMeterModFailedCode.METER_EXISTS, MeterFailReason.EXISTING_METER),
            Map.entry(OFMeterModFailedCode.INVALID_METER, MeterFailReason.INVALID_METER),
            Map.entry(OFMeterModFailedCode.UNKNOWN_METER, MeterFailReason.UNKNOWN),
            Map.entry(OFMeterModFailedCode.BAD_COMMAND, MeterFailReason.UNKNOWN_COMMAND),
            Map.entry(OFMeterModFailedCode.BAD_FLAGS, MeterFailReason.UNKNOWN_FLAGS),
            Map.entry(OFMeterModFailedCode.BAD_RATE, MeterFailReason.BAD_RATE),
            Map.entry(OFMeterModFailedCode.BAD_BURST, MeterFailReason.BAD_BURST),
            Map.entry(OFMeterModFailedCode.BAD_BAND, MeterFailReason.BAD_BAND),
            Map.entry(OFMeterModFailedCode.BAD_BAND_VALUE, MeterFailReason.BAD_BAND_VALUE),
            Map.entry(OFMeterModFailedCode.OUT_OF_METERS, MeterFailReason.OUT_OF_METERS),
            Map.entry(OFMeterModFailedCode.OUT_OF_BANDS, MeterFailReason.OUT_OF_BANDS));

    /**
     * The reason ONOS 2.7.0 fails a meter with when the switch answers its meter mod with an error.
     *
     * @param code the METER_MOD_FAILED code
     * @return the reason ({@code UNKNOWN} for a code ONOS does not map)
     */
    public static MeterFailReason meterFailReason(OFMeterModFailedCode code) {
        return METER_ERRORS.getOrDefault(code, MeterFailReason.UNKNOWN);
    }

    /**
     * Builds METER_MOD DELETE.
     *
     * @param f       factory
     * @param meterId meter id
     * @return meter mod
     */
    public static OFMeterMod meterDelete(OFFactory f, long meterId) {
        return f.buildMeterMod().setCommand(OFMeterModCommand.DELETE).setMeterId(meterId)
                .setFlags(Collections.emptySet()).setMeters(Collections.emptyList()).build();
    }

    /**
     * Builds a PACKET_OUT carrying the frame with the treatment's output actions.
     *
     * @param f         factory
     * @param treatment treatment with outputs
     * @param data      the frame
     * @return packet out
     */
    public static OFPacketOut packetOut(OFFactory f, TrafficTreatment treatment, byte[] data) {
        return f.buildPacketOut().setBufferId(OFBufferId.NO_BUFFER).setInPort(OFPort.CONTROLLER)
                .setActions(actions(f, treatment.allInstructions())).setData(data).build();
    }
}
