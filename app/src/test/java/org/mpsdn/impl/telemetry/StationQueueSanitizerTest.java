package org.mpsdn.impl.telemetry;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.mpsdn.agent.v1.ApStatus;
import org.mpsdn.agent.v1.Direction;
import org.mpsdn.agent.v1.QueueOccupancy;
import org.mpsdn.agent.v1.StationQueue;
import org.mpsdn.api.telemetry.ApTelemetry;
import org.mpsdn.api.telemetry.StationQueueTelemetry;

import java.util.List;


/**
 * Fuzzing the station queues agents added after the first version: whatever an agent sends, a
 * bad entry is skipped and counted and never costs the report or the other entries
 * ({@link StationQueueMappingTest} checks the mapping itself).
 */
class StationQueueSanitizerTest {

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
        StatusSanitizer.Result r = StatusSanitizer.sanitize(st, "ap1", 1_000L);
        return r.telemetry();
    }

    @Property(tries = 500)
    boolean anyEntryIsKeptInRangeOrSkippedAndCounted(
            @ForAll @IntRange(max = 3) int dir, @ForAll double occ, @ForAll long counter, @ForAll int samples,
            @ForAll @Size(max = 70) String name, @ForAll @Size(max = 20) List<@Size(max = 70) String> ips,
            @ForAll boolean duplicate, @ForAll @IntRange(min = -1) int empty) {
        StationQueue.Builder q = StationQueue.newBuilder().setDirectionValue(dir).setSource(name).setQueueId(name)
                .setMac(name).setUeId(name).addAllIps(ips).setOccupancyRatio(occ).setSampleCount(samples)
                .setLimitPackets(counter).setLimitBytes(counter).setBacklogPackets(counter)
                .setBacklogBytes(counter).setDrops(counter).setSentBytes(counter);
        if (empty >= 0) {
            q.setEmptySamples(empty); // -1: an agent that does not report it
        }
        ApStatus.Builder st = report().addStationQueues(q).addStationQueues(queue("good", 0.5));
        if (duplicate) {
            st.addStationQueues(q);
        }
        ApTelemetry t = sanitize(st.build());
        boolean usable = (dir == 1 || dir == 2) && !Double.isNaN(occ) && !Double.isInfinite(occ)
                && name.length() <= 64 && (empty < 0 || empty <= Integer.toUnsignedLong(samples));
        int expectedKept = 1 + (usable ? 1 : 0);
        int expectedSkipped = (usable ? 0 : 1) + (duplicate ? 1 : 0);
        if (t.stationQueues().size() != expectedKept || t.skippedStationQueues() != expectedSkipped) {
            return false;
        }
        for (StationQueueTelemetry s : t.stationQueues()) {
            if (!(s.occupancy() >= 0 && s.occupancy() <= 1) || s.drops() < 0 || s.sentBytes() < 0
                    || s.limitBytes() < 0 || s.backlogPackets() < 0 || s.sampleCount() < 0
                    || s.ips().size() > StatusSanitizer.MAX_IPS || s.mac().length() > 64
                    || s.emptySamples() < StationQueueTelemetry.NOT_REPORTED || s.emptySamples() > s.sampleCount()
                    || (s.queueId().equals(name) && s.emptySamples() != Math.max(-1, empty))) {
                return false;
            }
        }
        return true;
    }
}
