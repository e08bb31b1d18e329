package org.mpsdn.lab.host.services;

import org.junit.Before;
import org.junit.Test;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.meter.Band;
import org.onosproject.net.meter.DefaultBand;
import org.onosproject.net.meter.DefaultMeterRequest;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterContext;
import org.onosproject.net.meter.MeterEvent;
import org.onosproject.net.meter.MeterFailReason;
import org.onosproject.net.meter.MeterId;
import org.onosproject.net.meter.MeterRequest;
import org.onosproject.net.meter.MeterState;
import org.projectfloodlight.openflow.protocol.OFMeterMod;
import org.projectfloodlight.openflow.protocol.OFMeterModCommand;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/**
 * The lab's meter service under ONOS 2.7.0 timing, against a simulated switch: a meter is ADDED (and
 * METER_ADDED posted, its context told) only by a meter-statistics reply; a removal forces a statistics
 * request that completes it; meters missing on the switch are sent again, unknown ones deleted.
 */
public class OnosMeterEmulationTest {

    private static final DeviceId DEV = DeviceId.deviceId("of:00000000000000a1");
    private static final DefaultApplicationId APP = new DefaultApplicationId(7, "org.mpsdn.test");

    private SimulatedSwitch sw;
    private LabMeterService meters;
    private final List<MeterEvent> events = new ArrayList<>();
    private final List<String> outcomes = new ArrayList<>();

    @Before
    public void setUp() {
        sw = new SimulatedSwitch(DEV);
        meters = service(SouthboundTiming.onos(1));
    }

    private LabMeterService service(SouthboundTiming timing) {
        LabMeterService s = new LabMeterService(d -> d.equals(DEV) ? sw : null, timing);
        s.addListener(events::add);
        return s;
    }

    private MeterRequest.Builder request(long kbps) {
        return DefaultMeterRequest.builder().forDevice(DEV).fromApp(APP).withUnit(Meter.Unit.KB_PER_SEC)
                .withBands(List.of(DefaultBand.builder().ofType(Band.Type.DROP).withRate(kbps).build()))
                .withContext(new MeterContext() {
                    @Override
                    public void onSuccess(MeterRequest op) {
                        outcomes.add("ok " + kbps);
                    }

                    @Override
                    public void onError(MeterRequest op, MeterFailReason reason) {
                        outcomes.add("error " + kbps);
                    }
                });
    }

    private List<MeterEvent.Type> types() {
        return events.stream().map(MeterEvent::type).collect(Collectors.toList());
    }

    @Test
    public void meterIsAddedOnlyWhenAMeterStatsReplyShowsIt() {
        Meter m = meters.submit(request(700).add());
        assertTrue("on the switch at once", sw.meterTable.containsKey(m.id().id()));
        assertEquals("the barrier reply does not confirm it", MeterState.PENDING_ADD,
                     meters.getMeter(DEV, m.id()).state());
        assertTrue(events.isEmpty());
        assertTrue(outcomes.isEmpty());
        meters.pollStats(DEV).join();
        assertEquals(MeterState.ADDED, meters.getMeter(DEV, m.id()).state());
        assertEquals(List.of(MeterEvent.Type.METER_ADDED), types());
        assertEquals(List.of("ok 700"), outcomes);
        meters.pollStats(DEV).join();
        assertEquals("confirmed once", 1, events.size());
    }

    @Test
    public void withdrawForcesAStatsRequestThatRemovesTheMeter() {
        Meter m = meters.submit(request(500).add());
        meters.pollStats(DEV).join();
        int requests = sw.statsRequests.size();
        meters.withdraw(request(500).remove(), MeterId.meterId(m.id().id()));
        assertEquals("forceStatsAfterMeterRemoval", requests + 1, sw.statsRequests.size());
        assertNull(meters.getMeter(DEV, m.id()));
        assertEquals(List.of(MeterEvent.Type.METER_ADDED, MeterEvent.Type.METER_REMOVED), types());
        assertEquals(List.of("ok 500", "ok 500"), outcomes);
    }

    @Test
    public void withdrawnBeforeConfirmationTheMeterIsRemovedAndNeverAdded() {
        Meter m = meters.submit(request(300).add());
        meters.withdraw(request(300).remove(), MeterId.meterId(m.id().id()));
        assertNull(meters.getMeter(DEV, m.id()));
        assertEquals(List.of(MeterEvent.Type.METER_REMOVED), types());
    }

    @Test
    public void missingMeterIsSentAgainAndUnknownOneDeleted() {
        Meter m = meters.submit(request(900).add());
        sw.meterTable.clear();
        sw.send(sw.factory().buildMeterMod().setCommand(OFMeterModCommand.ADD).setMeterId(77)
                        .setFlags(Collections.emptySet()).setMeters(Collections.emptyList()).build());
        meters.pollStats(DEV).join();
        assertTrue("MeterInstaller ADD again", sw.meterTable.containsKey(m.id().id()));
        assertFalse("unknown meter deleted", sw.meterTable.containsKey(77L));
        assertEquals(MeterState.PENDING_ADD, meters.getMeter(DEV, m.id()).state());
        meters.pollStats(DEV).join();
        assertEquals(MeterState.ADDED, meters.getMeter(DEV, m.id()).state());
    }

