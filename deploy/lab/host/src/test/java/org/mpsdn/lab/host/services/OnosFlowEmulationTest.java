package org.mpsdn.lab.host.services;

import org.junit.Before;
import org.junit.Test;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleEvent;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleOperationsContext;
import org.projectfloodlight.openflow.protocol.OFFlowAdd;
import org.projectfloodlight.openflow.protocol.OFFlowDeleteStrict;
import org.projectfloodlight.openflow.protocol.OFFlowMod;
import org.projectfloodlight.openflow.protocol.OFFlowModify;
import org.projectfloodlight.openflow.protocol.OFFlowRemoved;
import org.projectfloodlight.openflow.protocol.OFFlowRemovedReason;
import org.projectfloodlight.openflow.protocol.OFMessage;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/**
 * The lab's flow rule service under ONOS 2.7.0 timing, against a simulated switch: counters zeroed by
 * add/modify until the next poll, non-strict modify, shuffled stages run one after the other, soft
 * timeouts from statistics, re-install on a switch FLOW_REMOVED, missing and extraneous flows.
 */
public class OnosFlowEmulationTest {

    private static final DeviceId DEV = DeviceId.deviceId("of:00000000000000a1");
    private static final DefaultApplicationId APP = new DefaultApplicationId(7, "org.mpsdn.test");

    private final AtomicLong clock = new AtomicLong(1_000_000);
    private SimulatedSwitch sw;
    private LabFlowRuleService flows;
    private final List<FlowRuleEvent> events = new ArrayList<>();

    @Before
    public void setUp() {
        sw = new SimulatedSwitch(DEV);
        flows = service(SouthboundTiming.onos(42));
    }

    private LabFlowRuleService service(SouthboundTiming timing) {
        LabFlowRuleService s = new LabFlowRuleService(d -> d.equals(DEV) ? sw : null, timing, clock::get);
        s.addListener(events::add);
        return s;
    }

