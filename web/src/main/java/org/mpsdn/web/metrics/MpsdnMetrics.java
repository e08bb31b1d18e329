package org.mpsdn.web.metrics;

import io.prometheus.client.Collector;
import io.prometheus.client.CollectorRegistry;
import io.prometheus.client.Counter;
import io.prometheus.client.Gauge;
import io.prometheus.client.GaugeMetricFamily;
import io.prometheus.client.Histogram;
import io.prometheus.client.exporter.common.TextFormat;
import org.mpsdn.api.detection.DetectionService;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.northbound.ApInfo;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.IntentState;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.NorthboundService;
import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.api.regulation.CycleObserver;
import org.mpsdn.api.regulation.RegulationEvent;
import org.mpsdn.api.regulation.RegulationListener;
import org.mpsdn.api.regulation.RegulationService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The app's Prometheus metrics. Counters and the cycle histogram are fed by the regulation loop
 * ({@link CycleObserver}) and by regulation events; gauges are read from the northbound service
 * at scrape time (how each Tier-2 limit was decided: {@link DecisionCollector}), and the multipath-user
 * detection's counters from its service ({@link DetectionCollector}).
 */
@Component(immediate = true, service = {CycleObserver.class, MpsdnMetrics.class})
public class MpsdnMetrics implements CycleObserver {

