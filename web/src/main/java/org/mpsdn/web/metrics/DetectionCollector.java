package org.mpsdn.web.metrics;

import io.prometheus.client.Collector;
import io.prometheus.client.CounterMetricFamily;
import io.prometheus.client.GaugeMetricFamily;
import org.mpsdn.api.detection.DetectedUser;
import org.mpsdn.api.detection.DetectionConflict;
import org.mpsdn.api.detection.DetectionService;
import org.mpsdn.api.detection.DetectionStats;
import org.mpsdn.api.detection.StationFeedStats;
import org.mpsdn.api.northbound.NorthboundService;
import org.mpsdn.api.northbound.UeInfo;
import org.mpsdn.api.northbound.UeSource;

import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The multipath-user detection's metrics, read at scrape time: the detector's counters (tracker
 * events, frame decoder results, malformed frames, station lists and rejected entries per AP),
 * the stations of each AP's last list with and without MAC, the users grouped (multipath or not),
 * the conflicts by kind, and the UEs by how they are known. Without a detection service only the
 * UEs by source are exported.
 */
final class DetectionCollector extends Collector {
    private final Supplier<DetectionService> detection;
    private final Supplier<NorthboundService> northbound;

    /**
     * Creates the collector.
     *
     * @param detection  the detection service (may supply null)
     * @param northbound the northbound service
     */
    DetectionCollector(Supplier<DetectionService> detection, Supplier<NorthboundService> northbound) {
        this.detection = detection;
        this.northbound = northbound;
    }

    @Override
    public List<MetricFamilySamples> collect() {
        GaugeMetricFamily ues = new GaugeMetricFamily("mpsdn_ues",
                "UEs by how they are known: registered, detected, both, or only as an AP's station",
                List.of("source"));
        Map<UeSource, Integer> bySource = new EnumMap<>(UeSource.class);
        for (UeSource s : UeSource.values()) {
            bySource.put(s, 0);
        }
        for (UeInfo u : northbound.get().ues()) {
            bySource.merge(u.source(), 1, Integer::sum);
        }
        bySource.forEach((s, n) -> ues.addMetric(List.of(lower(s.name())), n));
        DetectionService d = detection.get();
        if (d == null) {
            return List.of(ues);
        }
        DetectionStats stats = d.detection();
        return List.of(ues, counters("mpsdn_detection_events_total",
                        "Multipath-user tracker events (decoded handshakes, matched join tokens, ...)", "event",
                        stats.events()),
                counters("mpsdn_detection_frames_total", "Punted frames by decoder result", "result", stats.frames()),
                malformed(stats), stationLists(stats), stationEntries(stats), stations(stats), users(stats),
                conflicts(stats));
    }

    private static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }

    private static CounterMetricFamily counters(String name, String help, String label, Map<String, Long> values) {
        CounterMetricFamily f = new CounterMetricFamily(name, help, List.of(label));
        values.forEach((k, v) -> f.addMetric(List.of(k), (double) v));
        return f;
    }

    private static CounterMetricFamily malformed(DetectionStats stats) {
        CounterMetricFamily f = new CounterMetricFamily("mpsdn_detection_malformed_frames_total",
                "Punted frames the detector rejected as malformed", List.of());
        f.addMetric(List.of(), (double) stats.malformedFrames());
        return f;
    }

    private static CounterMetricFamily stationLists(DetectionStats stats) {
        CounterMetricFamily f = new CounterMetricFamily("mpsdn_detection_station_lists_total",
                "AP station lists fed to the detector", List.of("ap"));
        stats.stationFeeds().forEach(s -> f.addMetric(List.of(s.apId()), (double) s.lists()));
        return f;
    }

    private static CounterMetricFamily stationEntries(DetectionStats stats) {
        CounterMetricFamily f = new CounterMetricFamily("mpsdn_detection_station_entries_rejected_total",
                "Station list entries rejected (malformed IP or MAC, IP listed twice); the rest of the list is used",
                List.of("ap"));
        stats.stationFeeds().forEach(s -> f.addMetric(List.of(s.apId()), (double) s.entriesRejected()));
        return f;
    }

    private static GaugeMetricFamily stations(DetectionStats stats) {
        GaugeMetricFamily f = new GaugeMetricFamily("mpsdn_detection_stations",
                "Stations of the AP's last list, with a MAC or without one (known by IP, e.g. an eNB's UEs)",
                List.of("ap", "mac"));
        for (StationFeedStats s : stats.stationFeeds()) {
            f.addMetric(List.of(s.apId(), "known"), s.stations() - s.stationsWithoutMac());
            f.addMetric(List.of(s.apId(), "unknown"), s.stationsWithoutMac());
        }
        return f;
    }

    private static GaugeMetricFamily users(DetectionStats stats) {
        GaugeMetricFamily f = new GaugeMetricFamily("mpsdn_detection_users",
                "Users the detector grouped from live flows, multipath (a live MPTCP connection over two APs) or not",
                List.of("multipath"));
        long multipath = stats.users().stream().filter(DetectedUser::multipath).count();
        f.addMetric(List.of("true"), (double) multipath);
        f.addMetric(List.of("false"), (double) (stats.users().size() - multipath));
        return f;
    }

    private static GaugeMetricFamily conflicts(DetectionStats stats) {
        GaugeMetricFamily f = new GaugeMetricFamily("mpsdn_detection_conflicts",
                "Conflicts between detection, registration and station lists found by the last cycle, by kind",
                List.of("kind"));
        Map<String, Integer> byKind = new TreeMap<>();
        for (DetectionConflict c : stats.conflicts()) {
            byKind.merge(lower(c.kind()), 1, Integer::sum);
        }
        byKind.forEach((k, n) -> f.addMetric(List.of(k), n));
        return f;
    }
}
