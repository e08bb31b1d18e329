package org.mpsdn.impl.telemetry;

import org.junit.Test;
import org.mpsdn.agent.v1.ApStatus;
import org.mpsdn.agent.v1.Direction;
import org.mpsdn.agent.v1.QueueOccupancy;
import org.mpsdn.agent.v1.StationQueue;
import org.mpsdn.agent.v1.WindowMode;
import org.mpsdn.api.telemetry.ApTelemetry;
import org.mpsdn.api.telemetry.StationQueueTelemetry;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The fields agents added after the first version (station queues, window mode, sample age) as
 * they reach {@link ApTelemetry}.
 */
public class StationQueueMappingTest {

    private static ApStatus.Builder report() {
        return ApStatus.newBuilder().setApId("ap1").setMonotonicNs(5_000_000_000L)
                .addQueues(QueueOccupancy.newBuilder().setDirection(Direction.DIRECTION_DOWNLINK)
                        .setOccupancyRatio(0.4));
    }

    private static StationQueue.Builder queue(String id, double occ) {
        return StationQueue.newBuilder().setDirection(Direction.DIRECTION_DOWNLINK).setSource("qdisc")
                .setQueueId(id).addIps("10.0.0.1").setOccupancyRatio(occ);
    }

    private static ApTelemetry sanitize(ApStatus st) {
        return StatusSanitizer.sanitize(st, "ap1", 1_000L).telemetry();
    }

    @Test
    public void mapsEveryField() {
        ApStatus st = report().setWindowMode(WindowMode.WINDOW_MODE_SLIDING).setNewestSampleMonotonicNs(4_930_000_000L)
                .addStationQueues(StationQueue.newBuilder().setDirection(Direction.DIRECTION_UPLINK)
                        .setSource("enb").setQueueId("ue-7").setMac("AA:BB:CC:00:11:22").addIps("10.0.0.7")
                        .setUeId("001010000000007").setOccupancyRatio(1.2).setSampleCount(20).setLimitPackets(100)
                        .setLimitBytes(150_000).setBacklogPackets(40).setBacklogBytes(60_000).setDrops(3)
                        .setSentBytes(2_500_000).setEmptySamples(7))
                .build();
        ApTelemetry t = sanitize(st);
        assertEquals(1, t.stationQueues().size());
        StationQueueTelemetry q = t.stationQueues().get(0);
        assertEquals(org.mpsdn.api.model.Direction.UPLINK, q.direction());
        assertEquals("enb", q.source());
        assertEquals("ue-7", q.queueId());
        assertEquals("aa:bb:cc:00:11:22", q.mac());
        assertEquals(List.of("10.0.0.7"), q.ips());
        assertEquals("001010000000007", q.ueId());
        assertEquals(1.0, q.occupancy(), 0.0); // clamped
        assertEquals(20, q.sampleCount());
        assertEquals(100, q.limitPackets());
        assertEquals(150_000, q.limitBytes());
        assertEquals(40, q.backlogPackets());
        assertEquals(60_000, q.backlogBytes());
        assertEquals(3, q.drops());
        assertEquals(2_500_000, q.sentBytes());
        assertEquals(7, q.emptySamples());
        assertEquals(org.mpsdn.api.telemetry.WindowMode.SLIDING, t.windowMode());
        assertEquals(70_000_000L, t.sampleAgeNanos().getAsLong());
        // 70 ms at the agent + 30 ms since the report was accepted at 1000
        assertEquals(100.0, t.signalAgeMillis(1_030L).getAsDouble(), 1e-9);
        assertEquals(0, t.skippedStationQueues());
    }

    @Test
    public void anAgentWithoutEmptySamplesReportsItAsUnknownNotZero() {
        ApStatus st = report().addStationQueues(StationQueue.newBuilder().setDirection(Direction.DIRECTION_DOWNLINK)
                .setSource("qdisc").setQueueId("1:100").setOccupancyRatio(0.5).setSampleCount(20)).build();
        assertEquals(StationQueueTelemetry.NOT_REPORTED, sanitize(st).stationQueues().get(0).emptySamples());
    }

    @Test
    public void moreEmptySamplesThanSamplesSkipsTheEntryAndCountsIt() {
        ApStatus st = report().addStationQueues(StationQueue.newBuilder().setDirection(Direction.DIRECTION_DOWNLINK)
                .setSource("qdisc").setQueueId("1:100").setOccupancyRatio(0.5).setSampleCount(20)
                .setEmptySamples(21)).build();
        ApTelemetry t = sanitize(st);
        assertTrue(t.stationQueues().isEmpty());
        assertEquals(1, t.skippedStationQueues());
    }

    @Test
    public void anOldAgentsReportHasNoQueuesAndNoAge() {
        ApTelemetry t = sanitize(report().build());
        assertTrue(t.stationQueues().isEmpty());
        assertEquals(org.mpsdn.api.telemetry.WindowMode.UNREPORTED, t.windowMode());
        assertFalse(t.sampleAgeNanos().isPresent());
        assertFalse(t.signalAgeMillis(5_000L).isPresent());
    }

    @Test
    public void anImplausibleSampleTimeIsUnknownButTheReportKept() {
        assertFalse(sanitize(report().setNewestSampleMonotonicNs(6_000_000_000L).build()).sampleAgeNanos()
                .isPresent());
        assertFalse(sanitize(report().setMonotonicNs(-1L).setNewestSampleMonotonicNs(1L).build()).sampleAgeNanos()
                .isPresent()); // a uint64 beyond Long.MAX_VALUE: ~292 years old
        assertEquals(org.mpsdn.api.telemetry.WindowMode.SINCE_LAST_POLL,
                sanitize(report().setWindowMode(WindowMode.WINDOW_MODE_SINCE_LAST_POLL).build()).windowMode());
        assertEquals(org.mpsdn.api.telemetry.WindowMode.UNREPORTED,
                sanitize(report().setWindowModeValue(9).build()).windowMode());
    }

    @Test
    public void tooManyQueuesAreCutAndCounted() {
        ApStatus.Builder st = report();
        for (int i = 0; i < StationQueueSanitizer.MAX_STATION_QUEUES + 5; i++) {
            st.addStationQueues(queue("q" + i, 0.1));
        }
        ApTelemetry t = sanitize(st.build());
        assertEquals(StationQueueSanitizer.MAX_STATION_QUEUES, t.stationQueues().size());
        assertEquals(5, t.skippedStationQueues());
    }
}