    /** Histogram buckets of the cycle duration in seconds. */
    static final double[] CYCLE_BUCKETS = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0,
            2.5};

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NorthboundService northbound;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected RegulationService regulation;

    /** The multipath-user detection, whose counters are exported when it runs (optional). */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    protected volatile DetectionService detection;

    private final CollectorRegistry registry = new CollectorRegistry();
    private final Histogram cycleDuration = Histogram.build().name("mpsdn_cycle_duration_seconds")
            .help("Duration of one regulation cycle").buckets(CYCLE_BUCKETS).register(registry);
    private final Counter pollErrors = Counter.build().name("mpsdn_agent_poll_errors_total")
            .help("Regulation cycles in which the AP's agent had no fresh report").labelNames("ap")
            .register(registry);
    private final Counter apFaults = Counter.build().name("mpsdn_ap_faults_total")
            .help("Exceptions ONOS raised for the AP (meter submit, flow-store read); the other APs were regulated")
            .labelNames("ap").register(registry);
    private final Counter lateSteps = Counter.build().name("mpsdn_meter_steps_late_total")
            .help("Tier-2 rate steps whose meter ONOS had not confirmed after two meter-stats polls")
            .labelNames("ap").register(registry);
    private final Counter meterSwaps = Counter.build().name("mpsdn_meter_swaps_total")
            .help("Make-before-break Tier-2 meter replacements (rate changes) completed").labelNames("ap", "direction")
            .register(registry);
    private final Counter pollTimeouts = Counter.build().name("mpsdn_agent_poll_timeouts_total")
            .help("Regulation cycles that stopped waiting for the AP's fresh report before its agent answered")
            .labelNames("ap").register(registry);
    private final Counter candidacyReruns = Counter.build().name("mpsdn_domain_candidacy_reruns_total")
            .help("Times this instance ran again for a control domain's ownership after its candidacy was gone"
                    + " (an expired leadership session, e.g. after a partition)").labelNames("domain")
            .register(registry);
    private final Gauge signalAge = Gauge.build().name("mpsdn_signal_age_seconds")
            .help("Age of the congestion signal the last cycle decided on: the agent's age of the newest sample"
                    + " in its window plus the time since the report arrived (absent when unknown)")
            .labelNames("ap").register(registry);
    private final Map<String, Map<Direction, Long>> lastMeters = new ConcurrentHashMap<>();
    private final RegulationListener listener = this::onEvent;

    /**
     * Starts listening and registers the gauges.
     */
    @Activate
    protected void activate() {
        registry.register(new GaugeCollector());
        registry.register(new DetectionCollector(() -> detection, () -> northbound));
        registry.register(new DecisionCollector(() -> northbound));
        regulation.addListener(listener);
    }

    /**
     * Stops listening.
     */
    @Deactivate
    protected void deactivate() {
        regulation.removeListener(listener);
    }

    @Override
    public void cycleCompleted(long durationNanos) {
        cycleDuration.observe(durationNanos / 1e9);
    }

    @Override
    public void candidacyRerun(String domain) {
        candidacyReruns.labels(domain).inc();
    }

    @Override
    public void telemetryChecked(String apId, boolean fresh) {
        Counter.Child c = pollErrors.labels(apId);
        if (!fresh) {
            c.inc();
        }
    }

    /**
     * Counts meter swaps: a direction whose Tier-2 meter id changes from one meter to another.
     *
     * @param event regulation event
     */
    void onEvent(RegulationEvent event) {
        ApRegulationState s = event.subject();
        if (event.type() == RegulationEvent.Type.AP_STATE_REMOVED) {
            lastMeters.remove(s.apId());
            return;
        }
        Map<Direction, Long> now = new EnumMap<>(Direction.class);
        for (Direction d : Direction.values()) {
            OptionalLong id = s.meterId(d);
            if (id.isPresent()) {
                now.put(d, id.getAsLong());
            }
        }
        Map<Direction, Long> before = lastMeters.put(s.apId(), now);
        if (before == null) {
            return;
        }
        for (Direction d : Direction.values()) {
            Long b = before.get(d);
            Long a = now.get(d);
            if (b != null && a != null && !b.equals(a)) {
                meterSwaps.labels(s.apId(), lower(d)).inc();
            }
        }
    }

    private static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }

    @Override
    public void telemetryTimedOut(String apId) {
        pollTimeouts.labels(apId).inc();
    }

    @Override
    public void signalAge(String apId, OptionalDouble ageMillis) {
        if (ageMillis.isPresent()) {
            signalAge.labels(apId).set(ageMillis.getAsDouble() / 1e3);
        } else {
            signalAge.remove(apId);
        }
    }

    @Override
    public void apFault(String apId) {
        apFaults.labels(apId).inc();
    }

    @Override
    public void meterStepLate(String apId) {
        lateSteps.labels(apId).inc();
    }

    /**
     * Renders every metric in the Prometheus text format 0.0.4.
     *
     * @return exposition text
     */
    public String scrape() {
        for (ApInfo ap : northbound.aps()) {
            // every configured AP shows its counters, 0 until the first occurrence
            pollErrors.labels(ap.id());
            pollTimeouts.labels(ap.id());
            apFaults.labels(ap.id());
            lateSteps.labels(ap.id());
        }
        StringWriter w = new StringWriter();
        try {
            TextFormat.write004(w, registry.metricFamilySamples());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }

    /** Gauges read from the northbound service at scrape time. */
    private final class GaugeCollector extends Collector {
        @Override
        public List<MetricFamilySamples> collect() {
            GaugeMetricFamily occ = new GaugeMetricFamily("mpsdn_ap_mac_queue_occupancy_ratio",
                    "Average MAC queue occupancy of the AP over the agent's window (0..1)",
                    List.of("ap", "direction"));
            GaugeMetricFamily limit = new GaugeMetricFamily("mpsdn_ap_tier2_limit_bits_per_second",
                    "Tier-2 meter rate of the AP (absent: Tier 2 unlimited)", List.of("ap", "direction"));
            GaugeMetricFamily capacity = new GaugeMetricFamily("mpsdn_ap_capacity_bits_per_second",
                    "Configured AP capacity", List.of("ap"));
            GaugeMetricFamily flows = new GaugeMetricFamily("mpsdn_flows",
                    "Managed flows of the AP per tier", List.of("ap", "tier"));
            GaugeMetricFamily failsafe = new GaugeMetricFamily("mpsdn_failsafe_active",
                    "1 when the AP's limits are lifted because its agent is silent", List.of("ap"));
            GaugeMetricFamily intents = new GaugeMetricFamily("mpsdn_intents",
                    "Intents per kind and install state", List.of("kind", "state"));
            GaugeMetricFamily profile = new GaugeMetricFamily("mpsdn_regulation_profile_info",
                    "The regulation profile in force (value 1)", List.of("profile"));
            String inForce = northbound.parameters().get("profile");
            if (inForce != null) {
                profile.addMetric(List.of(inForce), 1);
            }
            for (ApInfo ap : northbound.aps()) {
                for (Direction d : Direction.values()) {
                    String dir = lower(d);
                    ap.occupancy(d).ifPresent(v -> occ.addMetric(List.of(ap.id(), dir), v));
                    ap.tier2LimitKbps(d).ifPresent(v -> limit.addMetric(List.of(ap.id(), dir), v * 1000.0));
                }
                capacity.addMetric(List.of(ap.id()), ap.capacityKbps() * 1000.0);
                for (Tier t : Tier.values()) {
                    flows.addMetric(List.of(ap.id(), lower(t)), ap.flowCount(t));
                }
                failsafe.addMetric(List.of(ap.id()), ap.agent().failsafe() ? 1 : 0);
            }
            Map<IntentKind, Map<IntentState, Integer>> counts = new EnumMap<>(IntentKind.class);
            for (IntentKind k : IntentKind.values()) {
                Map<IntentState, Integer> m = new EnumMap<>(IntentState.class);
                for (IntentState s : IntentState.values()) {
                    m.put(s, 0);
                }
                counts.put(k, m);
            }
            for (MpsdnIntent i : northbound.intents()) {
                counts.get(i.kind()).merge(i.state(), 1, Integer::sum);
            }
            counts.forEach((k, m) -> m.forEach((s, n) -> intents.addMetric(List.of(lower(k), lower(s)), n)));
            List<MetricFamilySamples> all = new ArrayList<>();
            all.add(occ);
            all.add(limit);
            all.add(capacity);
            all.add(flows);
            all.add(failsafe);
            all.add(intents);
            all.add(profile);
            return all;
        }
    }
}
