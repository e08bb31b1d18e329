package org.mpsdn.lab.host.services;

import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;
import org.mpsdn.lab.host.openflow.OfSwitchServer;
import org.onlab.packet.Ip4Prefix;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.meter.Band;
import org.onosproject.net.meter.DefaultBand;
import org.onosproject.net.meter.DefaultMeterRequest;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterEvent;
import org.onosproject.net.meter.MeterId;
import org.onosproject.net.meter.MeterRequest;

import java.net.InetAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.lab.host.services.OvsTestSupport.OFCTL;
import static org.mpsdn.lab.host.services.OvsTestSupport.sh;
import static org.mpsdn.lab.host.services.OvsTestSupport.waitFor;

/**
 * The OpenFlow southbound with the lab's fast timing against a real Open vSwitch bridge (userspace datapath,
 * OpenFlow 1.3).
 * Needs root and the openvswitch-switch package; run by deploy/run-tests.sh with -Plab-ovs.
 */
public class OvsSouthboundTest {

    private static final String BR = "mpsdnt0";
    private static boolean startedOvs;
    private static OfSwitchServer server;
    private static OpenFlowSouthbound sb;
    private static DeviceId dev;

    @BeforeClass
    public static void setUp() throws Exception {
        startedOvs = OvsTestSupport.startOvs();
        // the lab's fast timing (idle timeouts on the switch, barrier-confirmed meters, 200-ms statistics);
        // OvsOnosTimingTest checks ONOS 2.7.0's timing on a real switch
        sb = new OpenFlowSouthbound(SouthboundTiming.fast(200, false));
        server = new OfSwitchServer(InetAddress.getLoopbackAddress(), 0, sb);
        server.start();
        OvsTestSupport.bridge(BR, "00000000000000a1", server);
        dev = DeviceId.deviceId("of:00000000000000a1");
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

    /**
     * A restarted controller must not inherit stale state: rules and meters installed by a previous
     * lab host are wiped when the switch connects to the new one.
     */
    @Test
    public void restartedControllerWipesStaleRulesAndMeters() throws Exception {
        ApplicationId app = new DefaultApplicationId(8, "org.mpsdn.lab.restart");
        MeterRequest req = DefaultMeterRequest.builder().forDevice(dev).fromApp(app)
                .withUnit(Meter.Unit.KB_PER_SEC)
                .withBands(List.of(DefaultBand.builder().ofType(Band.Type.DROP).withRate(700).build()))
                .add();
        Meter m = sb.meterService().submit(req);
        FlowRule r = DefaultFlowRule.builder().forDevice(dev).fromApp(app).withPriority(30000).makePermanent()
                .withSelector(DefaultTrafficSelector.builder().matchInPort(PortNumber.portNumber(1)).build())
                .withTreatment(DefaultTrafficTreatment.builder().meter(m.id())
                                       .setOutput(PortNumber.portNumber(1)).build())
                .build();
        sb.flowRuleService().applyFlowRules(r);
        waitFor("stale flow and meter on the switch", () -> {
            try {
                return sh(OFCTL + "dump-flows " + BR).contains("priority=30000")
                        && sh(OFCTL + "dump-meters " + BR).contains("rate=700");
            } catch (Exception e) {
                return false;
            }
        });
        // restart: a new southbound on a new port, the switch moves over
        OpenFlowSouthbound fresh = new OpenFlowSouthbound(SouthboundTiming.fast(1000, false));
        try (OfSwitchServer second = new OfSwitchServer(InetAddress.getLoopbackAddress(), 0, fresh)) {
            second.start();
            sh("ovs-vsctl set-controller " + BR + " tcp:127.0.0.1:" + second.port());
            waitFor("device on the restarted controller", () -> fresh.deviceService().isAvailable(dev));
            waitFor("stale state wiped", () -> {
                try {
                    return !sh(OFCTL + "dump-flows " + BR).contains("priority=30000")
                            && !sh(OFCTL + "dump-meters " + BR).contains("rate=700");
                } catch (Exception e) {
                    return false;
                }
            });
            assertEquals(0, fresh.flowRuleService().getFlowRuleCount());
            assertTrue(fresh.meterService().getAllMeters().isEmpty());
        } finally {
            fresh.stop();
            // the first controller keeps r in its store and would re-push it on reconnect, as ONOS does
            sb.flowRuleService().removeFlowRules(r);
            sh("ovs-vsctl set-controller " + BR + " tcp:127.0.0.1:" + server.port());
            waitFor("device back on the first controller", () -> sb.deviceService().isAvailable(dev));
        }
    }

    @Test
    public void deviceAndPortsComeFromHandshake() {
        assertEquals(1, sb.deviceService().getDeviceCount());
        assertTrue(sb.deviceService().getPorts(dev).stream()
                           .anyMatch(p -> p.number().toLong() == 1 && p.number().name().equals(BR + "a")));
    }

    @Test
    public void flowAndMeterReachTheSwitchAndComeBack() throws Exception {
        ApplicationId app = new DefaultApplicationId(7, "org.mpsdn.lab.test");
        List<MeterEvent> events = new CopyOnWriteArrayList<>();
        sb.meterService().addListener(events::add);

        MeterRequest req = DefaultMeterRequest.builder().forDevice(dev).fromApp(app)
                .withUnit(Meter.Unit.KB_PER_SEC).burst()
                .withBands(List.of(DefaultBand.builder().ofType(Band.Type.DROP).withRate(5000).burstSize(500)
                                           .build()))
                .add();
        Meter m = sb.meterService().submit(req);
        waitFor("METER_ADDED", () -> events.stream().anyMatch(e -> e.type() == MeterEvent.Type.METER_ADDED));
        String meters = sh(OFCTL + "dump-meters " + BR);
        assertTrue(meters, meters.contains("meter=" + m.id().id() + " kbps burst stats bands="));
        assertTrue(meters, meters.contains("type=drop rate=5000 burst_size=500"));

        FlowRule tier2 = DefaultFlowRule.builder().forDevice(dev).fromApp(app).withPriority(40000)
                .forTable(0).withIdleTimeout(30)
                .withSelector(DefaultTrafficSelector.builder().matchEthType((short) 0x0800)
                                      .matchIPProtocol((byte) 6).matchIPDst(Ip4Prefix.valueOf("10.0.1.3/32"))
                                      .matchTcpDst(org.onlab.packet.TpPort.tpPort(5201)).build())
                .withTreatment(DefaultTrafficTreatment.builder().meter(m.id()).writeMetadata(2L, 0xffL)
                                       .transition(1).build())
                .build();
        FlowRule out = DefaultFlowRule.builder().forDevice(dev).fromApp(app).withPriority(10).forTable(1)
                .makePermanent().withSelector(DefaultTrafficSelector.builder().build())
                .withTreatment(DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(1)).build())
                .build();
        sb.flowRuleService().applyFlowRules(tier2, out);
        String flows = sh(OFCTL + "dump-flows " + BR);
        waitFor("flows on switch", () -> {
            try {
                return sh(OFCTL + "dump-flows " + BR).contains("goto_table:1");
            } catch (Exception e) {
                return false;
            }
        });
        flows = sh(OFCTL + "dump-flows " + BR);
        assertTrue(flows, flows.contains(String.format("cookie=0x%x", tier2.id().value())));
        assertTrue(flows, flows.contains("idle_timeout=30"));
        assertTrue(flows, flows.contains("priority=40000,tcp,nw_dst=10.0.1.3,tp_dst=5201"));
        assertTrue(flows, flows.contains("meter:" + m.id().id() + ",write_metadata:0x2/0xff,goto_table:1"));
        assertTrue(flows, flows.contains("table=1, ") && flows.contains("actions=output:1"));

        sb.startStats();
        waitFor("flow stats readback", () -> sb.flowRuleService().getFlowEntry(tier2) != null
                && sb.flowRuleService().getFlowEntry(tier2).state() == FlowEntry.FlowEntryState.ADDED);

        sb.flowRuleService().removeFlowRules(tier2, out);
        sb.meterService().withdraw(req, MeterId.meterId(m.id().id()));
        waitFor("METER_REMOVED", () -> events.stream().anyMatch(e -> e.type() == MeterEvent.Type.METER_REMOVED));
        assertTrue(sh(OFCTL + "dump-meters " + BR).lines().noneMatch(l -> l.contains("meter=")));
        assertTrue(sh(OFCTL + "dump-flows " + BR).lines().noneMatch(l -> l.contains("cookie=")));
    }
}
