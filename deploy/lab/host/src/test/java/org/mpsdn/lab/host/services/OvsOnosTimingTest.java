package org.mpsdn.lab.host.services;

import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;
import org.mpsdn.lab.host.openflow.OfSwitchServer;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.meter.Band;
import org.onosproject.net.meter.DefaultBand;
import org.onosproject.net.meter.DefaultMeterRequest;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterEvent;
import org.onosproject.net.meter.MeterId;
import org.onosproject.net.meter.MeterRequest;
import org.onosproject.net.meter.MeterState;

import java.net.InetAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.lab.host.services.OvsTestSupport.OFCTL;
import static org.mpsdn.lab.host.services.OvsTestSupport.sh;
import static org.mpsdn.lab.host.services.OvsTestSupport.waitFor;

/**
 * The southbound with ONOS 2.7.0 timing against a real Open vSwitch bridge: OFPFC_MODIFY keeps the switch's
 * counters while the store reports 0 until the next poll, a temporary rule has no idle timeout on the switch
 * and is removed from statistics, a meter is ADDED only by a meter-statistics reply. Statistics are polled
 * by the test (the periods are ONOS's; the scheduler only calls the same polls). Root and openvswitch-switch;
 * run by deploy/run-tests.sh with -Plab-ovs.
 */
public class OvsOnosTimingTest {

    private static final String BR = "mpsdnt1";
    private static final ApplicationId APP = new DefaultApplicationId(9, "org.mpsdn.lab.onostiming");
    private static boolean startedOvs;
    private static OfSwitchServer server;
    private static OpenFlowSouthbound sb;
    private static DeviceId dev;

    @BeforeClass
    public static void setUp() throws Exception {
        startedOvs = OvsTestSupport.startOvs();
        sb = new OpenFlowSouthbound(SouthboundTiming.onos(3));
        server = new OfSwitchServer(InetAddress.getLoopbackAddress(), 0, sb);
        server.start();
        OvsTestSupport.bridge(BR, "00000000000000a2", server);
        dev = DeviceId.deviceId("of:00000000000000a2");
        waitFor("device " + dev, () -> sb.deviceService().isAvailable(dev));
    }

    @AfterClass
    public static void tearDown() throws Exception {
        OvsTestSupport.deleteBridge(BR);
        if (server != null) {
            server.close();
        }
        if (sb != null) {
            sb.stop();
        }
        if (startedOvs) {
            OvsTestSupport.stopOvs();
        }
    }

    private static FlowRule rule(int priority, TrafficTreatment t, int timeoutSec) {
        FlowRule.Builder b = DefaultFlowRule.builder().forDevice(dev).fromApp(APP).withPriority(priority)
                .withSelector(DefaultTrafficSelector.builder().matchInPort(PortNumber.portNumber(1))
                                      .matchEthType(OvsTestSupport.TEST_ETHER_TYPE).build())
                .withTreatment(t);
        return (timeoutSec > 0 ? b.makeTemporary(timeoutSec) : b.makePermanent()).build();
    }

    private static long switchPackets(int priority) throws Exception {
        Matcher m = Pattern.compile("n_packets=(\\d+).*priority=" + priority + "\\b")
                .matcher(sh(OFCTL + "dump-flows " + BR));
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }

