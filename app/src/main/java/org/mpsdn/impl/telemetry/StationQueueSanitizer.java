package org.mpsdn.impl.telemetry;

import org.mpsdn.agent.v1.ApStatus;
import org.mpsdn.agent.v1.StationQueue;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.telemetry.ApTelemetry;
import org.mpsdn.api.telemetry.StationQueueTelemetry;
import org.mpsdn.api.telemetry.WindowMode;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The fields agents added to {@link ApStatus} after the first version: the per-station queues,
 * the window mode applied and the newest sample's time. A malformed station-queue entry (no or
 * unknown direction, non-finite occupancy, an over-long name, a repeated queue) is skipped and
 * counted in {@link ApTelemetry#skippedStationQueues()}; the other entries and the report are
 * kept. Values out of their physical range are clamped. Reports from agents that predate these
 * fields pass unchanged (no station queues, {@link WindowMode#UNREPORTED}, unknown sample age).
 */
final class StationQueueSanitizer {
    /** Most station queues kept per report: two directions for each of the most stations kept. */
    static final int MAX_STATION_QUEUES = 2 * StatusSanitizer.MAX_STATIONS;
    /** Oldest newest-sample age accepted, ns (the longest window); an older one is treated as unknown. */
    static final long MAX_SAMPLE_AGE_NS = StatusSanitizer.MAX_WINDOW_MS * 1_000_000L;

    private static final int MAX_NAME_LENGTH = 64;

    private StationQueueSanitizer() {
    }

    /**
     * Adds the sanitised new fields of a report to its telemetry.
     *
     * @param status the agent's report
     * @param t      the telemetry sanitised from its first-version fields
     * @return the telemetry with station queues and freshness
     */
    static ApTelemetry apply(ApStatus status, ApTelemetry t) {
        List<StationQueueTelemetry> kept = new ArrayList<>();
        Set<List<Object>> seen = new HashSet<>();
        int skipped = 0;
        for (StationQueue q : status.getStationQueuesList()) {
            StationQueueTelemetry s = kept.size() < MAX_STATION_QUEUES ? queue(q) : null;
            if (s == null || !seen.add(List.of(s.source(), s.direction(), s.queueId()))) {
                skipped++;
            } else {
                kept.add(s);
            }
        }
        return t.withStationQueues(kept, skipped).withFreshness(sampleAgeNanos(status), windowMode(status));
    }

    /** One entry, or null when it cannot be used. */
    private static StationQueueTelemetry queue(StationQueue q) {
        Direction d = direction(q.getDirection());
        double occ = q.getOccupancyRatio();
        long samples = Integer.toUnsignedLong(q.getSampleCount());
        long empty = q.hasEmptySamples() ? Integer.toUnsignedLong(q.getEmptySamples())
                : StationQueueTelemetry.NOT_REPORTED;
        if (d == null || Double.isNaN(occ) || Double.isInfinite(occ) || tooLong(q.getSource())
                || tooLong(q.getQueueId()) || tooLong(q.getMac()) || tooLong(q.getUeId()) || empty > samples) {
            return null;
        }
        List<String> ips = new ArrayList<>();
        for (String ip : q.getIpsList()) {
            if (ips.size() < StatusSanitizer.MAX_IPS && !ip.isEmpty() && !tooLong(ip)) {
                ips.add(ip);
            }
        }
        return StationQueueTelemetry.builder()
                .queue(d, q.getSource(), q.getQueueId())
                .station(q.getMac().toLowerCase(Locale.ROOT), ips, q.getUeId())
                .occupancy(Math.max(0.0, Math.min(1.0, occ)), samples)
                .fill(unsigned(q.getLimitPackets()), unsigned(q.getLimitBytes()), unsigned(q.getBacklogPackets()),
                        unsigned(q.getBacklogBytes()))
                .window(unsigned(q.getDrops()), unsigned(q.getSentBytes()))
                .emptySamples(empty)
                .build();
    }

    private static Direction direction(org.mpsdn.agent.v1.Direction d) {
        switch (d) {
            case DIRECTION_DOWNLINK:
                return Direction.DOWNLINK;
            case DIRECTION_UPLINK:
                return Direction.UPLINK;
            default:
                return null;
        }
    }

    private static boolean tooLong(String s) {
        return s.length() > MAX_NAME_LENGTH;
    }

    /** A proto uint64 (read as a signed long) clamped to [0, Long.MAX_VALUE]. */
    private static long unsigned(long v) {
        return v < 0 ? Long.MAX_VALUE : v;
    }

    /**
     * How old the newest sample of a report was when the agent answered.
     *
     * @param status the agent's report
     * @return monotonic_ns - newest_sample_monotonic_ns, or -1 when absent or implausible
     */
    static long sampleAgeNanos(ApStatus status) {
        long end = status.getMonotonicNs();
        long newest = status.getNewestSampleMonotonicNs();
        if (newest == 0 || Long.compareUnsigned(newest, end) > 0) {
            return -1;
        }
        long age = end - newest;
        return age >= 0 && age <= MAX_SAMPLE_AGE_NS ? age : -1;
    }

    /**
     * The window mode an agent applied.
     *
     * @param status the agent's report
     * @return it, {@link WindowMode#UNREPORTED} from agents that predate the field
     */
    static WindowMode windowMode(ApStatus status) {
        switch (status.getWindowMode()) {
            case WINDOW_MODE_SINCE_LAST_POLL:
                return WindowMode.SINCE_LAST_POLL;
            case WINDOW_MODE_SLIDING:
                return WindowMode.SLIDING;
            default:
                return WindowMode.UNREPORTED;
        }
    }
}
