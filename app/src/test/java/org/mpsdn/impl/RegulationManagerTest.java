package org.mpsdn.impl;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.mpsdn.impl.cluster.DomainOwnership;
import org.onosproject.cluster.NodeId;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.impl.decide.ApView;
import org.mpsdn.impl.decide.EngineDecision;
import org.mpsdn.impl.decide.FlowView;
import org.mpsdn.impl.flow.FlowMatch;
import org.mpsdn.impl.flow.TierRules;
import org.mpsdn.impl.meter.MeterStepper;
import org.mpsdn.impl.switches.PacketInHandler;
import org.onlab.packet.Data;
import org.onlab.packet.Ethernet;
import org.onlab.packet.IPv4;
import org.onlab.packet.Ip4Address;
import org.onlab.packet.IpPrefix;
import org.onlab.packet.TpPort;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.meter.Band;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterId;
import org.onosproject.net.meter.MeterRequest;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.impl.Harness.DEV1;
import static org.mpsdn.impl.Harness.DEV2;

/**
 * The ONOS glue of the regulation loop against the ONOS service adapters.
 */
public class RegulationManagerTest {
    private static final PortNumber P1 = PortNumber.portNumber(1);
    private static final PortNumber P2 = PortNumber.portNumber(2);
    private Harness h;

    @Before
    public void setUp() {
        h = new Harness().master(DEV1, DEV2);
        h.meters.flows = h.flows;
    }

    @After
    public void tearDown() {
        if (h.manager != null) {
            try {
                h.deactivate();
            } catch (IllegalStateException | NullPointerException e) {
                // already deactivated
            }
        }
    }

    private static TrafficSelector sel(TrafficSelector.Builder b) {
        return b.build();
    }

    private static FlowEntry only(List<FlowEntry> rules, TrafficSelector selector) {
        List<FlowEntry> m = rules.stream().filter(r -> r.selector().equals(selector)).collect(Collectors.toList());
        assertEquals("rules matching " + selector, 1, m.size());
        return m.get(0);
    }

    private static EngineDecision decision(Map<String, Map<FlowMatch, Tier>> tiers, Map<ApDirection, Long> limits) {
        return new EngineDecision(tiers, limits, Map.of());
    }

    private static FlowMatch tcp(String src, int sp, String dst, int dp) {
        return new FlowMatch(IPv4.PROTOCOL_TCP, Ip4Address.valueOf(src), sp, Ip4Address.valueOf(dst), dp);
    }

    private FlowEntry table1(Direction d) {
        return only(h.flows.rules(DEV1, 1), sel(DefaultTrafficSelector.builder()
                .matchMetadata(d == Direction.DOWNLINK ? 1L : 2L)));
    }

    @Test
    public void activationInstallsExactFixedRules() {
        h.activate();
        List<FlowEntry> t0 = h.flows.rules(DEV1, 0);
        List<FlowEntry> t1 = h.flows.rules(DEV1, 1);
        assertEquals(6, t0.size());
        assertEquals(2, t1.size());
        for (PortNumber in : List.of(P1, P2)) {
            for (byte proto : new byte[]{IPv4.PROTOCOL_TCP, IPv4.PROTOCOL_UDP}) {
                FlowEntry punt = only(t0, sel(DefaultTrafficSelector.builder().matchInPort(in)
                        .matchEthType(Ethernet.TYPE_IPV4).matchIPProtocol(proto)));
                assertEquals(20000, punt.priority());
                assertTrue(punt.isPermanent());
                // bridged and copied to the controller: the switch forwards, the copy never goes back out
                assertEquals(DefaultTrafficTreatment.builder().setOutput(in.equals(P1) ? P2 : P1)
                        .setOutput(PortNumber.CONTROLLER).build(), punt.treatment());
            }
            FlowEntry base = only(t0, sel(DefaultTrafficSelector.builder().matchInPort(in)));
            assertEquals(10000, base.priority());
            assertEquals(DefaultTrafficTreatment.builder().setOutput(in.equals(P1) ? P2 : P1).build(),
                    base.treatment());
        }
        FlowEntry dl = table1(Direction.DOWNLINK);
        assertEquals(1000, dl.priority());
        assertEquals(DefaultTrafficTreatment.builder().setOutput(P1).build(), dl.treatment());
        assertEquals(DefaultTrafficTreatment.builder().setOutput(P2).build(), table1(Direction.UPLINK).treatment());
        // lte1 regulates only the downlink: one table-1 rule
        assertEquals(1, h.flows.rules(DEV2, 1).size());
        assertTrue(h.meters.meters(DEV1).isEmpty());
    }