    /**
     * ONOS 2.7.0's race (also in the lab's ONOS timing): a meter-stats reply the switch produced before a new
     * meter's ADD reaches the store after the meter; pushMeterMetrics sends the ADD again and the switch's
     * METER_EXISTS fails the request (OpenFlowMeterProvider.signalMeterError: EXISTING_METER). The meter,
     * installed by the first ADD, stays PENDING_ADD with the reason (DistributedMeterStore.failedMeter).
     * Withdrawn now, ONOS sends nothing and fails the withdrawal (DistributedMeterStore.deleteMeter keeps the
     * reason, the map listener does not ask for a removal); the next reply that shows it clears the reason: the
     * removal is sent then and the meter leaves the store.
     */
    @Test
    public void staleStatsReplyResendsANewMeterAndMeterExistsFailsIt() {
        sw.meterErrorsTo(e -> meters.error(DEV, e));
        Meter m = meters.submit(request(400).add());
        meters.updateStats(DEV, List.of());
        assertEquals(List.of("error 400"), outcomes);
        assertEquals("kept in the store until withdrawn", MeterState.PENDING_ADD, meters.getMeter(DEV, m.id()).state());
        assertTrue("the first ADD installed it", sw.meterTable.containsKey(m.id().id()));
        int mods = sw.sentOf(OFMeterMod.class).size();
        int requests = sw.statsRequests.size();
        meters.withdraw(request(400).remove(), MeterId.meterId(m.id().id()));
        assertEquals("the withdrawal fails with the meter's reason", List.of("error 400", "error 400"), outcomes);
        assertEquals("nothing sent to the switch", mods, sw.sentOf(OFMeterMod.class).size());
        assertEquals(requests, sw.statsRequests.size());
        assertEquals(MeterState.PENDING_REMOVE, meters.getMeter(DEV, m.id()).state());
        meters.pollStats(DEV).join();
        assertNull(meters.getMeter(DEV, m.id()));
        assertFalse(sw.meterTable.containsKey(m.id().id()));
        assertEquals(List.of(MeterEvent.Type.METER_REMOVED), types());
    }

    @Test
    public void meterThatFailedWithExistingMeterIsAddedByTheNextReplyThatShowsIt() {
        sw.meterErrorsTo(e -> meters.error(DEV, e));
        Meter m = meters.submit(request(600).add());
        meters.updateStats(DEV, List.of());
        assertEquals(List.of("error 600"), outcomes);
        meters.pollStats(DEV).join();
        assertEquals(MeterState.ADDED, meters.getMeter(DEV, m.id()).state());
        assertEquals("METER_ADDED although the request failed", List.of(MeterEvent.Type.METER_ADDED), types());
        assertEquals("the failed request is not told again", List.of("error 600"), outcomes);
        meters.withdraw(request(600).remove(), MeterId.meterId(m.id().id()));
        assertNull("an ADDED meter is removed as usual", meters.getMeter(DEV, m.id()));
        assertFalse(sw.meterTable.containsKey(m.id().id()));
    }

    @Test
    public void fastTimingConfirmsEachSwitchsMeterOnItsOwnBarrier() {
        DeviceId dev2 = DeviceId.deviceId("of:00000000000000b1");
        SimulatedSwitch sw2 = new SimulatedSwitch(dev2);
        meters = new LabMeterService(d -> d.equals(DEV) ? sw : sw2, SouthboundTiming.fast(1000, false));
        meters.addListener(events::add);
        sw.holdBarriers();
        sw2.holdBarriers();
        Meter a = meters.submit(request(700).add());
        Meter b = meters.submit(DefaultMeterRequest.builder().forDevice(dev2).fromApp(APP)
                                        .withUnit(Meter.Unit.KB_PER_SEC)
                                        .withBands(List.of(DefaultBand.builder().ofType(Band.Type.DROP)
                                                                   .withRate(800).build())).add());
        assertEquals("both switches number their xids alike", sw.sent.get(0).getXid(), sw2.sent.get(0).getXid());
        sw.releaseBarriers();
        sw2.releaseBarriers();
        assertEquals(MeterState.ADDED, meters.getMeter(DEV, a.id()).state());
        assertEquals(MeterState.ADDED, meters.getMeter(dev2, b.id()).state());
        assertEquals(2, events.size());
    }

    @Test
    public void fastTimingConfirmsOnTheBarrier() {
        meters = service(SouthboundTiming.fast(1000, false));
        Meter m = meters.submit(request(700).add());
        assertEquals(MeterState.ADDED, meters.getMeter(DEV, m.id()).state());
        assertEquals(List.of(MeterEvent.Type.METER_ADDED), types());
        long deletes = sw.sentOf(OFMeterMod.class).stream()
                .filter(x -> ((OFMeterMod) x).getCommand() == OFMeterModCommand.DELETE).count();
        assertEquals(0, deletes);
    }
}
