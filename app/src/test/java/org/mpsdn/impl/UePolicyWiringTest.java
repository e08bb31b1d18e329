package org.mpsdn.impl;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.IntentState;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.MultipathMode;
import org.mpsdn.api.telemetry.StationTelemetry;
import org.mpsdn.impl.decide.CoreRegulationEngine;
import org.mpsdn.impl.flow.FlowMatch;
import org.mpsdn.impl.flow.TierRules;
import org.mpsdn.impl.northbound.IntentBook;
import org.mpsdn.impl.uepolicy.UeIntentInstaller;
import org.onlab.junit.TestUtils;
import org.onlab.packet.IPv4;
import org.onlab.packet.Ip4Address;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.TrafficTreatment;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.mpsdn.impl.Harness.DEV1;
import static org.mpsdn.impl.Harness.DEV2;

/**
 * Multipath-policy intents through the real loop: intent book, installer, regulation manager
 * with the pure core, ONOS adapters.
 */
public class UePolicyWiringTest {
    private static final TrafficTreatment WIFI_TIER1 =
            DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(1)).build();
    private static final TrafficTreatment LTE_TIER1 =
            DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(3)).build();
    private static final TrafficTreatment DOWNLINK_TIER2 =
            DefaultTrafficTreatment.builder().writeMetadata(1L, 0xffffffffffffffffL).transition(1).build();

    private Harness h;
    private IntentBook book;
    private UeIntentInstaller installer;
    private FlowRule wifiRule;
    private FlowRule lteRule;

    @Before
    public void setUp() {
        h = new Harness().master(DEV1, DEV2);
        h.meters.flows = h.flows;
        h.realCore = true;
        h.activate();
        book = new IntentBook(h.now::get);
        installer = new UeIntentInstaller();
        Supplier<Collection<MpsdnIntent>> all = () -> book.all();
        TestUtils.setField(installer, "intents", all);
        TestUtils.callMethod(installer, "activate", new Class<?>[]{});
        book.addInstaller(installer);
        h.manager.policySource = installer;
        wifiRule = TierRules.flowRule(Harness.APP, h.manager.loop().aps().get("wifi1"), Direction.DOWNLINK,
                tcp("10.0.1.2", 40000), Tier.TIER1, 10);
        lteRule = TierRules.flowRule(Harness.APP, h.manager.loop().aps().get("lte1"), Direction.DOWNLINK,
                tcp("10.0.2.2", 40001), Tier.TIER1, 10);
    }

    @After
    public void tearDown() {
        h.deactivate();
    }

    private static FlowMatch tcp(String dst, int dp) {
        return new FlowMatch(IPv4.PROTOCOL_TCP, Ip4Address.valueOf("192.0.2.10"), 80, Ip4Address.valueOf(dst), dp);
    }

    private void wifiConnected(boolean connected) {
        h.telemetry.report("wifi1", 0.3, 0.1, connected ? List.of(new StationTelemetry(
                "02:00:00:00:01:02", List.of("10.0.1.2"), -40, 54_000_000, 54_000_000, 0, 0, 0)) : List.of());
        if (connected) {
            h.packetIn(DEV1, 2, Packets.tcp("192.0.2.10", 80, "10.0.1.2", 40000));
            h.flows.setCounters(wifiRule, 15_000_000, 10_000, 2);
        }
    }

    /** UE1 on a strong Wi-Fi and a weak, congested LTE cell: by default its LTE subflow is Tier 2. */
    private void bothConnected() {
        wifiConnected(true);
        lteConnected();
    }

    private void lteConnected() {
        h.telemetry.report("lte1", 0.9, 0.1, List.of(new StationTelemetry(
                "02:00:00:00:02:02", List.of("10.0.2.2"), -100, 5_000_000, 5_000_000, 0, 0, 0)));
        h.packetIn(DEV2, 4, Packets.tcp("192.0.2.10", 80, "10.0.2.2", 40001));
        h.flows.setCounters(lteRule, 15_000_000, 10_000, 2);
    }

    private MpsdnIntent submit(String id, MultipathMode mode, String apId) {
        return book.submit(MpsdnIntent.builder().id(id).kind(IntentKind.MULTIPATH_POLICY).target("ue1")
                .mode(mode).apId(apId).build());
    }

    private IntentState state(String id) {
        return book.get(id).orElseThrow().state();
    }

    @Test
    public void exemptUeLosesTheMeterOfItsSecondaryFlowOnceTheCycleRan() {
        bothConnected();
        h.cycle();
        assertEquals(DOWNLINK_TIER2, h.flows.getFlowEntry(lteRule).treatment());

        submit("x1", MultipathMode.EXEMPT, null);
        assertEquals(IntentState.PENDING, state("x1"));
        h.cycle();
        assertEquals(IntentState.INSTALLED, state("x1"));
        assertEquals(LTE_TIER1, h.flows.getFlowEntry(lteRule).treatment());
        assertEquals(WIFI_TIER1, h.flows.getFlowEntry(wifiRule).treatment());
        assertTrue(h.manager.managedFlows().stream().allMatch(f -> f.tier() == Tier.TIER1));

        // withdrawn: back to the default at the next cycle
        assertTrue(book.withdraw("x1"));
        h.cycle();
        assertEquals(DOWNLINK_TIER2, h.flows.getFlowEntry(lteRule).treatment());
    }

    @Test
    public void pinnedPrimaryMovesTheMeterToTheOtherConnection() {
        bothConnected();
        h.cycle();
        assertEquals(Map.of("ue1", "wifi1"), h.store.primaries());

        submit("p1", MultipathMode.PIN_PRIMARY, "lte1");
        h.cycle();
        assertEquals(IntentState.INSTALLED, state("p1"));
        assertEquals(Map.of("ue1", "lte1"), h.store.primaries());
        assertEquals(LTE_TIER1, h.flows.getFlowEntry(lteRule).treatment());
        assertEquals(DOWNLINK_TIER2, h.flows.getFlowEntry(wifiRule).treatment());
    }

    @Test
    public void pinWithoutAConnectionFailsUntilTheConnectionAppears() {
        lteConnected();
        wifiConnected(false);
        h.cycle();
        submit("p1", MultipathMode.PIN_PRIMARY, "wifi1");
        h.cycle();
        MpsdnIntent failed = book.get("p1").orElseThrow();
        assertEquals(IntentState.FAILED, failed.state());
        assertEquals("UE ue1 has no connection to AP wifi1 (connected to [lte1])", failed.reason());
        assertEquals(LTE_TIER1, h.flows.getFlowEntry(lteRule).treatment());

        wifiConnected(true);
        h.cycle();
        MpsdnIntent installed = book.get("p1").orElseThrow();
        assertEquals(IntentState.INSTALLED, installed.state());
        assertEquals("", installed.reason());
        assertEquals(failed.version(), installed.version());
        assertEquals(Map.of("ue1", "wifi1"), h.store.primaries());
        assertEquals(WIFI_TIER1, h.flows.getFlowEntry(wifiRule).treatment());
        assertEquals(DOWNLINK_TIER2, h.flows.getFlowEntry(lteRule).treatment());

        // the Wi-Fi connection goes again: FAILED with the reason, the UE regulated by default
        h.telemetry.report("wifi1", 0.3, 0.1, List.of());
        h.flows.removeFlowRules(wifiRule);
        h.cycle();
        assertEquals(IntentState.FAILED, state("p1"));
    }

    @Test
    public void aFailedCycleAcknowledgesNothingAndTheNextOneDoes() {
        bothConnected();
        h.manager.engine = in -> {
            throw new IllegalStateException("engine broke");
        };
        submit("x1", MultipathMode.EXEMPT, null);
        try {
            h.cycle();
            fail("the cycle should have failed");
        } catch (IllegalStateException e) {
            assertEquals("engine broke", e.getCause().getCause().getMessage());
        }
        assertEquals(IntentState.PENDING, state("x1"));
        h.manager.engine = new CoreRegulationEngine();
        h.cycle();
        assertEquals(IntentState.INSTALLED, state("x1"));
        assertEquals(LTE_TIER1, h.flows.getFlowEntry(lteRule).treatment());
    }

    @Test
    public void noCycleNoAcknowledgement() {
        bothConnected();
        h.manager.policySource = null;
        submit("x1", MultipathMode.EXEMPT, null);
        h.cycle();
        assertEquals(IntentState.PENDING, state("x1"));
        assertEquals(DOWNLINK_TIER2, h.flows.getFlowEntry(lteRule).treatment());
    }
}