    @Test
    public void firstPacketInstallsExactTier1RuleAndIsNotSentAgain() {
        h.activate();
        Harness.SentPacket ctx = h.packetIn(DEV1, 2, Packets.tcp("192.0.2.10", 80, "10.0.1.2", 40000));
        TrafficSelector expected = DefaultTrafficSelector.builder().matchInPort(P2)
                .matchEthType(Ethernet.TYPE_IPV4).matchIPProtocol(IPv4.PROTOCOL_TCP)
                .matchIPSrc(IpPrefix.valueOf("192.0.2.10/32")).matchIPDst(IpPrefix.valueOf("10.0.1.2/32"))
                .matchTcpSrc(TpPort.tpPort(80)).matchTcpDst(TpPort.tpPort(40000)).build();
        FlowEntry rule = only(h.flows.rules(DEV1, 0), expected);
        assertEquals(40000, rule.priority());
        assertEquals(10, rule.timeout());
        assertFalse(rule.isPermanent());
        assertEquals(DefaultTrafficTreatment.builder().setOutput(P1).build(), rule.treatment());
        // a copy: the switch forwarded the packet; sending it again would duplicate it (and, through the
        // controller's longer path, reorder the flow)
        assertNull(ctx.sent);
        assertTrue("blocked for later processors (fwd)", ctx.isHandled());

        Harness.SentPacket up = h.packetIn(DEV1, 1, Packets.udp("10.0.1.2", 5000, "192.0.2.10", 53));
        FlowEntry ur = only(h.flows.rules(DEV1, 0), DefaultTrafficSelector.builder().matchInPort(P1)
                .matchEthType(Ethernet.TYPE_IPV4).matchIPProtocol(IPv4.PROTOCOL_UDP)
                .matchIPSrc(IpPrefix.valueOf("10.0.1.2/32")).matchIPDst(IpPrefix.valueOf("192.0.2.10/32"))
                .matchUdpSrc(TpPort.tpPort(5000)).matchUdpDst(TpPort.tpPort(53)).build());
        assertEquals(DefaultTrafficTreatment.builder().setOutput(P2).build(), ur.treatment());
        assertNull(up.sent);
    }

    @Test
    public void repeatedFirstPacketsDoNotReinstallWithinHoldoff() {
        h.activate();
        h.flows.drainLog();
        for (int i = 0; i < 5; i++) {
            h.packetIn(DEV1, 2, Packets.tcp("192.0.2.10", 80, "10.0.1.2", 40000));
        }
        assertEquals(1, h.flows.drainLog().size());
        h.now.addAndGet(PacketInHandler.REINSTALL_HOLDOFF_MS);
        h.packetIn(DEV1, 2, Packets.tcp("192.0.2.10", 80, "10.0.1.2", 40000));
        assertEquals(1, h.flows.drainLog().size());
    }

    @Test
    public void otherFramesAreBridgedAndCountedForeignOnesIgnored() {
        h.activate();
        h.flows.drainLog();
        Ethernet arp = new Ethernet();
        arp.setEtherType(Ethernet.TYPE_ARP);
        arp.setSourceMACAddress("02:00:00:00:00:01");
        arp.setDestinationMACAddress("ff:ff:ff:ff:ff:ff");
        Harness.SentPacket ctx = h.packetIn(DEV1, 1, arp);
        // issue 15 (was: dropped): ARP that another app punts (ONOS's host provider, priority 40000) is
        // bridged to the other port as the base rule would
        assertEquals(DefaultTrafficTreatment.builder().setOutput(P2).build(), ctx.sent);
        assertEquals(1, h.manager.loop().malformedPackets());
        Ethernet lldp = new Ethernet();
        lldp.setEtherType(Ethernet.TYPE_LLDP);
        lldp.setSourceMACAddress("02:00:00:00:00:01");
        lldp.setDestinationMACAddress("01:80:c2:00:00:0e");
        assertNull("link discovery is never bridged", h.packetIn(DEV1, 1, lldp).sent);
        assertNull(h.packetIn(DEV1, 9, Packets.tcp("10.0.1.2", 1, "192.0.2.1", 2)).sent);
        assertNull(h.packetIn(org.onosproject.net.DeviceId.deviceId("of:00000000000000ff"), 1,
                Packets.tcp("10.0.1.2", 1, "192.0.2.1", 2)).sent);
        assertTrue(h.flows.drainLog().isEmpty());
    }

    @Test
    public void aCopiedFrameThatIsNoFlowIsCountedAndNeverSentAgain() {
        h.activate();
        h.flows.drainLog();
        // IPv4/TCP without a parsable TCP header (a non-first fragment, a cut header): the bridge-and-copy rule
        // matched it, so the switch forwarded it; bridging the copy too would duplicate it
        Ethernet fragment = Packets.tcp("192.0.2.10", 80, "10.0.1.2", 40000);
        ((IPv4) fragment.getPayload()).setPayload(new Data(new byte[]{1, 2, 3}));
        Harness.SentPacket ctx = h.packetIn(DEV1, 2, fragment);
        assertNull(ctx.sent);
        assertTrue(ctx.isHandled());
        assertEquals(1, h.manager.loop().malformedPackets());
        assertTrue(h.flows.drainLog().isEmpty());
    }

