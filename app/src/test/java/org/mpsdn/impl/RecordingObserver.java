package org.mpsdn.impl;

import org.mpsdn.api.regulation.CycleObserver;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** Records what the regulation cycle tells the metrics. */
final class RecordingObserver implements CycleObserver {
    final List<String> timedOut = new CopyOnWriteArrayList<>();
    final Map<String, OptionalDouble> ages = new ConcurrentHashMap<>();
    final List<String> candidacyReruns = new CopyOnWriteArrayList<>();

    @Override
    public void cycleCompleted(long durationNanos) {
    }

    @Override
    public void telemetryChecked(String apId, boolean fresh) {
    }

    @Override
    public void telemetryTimedOut(String apId) {
        timedOut.add(apId);
    }

    @Override
    public void signalAge(String apId, OptionalDouble ageMillis) {
        ages.put(apId, ageMillis);
    }

    @Override
    public void candidacyRerun(String domain) {
        candidacyReruns.add(domain);
    }
}