    @Test
    public void modifyKeepsSwitchCountersWhileTheStoreReportsZeroUntilThePoll() throws Exception {
        FlowRule drop = rule(30000, DefaultTrafficTreatment.builder().build(), 0);
        sb.flowRuleService().applyFlowRules(drop);
        waitFor("rule on the switch", () -> {
            try {
                return switchPackets(30000) >= 0;
            } catch (Exception e) {
                return false;
            }
        });
        OvsTestSupport.inject(BR, 5);
        waitFor("5 packets counted", () -> {
            try {
                return switchPackets(30000) >= 5;
            } catch (Exception e) {
                return false;
            }
        });
        sb.pollFlowStats();
        FlowEntry e = sb.flowRuleService().getFlowEntry(drop);
        assertEquals(FlowEntry.FlowEntryState.ADDED, e.state());
        assertTrue(e.packets() >= 5);
        long before = e.packets();

        FlowRule tagged = rule(30000, DefaultTrafficTreatment.builder().writeMetadata(5L, 0xffL).build(), 0);
        sb.flowRuleService().apply(FlowRuleOperations.builder().modify(tagged).build());
        e = sb.flowRuleService().getFlowEntry(drop);
        assertEquals(FlowEntry.FlowEntryState.PENDING_ADD, e.state());
        assertEquals(0, e.packets());
        waitFor("modified on the switch", () -> {
            try {
                return sh(OFCTL + "dump-flows " + BR).contains("write_metadata:0x5/0xff");
            } catch (Exception ex) {
                return false;
            }
        });
        assertEquals("OFPFC_MODIFY keeps the switch's counters", before, switchPackets(30000));
        sb.pollFlowStats();
        assertEquals(before, sb.flowRuleService().getFlowEntry(drop).packets());
        assertEquals(FlowEntry.FlowEntryState.ADDED, sb.flowRuleService().getFlowEntry(drop).state());
        sb.flowRuleService().removeFlowRules(tagged);
        waitFor("removed", () -> sb.flowRuleService().getFlowEntry(drop) == null);
    }

    @Test
    public void temporaryRuleHasNoSwitchIdleTimeoutAndIsRemovedFromStatistics() throws Exception {
        FlowRule idle = rule(20000, DefaultTrafficTreatment.builder().build(), 1);
        sb.flowRuleService().applyFlowRules(idle);
        waitFor("rule on the switch", () -> {
            try {
                return switchPackets(20000) >= 0;
            } catch (Exception e) {
                return false;
            }
        });
        assertFalse(sh(OFCTL + "dump-flows " + BR).contains("idle_timeout"));
        sb.pollFlowStats();
        assertEquals(FlowEntry.FlowEntryState.ADDED, sb.flowRuleService().getFlowEntry(idle).state());
        Thread.sleep(2100);
        assertTrue("still on the switch: only ONOS expires it", switchPackets(20000) >= 0);
        sb.pollFlowStats();
        waitFor("soft timeout: removed after the poll", () -> sb.flowRuleService().getFlowEntry(idle) == null);
        assertEquals(-1, switchPackets(20000));
    }

    @Test
    public void meterIsAddedOnlyByAMeterStatsReply() throws Exception {
        List<MeterEvent> events = new CopyOnWriteArrayList<>();
        sb.meterService().addListener(events::add);
        MeterRequest.Builder req = DefaultMeterRequest.builder().forDevice(dev).fromApp(APP)
                .withUnit(Meter.Unit.KB_PER_SEC)
                .withBands(List.of(DefaultBand.builder().ofType(Band.Type.DROP).withRate(800).build()));
        Meter m = sb.meterService().submit(req.add());
        waitFor("meter on the switch", () -> {
            try {
                return sh(OFCTL + "dump-meters " + BR).contains("meter=" + m.id().id() + " ");
            } catch (Exception e) {
                return false;
            }
        });
        assertEquals(MeterState.PENDING_ADD, sb.meterService().getMeter(dev, m.id()).state());
        assertTrue(events.isEmpty());
        sb.pollMeterStats();
        assertEquals(MeterState.ADDED, sb.meterService().getMeter(dev, m.id()).state());
        assertEquals(MeterEvent.Type.METER_ADDED, events.get(0).type());
        sb.meterService().withdraw(req.remove(), MeterId.meterId(m.id().id()));
        waitFor("METER_REMOVED after the forced statistics request",
                () -> events.stream().anyMatch(e -> e.type() == MeterEvent.Type.METER_REMOVED));
        assertFalse(sh(OFCTL + "dump-meters " + BR).contains("meter=" + m.id().id() + " "));
    }
}