    @Test
    public void tierChangeOfALiveFlowModifiesItsRuleInPlace() {
        h.activate();
        h.telemetry.occupancy("wifi1", 0.5, 0.5);
        FlowMatch m = tcp("192.0.2.10", 80, "10.0.1.2", 40000);
        h.packetIn(DEV1, 2, Packets.tcp("192.0.2.10", 80, "10.0.1.2", 40000));
        FlowRule t1 = TierRules.flowRule(Harness.APP, h.manager.loop().aps().get("wifi1"), Direction.DOWNLINK, m,
                Tier.TIER1, 10);
        h.flows.setCounters(t1, 123_456, 100, 3);
        h.flows.drainLog();

        h.engine.script = in -> decision(Map.of("wifi1", Map.of(m, Tier.TIER2)), Map.of());
        h.cycle();
        List<FlowRuleOperation> ops = h.flows.drainLog();
        assertEquals(1, ops.size());
        assertEquals(FlowRuleOperation.Type.MODIFY, ops.get(0).type());
        assertEquals(t1.id(), ops.get(0).rule().id());
        FlowEntry now = h.flows.getFlowEntry(t1);
        assertEquals(DefaultTrafficTreatment.builder().writeMetadata(1L, 0xffffffffffffffffL).transition(1).build(),
                now.treatment());
        assertEquals("ONOS stores the modified rule afresh until the next stats poll", 0, now.bytes());
        h.advance(FakeFlowRuleService.FLOW_POLL_MS);
        assertEquals("counters survive the modify (on the switch, seen at the next stats poll)", 123_456,
                h.flows.getFlowEntry(t1).bytes());
        FlowView seen = h.engine.last().flows().get(0);
        assertEquals(Tier.TIER1, seen.tier());

        h.engine.script = in -> decision(Map.of("wifi1", Map.of(m, Tier.TIER1)), Map.of());
        h.cycle();
        ops = h.flows.drainLog();
        assertEquals(1, ops.size());
        assertEquals(FlowRuleOperation.Type.MODIFY, ops.get(0).type());
        assertEquals(DefaultTrafficTreatment.builder().setOutput(P1).build(), h.flows.getFlowEntry(t1).treatment());
        assertEquals(Tier.TIER2, h.engine.last().flows().get(0).tier());

        // a decision equal to the current tier touches nothing
        h.cycle();
        assertTrue(h.flows.drainLog().isEmpty());
    }

    @Test
    public void flowCountersFeedTheCycle() {
        h.activate();
        FlowMatch m = tcp("192.0.2.10", 80, "10.0.1.2", 40000);
        h.packetIn(DEV1, 2, Packets.tcp("192.0.2.10", 80, "10.0.1.2", 40000));
        FlowRule r = TierRules.flowRule(Harness.APP, h.manager.loop().aps().get("wifi1"), Direction.DOWNLINK, m,
                Tier.TIER1, 10);
        h.flows.setCounters(r, 1_000_000, 1000, 2);
        h.cycle();
        FlowView f1 = h.engine.last().flows().get(0);
        assertEquals("ue1", f1.ueId());
        assertEquals(Direction.DOWNLINK, f1.direction());
        assertEquals(4_000_000.0, f1.rateBps(), 1e-6);
        h.flows.setCounters(r, 1_500_000, 1500, 4);
        h.now.addAndGet(2000);
        h.cycle();
        assertEquals(2_000_000.0, h.engine.last().flows().get(0).rateBps(), 1e-6);
        assertEquals(1_500_000, h.engine.last().flows().get(0).bytes());
    }

    @Test
    public void rateStepInstallsExactMeterAndRepointsTheTable1Rule() {
        h.withoutLadder().activate();
        h.telemetry.occupancy("wifi1", 0.9, 0.1);
        h.engine.script = in -> decision(Map.of(), Map.of(new ApDirection("wifi1", Direction.DOWNLINK), 5000L));
        h.flows.drainLog();
        h.cycle();
        h.meterStatsPoll();
        assertEquals(1, h.meters.submitted.size());
        MeterRequest req = h.meters.submitted.get(0);
        assertEquals(DEV1, req.deviceId());
        assertEquals(Meter.Unit.KB_PER_SEC, req.unit());
        assertTrue(req.isBurst());
        assertEquals(1, req.bands().size());
        Band band = req.bands().iterator().next();
        assertEquals(Band.Type.DROP, band.type());
        assertEquals(5000L, band.rate());
        assertEquals(Long.valueOf(500L), band.burst());
        Meter meter = h.meters.meters(DEV1).get(0);
        assertEquals(DefaultTrafficTreatment.builder().meter((MeterId) meter.meterCellId()).setOutput(P1).build(),
                table1(Direction.DOWNLINK).treatment());
        List<FlowRuleOperation> ops = h.flows.drainLog();
        assertEquals(1, ops.size());
        assertEquals(FlowRuleOperation.Type.MODIFY, ops.get(0).type());
        ApRegulationState st = h.store.state("wifi1").orElseThrow();
        assertEquals(5000L, st.limitKbps(Direction.DOWNLINK).getAsLong());
        assertEquals(meter.meterCellId(), MeterId.meterId(st.meterId(Direction.DOWNLINK).getAsLong()));
        assertFalse("the occupancy is the agent's, read each cycle, not stored",
                st.occupancy(Direction.DOWNLINK).isPresent());
        assertFalse(st.limitKbps(Direction.UPLINK).isPresent());
    }

