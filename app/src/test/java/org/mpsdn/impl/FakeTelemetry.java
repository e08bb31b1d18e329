package org.mpsdn.impl;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.telemetry.ApTelemetry;
import org.mpsdn.api.telemetry.ApTelemetryService;
import org.mpsdn.api.telemetry.StationQueueTelemetry;
import org.mpsdn.api.telemetry.StationTelemetry;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/**
 * Telemetry source whose reports the test sets.
 */
class FakeTelemetry implements ApTelemetryService {
    final Map<String, ApTelemetry> reports = new ConcurrentHashMap<>();
    final Map<String, Integer> missed = new ConcurrentHashMap<>();
    /** Bounds of the refreshes asked for, in order. */
    final List<Long> refreshBounds = new CopyOnWriteArrayList<>();
    /** What a refresh does (e.g. puts the reports a poll at the cycle's start would bring); returns the late APs. */
    volatile Supplier<Set<String>> onRefresh = Set::of;
    private long seq;

    void occupancy(String apId, double downlink, double uplink) {
        reports.put(apId, new ApTelemetry(apId, ++seq, 2000,
                Map.of(Direction.DOWNLINK, downlink, Direction.UPLINK, uplink), 0, List.of(), 0));
        missed.put(apId, 0);
    }

    void report(String apId, double downlink, double uplink, List<StationTelemetry> stations) {
        reports.put(apId, new ApTelemetry(apId, ++seq, 2000,
                Map.of(Direction.DOWNLINK, downlink, Direction.UPLINK, uplink), 0, stations, 0));
        missed.put(apId, 0);
    }

    void report(String apId, double downlink, double uplink, List<StationTelemetry> stations,
                List<StationQueueTelemetry> queues) {
        reports.put(apId, new ApTelemetry(apId, ++seq, 2000,
                Map.of(Direction.DOWNLINK, downlink, Direction.UPLINK, uplink), 0, stations, 0)
                .withStationQueues(queues, 0));
        missed.put(apId, 0);
    }

    void silence(String apId, int cycles) {
        reports.remove(apId);
        missed.put(apId, cycles);
    }

    @Override
    public Optional<ApTelemetry> latest(String apId) {
        return Optional.ofNullable(reports.get(apId));
    }

    @Override
    public Set<String> refresh(long boundMillis) {
        refreshBounds.add(boundMillis);
        return onRefresh.get();
    }

    @Override
    public int missedCycles(String apId) {
        return missed.getOrDefault(apId, 0);
    }
}