    private static FlowRule rule(int inPort, int outPort, int priority) {
        return DefaultFlowRule.builder().forDevice(DEV).fromApp(APP).withPriority(priority).makePermanent()
                .withSelector(DefaultTrafficSelector.builder().matchInPort(PortNumber.portNumber(inPort)).build())
                .withTreatment(DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(outPort)).build())
                .build();
    }

    private static FlowRule temporary(int inPort, int timeoutSec) {
        return DefaultFlowRule.builder().forDevice(DEV).fromApp(APP).withPriority(40000).makeTemporary(timeoutSec)
                .withSelector(DefaultTrafficSelector.builder().matchInPort(PortNumber.portNumber(inPort)).build())
                .withTreatment(DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(2)).build())
                .build();
    }

    private void poll() {
        flows.updateStats(DEV, sw.flowStats());
    }

    private void deliverFlowRemoved() {
        List<OFFlowRemoved> msgs = new ArrayList<>(sw.flowRemoved);
        sw.flowRemoved.clear();
        msgs.forEach(m -> flows.flowRemoved(DEV, m));
    }

    private List<FlowRuleEvent.Type> eventTypes() {
        return events.stream().map(FlowRuleEvent::type).collect(Collectors.toList());
    }

    @Test
    public void modifyZeroesStoredCountersUntilTheNextPollWhileTheSwitchKeepsThem() {
        FlowRule r = rule(1, 2, 30000);
        flows.applyFlowRules(r);
        assertEquals(FlowEntry.FlowEntryState.PENDING_ADD, flows.getFlowEntry(r).state());
        sw.traffic(r, 1000, 10);
        poll();
        assertEquals(FlowEntry.FlowEntryState.ADDED, flows.getFlowEntry(r).state());
        assertEquals(1000, flows.getFlowEntry(r).bytes());

        FlowRule moved = rule(1, 3, 30000);
        assertEquals(r.id(), moved.id());
        flows.apply(FlowRuleOperations.builder().modify(moved).build());
        FlowEntry e = flows.getFlowEntry(r);
        assertEquals(FlowEntry.FlowEntryState.PENDING_ADD, e.state());
        assertEquals(0, e.bytes());
        assertEquals(0, e.packets());
        assertEquals(0, e.life());
        assertEquals(moved.treatment(), e.treatment());
        List<OFMessage> mods = sw.sentOf(OFFlowMod.class);
        assertTrue("MODIFY is sent as non-strict OFPFC_MODIFY", mods.get(mods.size() - 1) instanceof OFFlowModify);
        assertEquals("the switch keeps its counters", 1000, sw.flow(r).bytes);

        sw.traffic(r, 500, 5);
        assertEquals("still 0 before the next poll", 0, flows.getFlowEntry(r).bytes());
        poll();
        assertEquals(1500, flows.getFlowEntry(r).bytes());
        assertEquals(FlowEntry.FlowEntryState.ADDED, flows.getFlowEntry(r).state());
    }

    @Test
    public void addOfAStoredRuleAlsoZeroesItsCounters() {
        FlowRule r = rule(1, 2, 30000);
        flows.applyFlowRules(r);
        sw.traffic(r, 800, 8);
        poll();
        flows.applyFlowRules(r);
        assertEquals(0, flows.getFlowEntry(r).bytes());
        assertEquals(FlowEntry.FlowEntryState.PENDING_ADD, flows.getFlowEntry(r).state());
    }

    @Test
    public void stageModsAreShuffledBySeedAndStagesRunOneAfterTheOther() {
        List<Long> first = stageOrder(sw, flows);
        SimulatedSwitch other = new SimulatedSwitch(DEV);
        LabFlowRuleService same = new LabFlowRuleService(d -> other, SouthboundTiming.onos(42), clock::get);
        assertEquals("same seed, same order", first, stageOrder(other, same));
        List<Long> inserted = new ArrayList<>();
        for (int i = 1; i <= 30; i++) {
            inserted.add(rule(i, 100, 30000).id().value());
        }
        assertNotEquals("not the insertion order", inserted, first);
        assertEquals(new HashSet<>(inserted), new HashSet<>(first));
    }

    /** Runs two stages (30 adds, then one) with held barriers; returns the cookies of stage 1 in send order. */
    private static List<Long> stageOrder(SimulatedSwitch s, LabFlowRuleService service) {
        s.holdBarriers();
        FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
        for (int i = 1; i <= 30; i++) {
            ops.add(rule(i, 100, 30000));
        }
        ops.newStage().add(rule(99, 100, 30000));
        AtomicInteger success = new AtomicInteger();
        service.apply(ops.build(new FlowRuleOperationsContext() {
            @Override
            public void onSuccess(FlowRuleOperations o) {
                success.incrementAndGet();
            }
        }));
        List<OFMessage> stage1 = s.sentOf(OFFlowAdd.class);
        assertEquals("stage 2 waits for stage 1's barrier", 30, stage1.size());
        long xid = stage1.get(0).getXid();
        assertTrue("one batch: every mod carries the barrier's xid",
                   s.sent.stream().allMatch(m -> m.getXid() == xid));
        assertEquals(0, success.get());
        s.releaseBarriers();
        assertEquals(31, s.sentOf(OFFlowAdd.class).size());
        assertEquals("success only after the last stage", 0, success.get());
        s.releaseBarriers();
        assertEquals(1, success.get());
        return stage1.stream().map(m -> ((OFFlowAdd) m).getCookie().getValue()).collect(Collectors.toList());
    }

    @Test
    public void sameIdRemoveAndAddInOneStageCanLoseTheRuleUntilFlowRemovedReinstallsIt() {
        FlowRule old = rule(1, 2, 30000);
        FlowRule wanted = rule(1, 3, 30000);
        boolean lost = false;
        for (long seed = 0; seed < 64 && !lost; seed++) {
            sw = new SimulatedSwitch(DEV);
            flows = service(SouthboundTiming.onos(seed));
            flows.applyFlowRules(old);
            poll();
            flows.apply(FlowRuleOperations.builder().remove(flows.getFlowEntry(old)).add(wanted).build());
            lost = sw.flow(wanted) == null;
        }
        assertTrue("some seed sends DELETE_STRICT after the ADD (the stage's order is lost)", lost);
        assertEquals("the store still wants the rule", FlowEntry.FlowEntryState.PENDING_ADD,
                     flows.getFlowEntry(wanted).state());
        deliverFlowRemoved();
        assertNotNull("FLOW_REMOVED of a wanted rule re-installs it", sw.flow(wanted));
        assertEquals(wanted.treatment(), flows.getFlowEntry(wanted).treatment());
    }

    @Test
    public void softTimeoutRemovesAnIdleRuleFromStatisticsAndTheSwitchHasNoIdleTimeout() {
        FlowRule r = temporary(1, 10);
        FlowRule busy = temporary(2, 10);
        flows.applyFlowRules(r, busy);
        assertEquals("no idle timeout on the switch", 0, sw.flow(r).idleTimeout);
        sw.traffic(r, 100, 1);
        for (int t = 5; t <= 15; t += 5) {
            clock.addAndGet(5000);
            sw.traffic(busy, 100, 1);
            poll();
            assertNotNull("alive at " + t + " s", flows.getFlowEntry(r));
            assertNotEquals(FlowEntry.FlowEntryState.PENDING_REMOVE, flows.getFlowEntry(r).state());
        }
        clock.addAndGet(5000);
        sw.traffic(busy, 100, 1);
        poll();
        assertEquals("counters unchanged for 15 s > 10 s: ONOS removes it", FlowEntry.FlowEntryState.PENDING_REMOVE,
                     flows.getFlowEntry(r).state());
        assertNull("DELETE_STRICT sent", sw.flow(r));
        assertFalse(eventTypes().contains(FlowRuleEvent.Type.RULE_REMOVED));
        deliverFlowRemoved();
        assertNull(flows.getFlowEntry(r));
        assertTrue(eventTypes().contains(FlowRuleEvent.Type.RULE_REMOVED));
        for (int i = 0; i < 12; i++) {
            clock.addAndGet(5000);
            sw.traffic(busy, 100, 1);
            poll();
        }
        assertEquals("a rule with traffic stays", FlowEntry.FlowEntryState.ADDED, flows.getFlowEntry(busy).state());
    }

    @Test
    public void switchFlowRemovedForAnAddedRuleMakesOnosReinstallIt() {
        FlowRule r = rule(1, 2, 30000);
        flows.applyFlowRules(r);
        poll();
        int adds = sw.sentOf(OFFlowAdd.class).size();
        flows.flowRemoved(DEV, sw.removeOnItsOwn(r, OFFlowRemovedReason.IDLE_TIMEOUT));
        assertNotNull(flows.getFlowEntry(r));
        assertEquals(adds + 1, sw.sentOf(OFFlowAdd.class).size());
        assertNotNull("back on the switch", sw.flow(r));
        assertFalse(eventTypes().contains(FlowRuleEvent.Type.RULE_REMOVED));
    }

    @Test
    public void fastTimingDropsTheRuleOnFlowRemovedAndPutsTheIdleTimeoutOnTheSwitch() {
        flows = service(SouthboundTiming.fast(1000, false));
        FlowRule r = temporary(1, 10);
        flows.applyFlowRules(r);
        assertEquals(10, sw.flow(r).idleTimeout);
        flows.flowRemoved(DEV, sw.removeOnItsOwn(r, OFFlowRemovedReason.IDLE_TIMEOUT));
        assertNull(flows.getFlowEntry(r));
        assertTrue(eventTypes().contains(FlowRuleEvent.Type.RULE_REMOVED));
    }

    @Test
    public void removeStaysPendingUntilTheSwitchConfirmsIt() {
        FlowRule r = rule(1, 2, 30000);
        flows.applyFlowRules(r);
        poll();
        flows.removeFlowRules(r);
        assertEquals(FlowEntry.FlowEntryState.PENDING_REMOVE, flows.getFlowEntry(r).state());
        assertTrue(sw.sentOf(OFFlowDeleteStrict.class).size() == 1);
        deliverFlowRemoved();
        assertNull(flows.getFlowEntry(r));
        assertEquals(FlowRuleEvent.Type.RULE_REMOVED, events.get(events.size() - 1).type());
    }

    @Test
    public void missingRuleIsReinstalledAndExtraneousFlowDeletedAtThePoll() {
        FlowRule r = rule(1, 2, 30000);
        FlowRule stray = rule(5, 6, 20000);
        flows.applyFlowRules(r, stray);
        poll();
        sw.removeOnItsOwn(r, OFFlowRemovedReason.DELETE); // its FLOW_REMOVED is lost
        flows.entries().remove(stray.id().value());       // the store forgot it, the switch did not
        poll();
        assertNotNull("flowMissing re-adds it", sw.flow(r));
        assertNull("extraneousFlow deletes it", sw.flow(stray));
    }

    @Test
    public void anErrorFailsOnlyTheBatchOfTheSwitchThatSentIt() {
        DeviceId dev2 = DeviceId.deviceId("of:00000000000000b1");
        SimulatedSwitch sw2 = new SimulatedSwitch(dev2);
        flows = new LabFlowRuleService(d -> d.equals(DEV) ? sw : sw2, SouthboundTiming.onos(1), clock::get);
        sw.holdBarriers();
        sw2.holdBarriers();
        sw2.rejectFlowMods(x -> flows.error(dev2, x));
        FlowRule onB = DefaultFlowRule.builder().forDevice(dev2).fromApp(APP).withPriority(30000).makePermanent()
                .withSelector(DefaultTrafficSelector.builder().matchInPort(PortNumber.portNumber(1)).build())
                .withTreatment(DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(2)).build())
                .build();
        List<FlowRuleOperations> failed = new ArrayList<>();
        flows.apply(FlowRuleOperations.builder().add(rule(1, 2, 30000)).add(onB).build(
                new FlowRuleOperationsContext() {
                    @Override
                    public void onError(FlowRuleOperations o) {
                        failed.add(o);
                    }
                }));
        assertEquals("both switches number their xids alike", sw.sent.get(0).getXid(), sw2.sent.get(0).getXid());
        sw.releaseBarriers();
        sw2.releaseBarriers();
        assertEquals(1, failed.size());
        assertEquals(onB, failed.get(0).stages().get(0).iterator().next().rule());
    }

    @Test
    public void anErrorFailsTheBatchAndNoSuccessFollows() {
        sw.rejectFlowMods(x -> flows.error(DEV, x));
        AtomicInteger success = new AtomicInteger();
        AtomicInteger error = new AtomicInteger();
        flows.apply(FlowRuleOperations.builder().add(rule(1, 2, 30000)).build(new FlowRuleOperationsContext() {
            @Override
            public void onSuccess(FlowRuleOperations o) {
                success.incrementAndGet();
            }

            @Override
            public void onError(FlowRuleOperations o) {
                error.incrementAndGet();
            }
        }));
        assertEquals(0, success.get());
        assertEquals(1, error.get());
    }
}