    @Test
    public void rateStepWaitsForMeterAddedAndWithdrawsTheOldMeterLast() {
        h.withoutLadder().activate();
        h.telemetry.occupancy("wifi1", 0.9, 0.1);
        ApDirection dl = new ApDirection("wifi1", Direction.DOWNLINK);
        h.engine.script = in -> decision(Map.of(), Map.of(dl, 8000L));
        h.cycle();
        h.meterStatsPoll();
        MeterId first = (MeterId) h.meters.meters(DEV1).get(0).meterCellId();

        h.meters.autoConfirm = false;
        h.engine.script = in -> decision(Map.of(), Map.of(dl, 4000L));
        h.flows.drainLog();
        h.cycle();
        assertEquals(2, h.meters.meters(DEV1).size());
        assertTrue("no re-point before METER_ADDED", h.flows.drainLog().isEmpty());
        assertEquals(8000L, h.store.state("wifi1").orElseThrow().limitKbps(Direction.DOWNLINK).getAsLong());
        MeterId second = MeterId.meterId(2);
        assertTrue(h.meters.withdrawn.isEmpty());

        // a newer target while the step is in flight waits for it
        h.engine.script = in -> decision(Map.of(), Map.of(dl, 2000L));
        h.cycle();
        assertEquals(2, h.meters.submitted.size());

        // (the next meter is submitted once ONOS has processed the stats reply the withdrawal forced)
        h.meters.confirm(DEV1, second);
        h.settle();
        assertEquals(List.of(first), h.meters.withdrawn.subList(0, 1));
        assertEquals(0, h.meters.withdrawnWhileReferenced);
        assertEquals(3, h.meters.submitted.size());
        MeterId third = MeterId.meterId(3);
        h.meters.confirm(DEV1, third);
        h.settle();
        assertEquals(List.of(first, second), h.meters.withdrawn);
        assertEquals(0, h.meters.withdrawnWhileReferenced);
        assertEquals(DefaultTrafficTreatment.builder().meter(third).setOutput(P1).build(),
                table1(Direction.DOWNLINK).treatment());
        assertEquals(2000L, h.store.state("wifi1").orElseThrow().limitKbps(Direction.DOWNLINK).getAsLong());
        assertEquals(1, h.meters.meters(DEV1).size());
    }

    @Test
    public void missedMeterAddedEventIsRecoveredByPolling() {
        h.withoutLadder().activate();
        h.telemetry.occupancy("wifi1", 0.9, 0.1);
        h.meters.autoConfirm = false;
        h.engine.script = in -> decision(Map.of(), Map.of(new ApDirection("wifi1", Direction.DOWNLINK), 3000L));
        h.cycle();
        ((org.onosproject.net.meter.DefaultMeter) h.meters.meters(DEV1).get(0))
                .setState(org.onosproject.net.meter.MeterState.ADDED);
        h.engine.script = in -> decision(Map.of(), Map.of());
        h.cycle();
        assertEquals(3000L, h.store.state("wifi1").orElseThrow().limitKbps(Direction.DOWNLINK).getAsLong());
    }

    @Test
    public void meterFailingWhileTheSwitchIsUnknownIsRetriedOnceItConnects() {
        h.withoutLadder().activate();
        h.telemetry.occupancy("wifi1", 0.9, 0.1);
        ApDirection dl = new ApDirection("wifi1", Direction.DOWNLINK);
        h.engine.script = in -> decision(Map.of(), Map.of(dl, 5000L));
        h.meters.deviceUnknown = true;
        h.cycle();
        assertEquals(1, h.meters.submitted.size());
        assertFalse(h.store.state("wifi1").map(s -> s.limitKbps(Direction.DOWNLINK).isPresent()).orElse(false));
        h.cycle();
        assertEquals("still unknown: the next cycle retries", 2, h.meters.submitted.size());

        h.meters.deviceUnknown = false; // the switch connects
        h.cycle();
        h.meterStatsPoll();
        assertEquals(3, h.meters.submitted.size());
        ApRegulationState st = h.store.state("wifi1").orElseThrow();
        assertEquals(5000L, st.limitKbps(Direction.DOWNLINK).getAsLong());
        MeterId installed = MeterId.meterId(st.meterId(Direction.DOWNLINK).getAsLong());
        assertEquals(DefaultTrafficTreatment.builder().meter(installed).setOutput(P1).build(),
                table1(Direction.DOWNLINK).treatment());
        assertEquals("the failed requests leave no meter behind", List.of(installed),
                h.meters.meters(DEV1).stream().map(m -> (MeterId) m.meterCellId()).collect(Collectors.toList()));
        h.cycle();
        assertEquals("no further submits once installed", 3, h.meters.submitted.size());
    }

