package org.mpsdn.web.metrics;

import io.prometheus.client.Collector;
import io.prometheus.client.GaugeMetricFamily;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.LimitReason;
import org.mpsdn.api.northbound.ApInfo;
import org.mpsdn.api.northbound.NorthboundService;
import org.mpsdn.api.regulation.LimitDecision;

import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * How the last cycle decided each AP direction's Tier-2 limit, read at scrape time from the northbound's
 * APs: the deciding signal and its threshold (label {@code signal}: {@code mac_occ} or {@code tier1_stations}),
 * the decided target and its cap, and the reason as a state set (1 for the reason in force, 0 for the others).
 * A direction without a decision exports none of them; a signal and threshold only when there was a signal,
 * a target and cap only while the limits are not lifted.
 */
final class DecisionCollector extends Collector {
    private final Supplier<NorthboundService> northbound;

    /**
     * Creates the collector.
     *
     * @param northbound the northbound service
     */
    DecisionCollector(Supplier<NorthboundService> northbound) {
        this.northbound = northbound;
    }

    @Override
    public List<MetricFamilySamples> collect() {
        List<String> withSignal = List.of("ap", "direction", "signal");
        List<String> apDirection = List.of("ap", "direction");
        GaugeMetricFamily signal = new GaugeMetricFamily("mpsdn_ap_deciding_signal_ratio",
                "The congestion signal the profile in force decided the Tier-2 limit on (0..1): the AP's MAC queue"
                        + " occupancy (mac_occ) or the busiest Tier-1 station queue (tier1_stations)", withSignal);
        GaugeMetricFamily threshold = new GaugeMetricFamily("mpsdn_ap_deciding_threshold_ratio",
                "The threshold the deciding signal was compared with: cth for mac_occ, tier1Threshold for"
                        + " tier1_stations", withSignal);
        GaugeMetricFamily target = new GaugeMetricFamily("mpsdn_ap_tier2_target_bits_per_second",
                "The Tier-2 limit the last cycle decided (the limit in force is mpsdn_ap_tier2_limit_bits_per_second)",
                apDirection);
        GaugeMetricFamily cap = new GaugeMetricFamily("mpsdn_ap_tier2_cap_bits_per_second",
                "The highest Tier-2 limit the law allowed: the capacity, or while Tier 1 is served the capacity"
                        + " Tier 1 leaves to Tier 2 (mpsdn)", apDirection);
        GaugeMetricFamily reason = new GaugeMetricFamily("mpsdn_ap_limit_reason",
                "Why the Tier-2 limit is what it is: 1 for the last cycle's reason, 0 for the others",
                List.of("ap", "direction", "reason"));
        for (ApInfo ap : northbound.get().aps()) {
            for (Direction d : Direction.values()) {
                if (ap.decision(d).isEmpty()) {
                    continue;
                }
                LimitDecision x = ap.decision(d).get();
                String dir = lower(d);
                x.source().ifPresent(s -> {
                    List<String> labels = List.of(ap.id(), dir, lower(s));
                    x.signal().ifPresent(v -> signal.addMetric(labels, v));
                    x.threshold().ifPresent(v -> threshold.addMetric(labels, v));
                });
                x.targetKbps().ifPresent(v -> target.addMetric(List.of(ap.id(), dir), v * 1000.0));
                x.capKbps().ifPresent(v -> cap.addMetric(List.of(ap.id(), dir), v * 1000.0));
                for (LimitReason r : LimitReason.values()) {
                    reason.addMetric(List.of(ap.id(), dir, lower(r)), r == x.reason() ? 1 : 0);
                }
            }
        }
        return List.of(signal, threshold, target, cap, reason);
    }

    private static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }
}