    @Test
    public void meterNeverAddedIsWithdrawnAndRetried() {
        h.withoutLadder().activate();
        h.telemetry.occupancy("wifi1", 0.9, 0.1);
        ApDirection dl = new ApDirection("wifi1", Direction.DOWNLINK);
        h.engine.script = in -> decision(Map.of(), Map.of(dl, 5000L));
        h.meters.dropSilently = true; // no master for the switch yet: ONOS neither installs nor fails it
        h.cycle();
        // 2-s cycles while ONOS's meter-stats polls (every 10 s) never show the meter, up to the timeout
        long waited = 0;
        while (waited + 2000 < MeterStepper.CONFIRM_TIMEOUT_MS) {
            h.advance(2000);
            waited += 2000;
            h.cycle();
            assertEquals("waiting for METER_ADDED, " + waited + " ms", 1, h.meters.submitted.size());
        }
        assertEquals("counted late after two meter-stats polls", 1, h.manager.loop().lateSteps());
        h.meters.dropSilently = false; // the switch connects
        h.advance(2000);
        h.cycle();
        assertEquals("abandoned after CONFIRM_TIMEOUT_MS and submitted again", 2, h.meters.submitted.size());
        assertEquals(List.of(MeterId.meterId(1)), h.meters.withdrawn);
        h.meterStatsPoll();
        ApRegulationState st = h.store.state("wifi1").orElseThrow();
        assertEquals(5000L, st.limitKbps(Direction.DOWNLINK).getAsLong());
        assertEquals(2L, st.meterId(Direction.DOWNLINK).getAsLong());
        assertEquals(1, h.meters.meters(DEV1).size());
    }

    @Test
    public void meterFailureReportedLateStillLetsTheNextCycleRetry() {
        h.withoutLadder().activate();
        h.telemetry.occupancy("wifi1", 0.9, 0.1);
        ApDirection dl = new ApDirection("wifi1", Direction.DOWNLINK);
        h.engine.script = in -> decision(Map.of(), Map.of(dl, 5000L));
        h.meters.autoConfirm = false;
        h.cycle();
        assertEquals(1, h.meters.submitted.size());
        // the store reports the failure of that meter only now (asynchronously, off the loop thread)
        MeterRequest first = h.meters.submitted.get(0);
        first.context().orElseThrow().onError(first, org.onosproject.net.meter.MeterFailReason.UNKNOWN_DEVICE);
        h.manager.loop().settle();
        assertEquals(List.of(MeterId.meterId(1)), h.meters.withdrawn);
        h.meters.autoConfirm = true;
        h.cycle();
        assertEquals(2, h.meters.submitted.size());
        assertEquals(5000L, h.store.state("wifi1").orElseThrow().limitKbps(Direction.DOWNLINK).getAsLong());
    }

    @Test
    public void rateStepWithTenThousandTier2FlowsTouchesOneRule() {
        h.withoutLadder().activate();
        h.telemetry.occupancy("wifi1", 0.9, 0.1);
        ApDirection dl = new ApDirection("wifi1", Direction.DOWNLINK);
        h.engine.script = in -> decision(Map.of(), Map.of(dl, 10_000L));
        h.cycle();
        h.meterStatsPoll();
        int n = 10_000;
        for (int i = 0; i < n; i++) {
            FlowMatch m = tcp("192.0.2." + (i % 250 + 1), 1000 + i / 250, "10.0.1.2", 40000);
            h.flows.applyFlowRules(TierRules.flowRule(Harness.APP, h.manager.loop().aps().get("wifi1"),
                    Direction.DOWNLINK, m, Tier.TIER2, 10));
        }
        assertEquals(n + 6, h.flows.rules(DEV1, 0).size());
        h.flows.drainLog();
        int submitted = h.meters.submitted.size();
        int withdrawn = h.meters.withdrawn.size();

        h.engine.script = in -> decision(Map.of(), Map.of(dl, 5_000L));
        h.cycle();
        h.meterStatsPoll();
        assertEquals(n, h.engine.last().flows().stream().filter(f -> f.tier() == Tier.TIER2).count());
        List<FlowRuleOperation> ops = h.flows.drainLog();
        assertEquals("rule operations of one rate step", 1, ops.size());
        assertEquals(1, ops.get(0).rule().tableId());
        assertEquals(FlowRuleOperation.Type.MODIFY, ops.get(0).type());
        assertEquals(submitted + 1, h.meters.submitted.size());
        assertEquals(withdrawn + 1, h.meters.withdrawn.size());
        assertEquals(0, h.meters.withdrawnWhileReferenced);
        assertEquals(n + 6, h.flows.rules(DEV1, 0).size());
    }

    @Test
    public void noTelemetryChangesNothing() {
        h.activate();
        h.engine.script = in -> decision(Map.of(), Map.of(new ApDirection("wifi1", Direction.DOWNLINK), 5000L));
        h.flows.drainLog();
        h.cycle();
        assertTrue(h.meters.submitted.isEmpty());
        assertTrue(h.flows.drainLog().isEmpty());
        ApView v = h.engine.last().aps().stream().filter(a -> a.spec().id().equals("wifi1")).findFirst()
                .orElseThrow();
        assertTrue(v.occupancy().isEmpty());
    }

    @Test
    public void failOpenLiftsTheLimitAfterTheDelay() {
        h.withoutLadder().activate(OsgiPropertyConstants.INTERVAL_MS, "60000",
                OsgiPropertyConstants.FAIL_OPEN_DELAY_MS, "100000");
        h.telemetry.occupancy("wifi1", 0.9, 0.9);
        h.engine.script = in -> decision(Map.of(), Map.of(new ApDirection("wifi1", Direction.DOWNLINK), 5000L,
                new ApDirection("wifi1", Direction.UPLINK), 7000L));
        h.cycle();
        h.meterStatsPoll();
        assertEquals(2, h.meters.meters(DEV1).size());
        h.telemetry.silence("wifi1", 1);
        h.cycle();
        assertEquals("one missed cycle (60 s) is below the delay (100 s)", 2, h.meters.meters(DEV1).size());
        h.telemetry.silence("wifi1", 2);
        h.cycle();
        assertTrue(h.meters.meters(DEV1).isEmpty());
        assertEquals(0, h.meters.withdrawnWhileReferenced);
        assertEquals(DefaultTrafficTreatment.builder().setOutput(P1).build(), table1(Direction.DOWNLINK).treatment());
        ApRegulationState st = h.store.state("wifi1").orElseThrow();
        assertFalse(st.limitKbps(Direction.DOWNLINK).isPresent());
        assertFalse(st.meterId(Direction.UPLINK).isPresent());
    }

    @Test
    public void onlyTheOwnerRegulatesAndANewOwnerResumesWithTheLastRate() {
        Harness a = h.withoutLadder().activate();
        Harness b = h.peer().activate();
        b.meters.flows = b.flows;
        b.mastership.mastered.clear();
        a.telemetry.occupancy("wifi1", 0.9, 0.9);
        b.telemetry.occupancy("wifi1", 0.9, 0.9);
        ApDirection dl = new ApDirection("wifi1", Direction.DOWNLINK);
        a.engine.script = in -> decision(Map.of(), Map.of(dl, 8000L));
        b.engine.script = in -> decision(Map.of(), Map.of(dl, 1234L));
        b.cycle();
        assertTrue("a non-owner changes nothing", a.meters.submitted.isEmpty());
        a.cycle();
        a.meterStatsPoll();
        MeterId first = (MeterId) a.meters.meters(DEV1).get(0).meterCellId();
        int rules = a.flows.rules(DEV1).size();

        // a leaves the cluster: b owns the domain now (a still masters DEV1: ONOS routes b's rules there)
        a.cluster.remove(a.node);
        a.manager.loop().settle();
        b.manager.loop().settle();
        assertEquals("handover adds no rule", rules, a.flows.rules(DEV1).size());
        assertEquals("handover keeps the meter", List.of(first),
                a.meters.meters(DEV1).stream().map(Meter::meterCellId).collect(Collectors.toList()));
        assertEquals(DefaultTrafficTreatment.builder().meter(first).setOutput(P1).build(),
                table1(Direction.DOWNLINK).treatment());

        a.cycle();
        assertEquals("old owner no longer steps", 1, a.meters.submitted.size());
        b.engine.script = in -> {
            ApView w = in.aps().stream().filter(v -> v.spec().id().equals("wifi1")).findFirst().orElseThrow();
            long last = w.limitKbps().get(Direction.DOWNLINK);
            return decision(Map.of(), Map.of(dl, last / 2));
        };
        b.cycle();
        b.meterStatsPoll();
        assertEquals("new owner halves the last rate", 4000L,
                b.store.state("wifi1").orElseThrow().limitKbps(Direction.DOWNLINK).getAsLong());
        assertEquals(List.of(first), b.meters.withdrawn);
        assertEquals(0, b.meters.withdrawnWhileReferenced);
        b.deactivate();
    }

    @Test
    public void reactivationLeavesNoDuplicatesAndRemovesLeftovers() {
        h.withoutLadder().activate();
        h.telemetry.occupancy("wifi1", 0.9, 0.9);
        h.engine.script = in -> decision(Map.of(), Map.of(new ApDirection("wifi1", Direction.DOWNLINK), 5000L));
        h.packetIn(DEV1, 2, Packets.tcp("192.0.2.10", 80, "10.0.1.2", 40000));
        h.cycle();
        h.meterStatsPoll();
        Set<FlowRule> before = new HashSet<>(h.flows.rules(DEV1));
        List<Meter> metersBefore = h.meters.meters(DEV1);
        h.deactivate();

        // leftovers of an earlier run: a stray rule and a meter nobody references, on DEV1 and on an
        // unconfigured switch
        FlowRule stray = org.onosproject.net.flow.DefaultFlowRule.builder().forDevice(DEV1).forTable(0)
                .withPriority(40000).withSelector(DefaultTrafficSelector.builder().matchInPort(P1).build())
                .withTreatment(DefaultTrafficTreatment.builder().setOutput(P2).build()).makePermanent()
                .fromApp(Harness.APP).build();
        h.flows.applyFlowRules(stray);
        org.onosproject.net.DeviceId old = org.onosproject.net.DeviceId.deviceId("of:00000000000000ff");
        FlowRule foreign = org.onosproject.net.flow.DefaultFlowRule.builder().forDevice(old).forTable(1)
                .withPriority(1000).withSelector(DefaultTrafficSelector.builder().matchMetadata(1L).build())
                .withTreatment(DefaultTrafficTreatment.builder().setOutput(P2).build()).makePermanent()
                .fromApp(Harness.APP).build();
        h.flows.applyFlowRules(foreign);
        h.meters.plant(org.mpsdn.impl.meter.TierTwoMeters.addRequest(Harness.APP, DEV1, 999, 100, null), 50);
        h.meters.plant(org.mpsdn.impl.meter.TierTwoMeters.addRequest(Harness.APP, old, 999, 100, null), 7);
        h.mastership.mastered.add(old);
        h.flows.drainLog();

        h.activate();
        assertEquals(before, new HashSet<>(h.flows.rules(DEV1)));
        assertEquals(metersBefore.stream().map(Meter::meterCellId).collect(Collectors.toList()),
                h.meters.meters(DEV1).stream().map(Meter::meterCellId).collect(Collectors.toList()));
        assertTrue(h.flows.rules(old).isEmpty());
        assertTrue(h.meters.meters(old).isEmpty());
        List<FlowRuleOperation> ops = h.flows.drainLog();
        assertEquals("only the two leftovers are removed: " + ops, 2, ops.size());
        assertTrue(ops.stream().allMatch(o -> o.type() == FlowRuleOperation.Type.REMOVE));

        // a second activation in a row is a no-op
        h.deactivate();
        h.activate();
        assertTrue(h.flows.drainLog().isEmpty());
        assertEquals(before, new HashSet<>(h.flows.rules(DEV1)));
    }

    @Test
    public void staleMeterInTheStoreIsDroppedOnActivation() {
        h.store.putState(ApRegulationState.builder("wifi1", DEV1.toString())
                .limit(Direction.DOWNLINK, 3000, 42).build());
        h.activate();
        assertFalse(h.store.state("wifi1").orElseThrow().meterId(Direction.DOWNLINK).isPresent());
        assertEquals(DefaultTrafficTreatment.builder().setOutput(P1).build(), table1(Direction.DOWNLINK).treatment());
    }

    @Test
    public void deactivateHookRemovesEveryRuleAndMeter() {
        h.withoutLadder().activate();
        h.telemetry.occupancy("wifi1", 0.9, 0.9);
        h.telemetry.occupancy("lte1", 0.9, 0.9);
        h.engine.script = in -> decision(Map.of(), Map.of(new ApDirection("wifi1", Direction.DOWNLINK), 5000L,
                new ApDirection("lte1", Direction.DOWNLINK), 3000L));
        h.packetIn(DEV1, 2, Packets.tcp("192.0.2.10", 80, "10.0.1.2", 40000));
        h.cycle();
        assertEquals(2, h.meters.getAllMeters().size());
        assertNotNull(h.deactivateHook);
        h.deactivateHook.run();
        assertEquals(0, h.flows.getFlowRuleCount());
        // nothing comes back between the hook and the component's deactivation
        h.packetIn(DEV1, 2, Packets.tcp("192.0.2.10", 80, "10.0.1.2", 40001));
        h.cycle();
        h.mastership.setMaster(DEV1, true);
        h.manager.loop().settle();
        h.deactivate();
        assertEquals(0, h.flows.getFlowRuleCount());
        assertTrue(h.meters.getAllMeters().isEmpty());
        assertTrue(h.store.states().isEmpty());
    }

    @Test
    public void configUpdateRetiresARemovedAp() {
        h.withoutLadder().activate();
        h.telemetry.occupancy("lte1", 0.9, 0.9);
        h.engine.script = in -> decision(Map.of(), Map.of(new ApDirection("lte1", Direction.DOWNLINK), 3000L));
        h.cycle();
        assertEquals(1, h.meters.meters(DEV2).size());
        h.netcfg.set(Harness.APP, "{\"aps\": [{\"id\": \"wifi1\", \"kind\": \"wifi\","
                + " \"deviceId\": \"of:0000000000000001\", \"apPort\": 1, \"uplinkPort\": 2,"
                + " \"capacityKbps\": 54000, \"agent\": \"10.0.0.1:50051\"}]}");
        h.manager.loop().settle();
        assertTrue(h.flows.rules(DEV2).isEmpty());
        assertTrue(h.meters.meters(DEV2).isEmpty());
        assertFalse(h.store.state("lte1").isPresent());
        assertEquals(Set.of("wifi1"), h.manager.loop().aps().keySet());
    }

    @Test
    public void invalidConfigUpdateIsNotApplied() {
        h.activate();
        int rules = h.flows.getFlowRuleCount();
        h.netcfg.set(Harness.APP, "{\"aps\": [{\"id\": \"wifi1\", \"kind\": \"wifi\","
                + " \"deviceId\": \"of:0000000000000001\", \"apPort\": 1, \"uplinkPort\": 1,"
                + " \"capacityKbps\": 54000, \"agent\": \"10.0.0.1:50051\"}]}");
        h.manager.loop().settle();
        assertEquals(Set.of("wifi1", "lte1"), h.manager.loop().aps().keySet());
        assertEquals(rules, h.flows.getFlowRuleCount());
    }

    @Test
    public void modifiedPropertiesTakeEffectAtTheNextFlowAndCycle() {
        h.activate();
        h.manager.reconfigure(Harness.props(OsgiPropertyConstants.FLOW_IDLE_TIMEOUT_SEC, "30",
                OsgiPropertyConstants.CTH, "0.7", OsgiPropertyConstants.ALPHA, "1.5",
                OsgiPropertyConstants.DEADLOCK_BREAKER, "baseline"));
        h.packetIn(DEV1, 2, Packets.tcp("192.0.2.10", 80, "10.0.1.2", 40000));
        FlowEntry e = h.flows.rules(DEV1, 0).stream().filter(r -> r.priority() == 40000).findFirst()
                .orElseThrow();
        assertEquals(30, e.timeout());
        h.cycle();
        assertEquals(0.7, h.engine.last().params().cth(), 0.0);
        assertEquals("invalid alpha keeps the previous value", 0.5, h.engine.last().params().alpha(), 0.0);
        assertEquals("baseline", h.engine.last().params().deadlockBreaker());
    }

    @Test
    public void primariesOfTheOwnedDomainsAreStored() {
        h.netcfg.config = FakeConfigRegistry.parse(Harness.APP, Harness.CONFIG.replace("\"id\": \"lte1\",",
                "\"id\": \"lte1\", \"domain\": \"east\","));
        h.cluster.leadership(NodeId.nodeId("other")).runForLeadership(DomainOwnership.topic("east"));
        h.activate();
        h.engine.script = in -> new EngineDecision(Map.of(), Map.of(), Map.of("ue1", "wifi1", "ue2", "lte1"));
        h.cycle();
        Map<String, String> expected = new HashMap<>();
        expected.put("ue1", "wifi1");
        assertEquals(expected, h.store.primaries());
    }

    @Test
    public void theRealCoreTiersTheSecondarySubflowAndMetersTheCongestedAp() {
        h.realCore = true;
        h.withoutLadder().activate();
        h.telemetry.report("wifi1", 0.3, 0.1, List.of(new org.mpsdn.api.telemetry.StationTelemetry(
                "02:00:00:00:01:02", List.of("10.0.1.2"), -40, 54_000_000, 54_000_000, 0, 0, 0)));
        h.telemetry.report("lte1", 0.9, 0.1, List.of(new org.mpsdn.api.telemetry.StationTelemetry(
                "02:00:00:00:02:02", List.of("10.0.2.2"), -100, 5_000_000, 5_000_000, 0, 0, 0)));
        h.packetIn(DEV1, 2, Packets.tcp("192.0.2.10", 80, "10.0.1.2", 40000));
        h.packetIn(DEV2, 4, Packets.tcp("192.0.2.10", 80, "10.0.2.2", 40001));
        FlowRule wifiRule = TierRules.flowRule(Harness.APP, h.manager.loop().aps().get("wifi1"), Direction.DOWNLINK,
                tcp("192.0.2.10", 80, "10.0.1.2", 40000), Tier.TIER1, 10);
        FlowRule lteRule = TierRules.flowRule(Harness.APP, h.manager.loop().aps().get("lte1"), Direction.DOWNLINK,
                tcp("192.0.2.10", 80, "10.0.2.2", 40001), Tier.TIER1, 10);
        h.flows.setCounters(wifiRule, 15_000_000, 10_000, 2);
        h.flows.setCounters(lteRule, 15_000_000, 10_000, 2);
        h.cycle();
        h.meterStatsPoll();
        assertEquals(DefaultTrafficTreatment.builder().setOutput(P1).build(),
                h.flows.getFlowEntry(wifiRule).treatment());
        assertEquals(DefaultTrafficTreatment.builder().writeMetadata(1L, 0xffffffffffffffffL).transition(1).build(),
                h.flows.getFlowEntry(lteRule).treatment());
        assertEquals(Map.of("ue1", "wifi1"), h.store.primaries());
        List<Meter> lteMeters = h.meters.meters(DEV2);
        assertEquals(1, lteMeters.size());
        assertEquals(100L, lteMeters.get(0).bands().iterator().next().rate());
        assertEquals(100L, h.store.state("lte1").orElseThrow().limitKbps(Direction.DOWNLINK).getAsLong());
    }

    @Test
    public void tier2InAnUnregulatedDirectionStaysATier1RuleWithoutChurn() {
        h.activate();
        FlowMatch up = tcp("10.0.2.2", 5000, "192.0.2.10", 80);
        h.packetIn(DEV2, 3, Packets.tcp("10.0.2.2", 5000, "192.0.2.10", 80));
        h.flows.drainLog();
        h.engine.script = in -> decision(Map.of("lte1", Map.of(up, Tier.TIER2)), Map.of());
        h.cycle();
        h.cycle();
        assertTrue(h.flows.drainLog().isEmpty());
        FlowEntry e = h.flows.rules(DEV2, 0).stream().filter(r -> r.priority() == 40000).findFirst().orElseThrow();
        assertEquals(DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(4)).build(), e.treatment());
    }
}
