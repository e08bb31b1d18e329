package org.mpsdn.web.metrics;

import org.junit.Before;
import org.junit.Test;
import org.mpsdn.api.model.ApKind;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.northbound.AgentHealth;
import org.mpsdn.api.northbound.ApInfo;
import org.mpsdn.api.northbound.ApOverride;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.IntentState;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.NorthboundService;
import org.mpsdn.api.northbound.UeInfo;
import org.mpsdn.api.northbound.WeightMode;
import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.api.regulation.ManagedFlow;
import org.mpsdn.api.regulation.RegulationEvent;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/**
 * Metrics are rendered in the text format and parsed back.
 */
public class MpsdnMetricsTest {

    /** Northbound view with one AP whose state the test changes. */
    static class OneAp implements NorthboundService {
        volatile ApInfo ap;
        final List<MpsdnIntent> intents = new ArrayList<>();
        final Map<String, String> parameters = new HashMap<>();

        @Override
        public List<ApInfo> aps() {
            return List.of(ap);
        }

        @Override
        public Optional<ApInfo> ap(String apId) {
            return Optional.of(ap);
        }

        @Override
        public List<UeInfo> ues() {
            return List.of();
        }

        @Override
        public Optional<UeInfo> ue(String ueId) {
            return Optional.empty();
        }

        @Override
        public List<ManagedFlow> flows(String apId, String ueId, Tier tier) {
            return List.of();
        }

        @Override
        public Map<String, String> parameters() {
            return parameters;
        }

        @Override
        public Map<String, String> ignoredParameters() {
            return Map.of();
        }

        @Override
        public List<MpsdnIntent> intents() {
            return intents;
        }

        @Override
        public Optional<MpsdnIntent> intent(String intentId) {
            return Optional.empty();
        }
    }

    private OneAp nb;
    private FakeRegulation regulation;
    private MpsdnMetrics metrics;

    @Before
    public void setUp() {
        nb = new OneAp();
        nb.ap = new ApInfo("ap1", ApKind.WIFI, "of:1", 54000, Set.of(Direction.DOWNLINK, Direction.UPLINK),
                ApOverride.none(), Map.of(Direction.DOWNLINK, 0.5), Map.of(Direction.UPLINK, 250L),
                Map.of(Tier.TIER1, 4, Tier.TIER2, 2), new AgentHealth("h:1", AgentHealth.Status.OK, 0, 1));
        regulation = new FakeRegulation();
        metrics = MetricsFixture.start(nb, regulation);
    }

    @Test
    public void profileInForceIsAnInfoGauge() {
        assertNull("no profile shown, no sample", TextFormatParser.parse(metrics.scrape())
                .get("mpsdn_regulation_profile_info{profile=\"mpsdn\"}"));
        nb.parameters.put("profile", "mpsdn");
        Map<String, Double> s = TextFormatParser.parse(metrics.scrape());
        assertEquals(1.0, s.get("mpsdn_regulation_profile_info{profile=\"mpsdn\"}"), 0.0);
        nb.parameters.put("profile", "paper");
        s = TextFormatParser.parse(metrics.scrape());
        assertEquals(1.0, s.get("mpsdn_regulation_profile_info{profile=\"paper\"}"), 0.0);
        assertNull(s.get("mpsdn_regulation_profile_info{profile=\"mpsdn\"}"));
    }

    @Test
    public void gaugesFollowTheNorthboundView() {
        Map<String, Double> s = TextFormatParser.parse(metrics.scrape());
        assertEquals(0.5, s.get("mpsdn_ap_mac_queue_occupancy_ratio{ap=\"ap1\",direction=\"downlink\"}"), 0.0);
        assertNull("unknown occupancy is absent, not 0",
                s.get("mpsdn_ap_mac_queue_occupancy_ratio{ap=\"ap1\",direction=\"uplink\"}"));
        assertEquals(250_000.0, s.get("mpsdn_ap_tier2_limit_bits_per_second{ap=\"ap1\",direction=\"uplink\"}"), 0.0);
        assertNull("unlimited direction is absent",
                s.get("mpsdn_ap_tier2_limit_bits_per_second{ap=\"ap1\",direction=\"downlink\"}"));
        assertEquals(54e6, s.get("mpsdn_ap_capacity_bits_per_second{ap=\"ap1\"}"), 0.0);
        assertEquals(4.0, s.get("mpsdn_flows{ap=\"ap1\",tier=\"tier1\"}"), 0.0);
        assertEquals(2.0, s.get("mpsdn_flows{ap=\"ap1\",tier=\"tier2\"}"), 0.0);
        assertEquals(0.0, s.get("mpsdn_failsafe_active{ap=\"ap1\"}"), 0.0);
        assertEquals("poll error counter exists at 0 before any error", 0.0,
                s.get("mpsdn_agent_poll_errors_total{ap=\"ap1\"}"), 0.0);

        nb.ap = new ApInfo("ap1", ApKind.WIFI, "of:1", 54000, Set.of(Direction.DOWNLINK), ApOverride.none(),
                Map.of(Direction.DOWNLINK, 0.95), Map.of(), Map.of(),
                new AgentHealth("h:1", AgentHealth.Status.FAILSAFE, 9, 1));
        nb.intents.add(MpsdnIntent.builder().id("w").kind(IntentKind.CLIENT_WEIGHTS).target("c")
                .weightMode(WeightMode.AUTOMATIC).state(IntentState.FAILED).reason("x").build());
        s = TextFormatParser.parse(metrics.scrape());
        assertEquals(0.95, s.get("mpsdn_ap_mac_queue_occupancy_ratio{ap=\"ap1\",direction=\"downlink\"}"), 0.0);
        assertEquals(1.0, s.get("mpsdn_failsafe_active{ap=\"ap1\"}"), 0.0);
        assertEquals(1.0, s.get("mpsdn_intents{kind=\"client_weights\",state=\"failed\"}"), 0.0);
        assertEquals(0.0, s.get("mpsdn_intents{kind=\"client_weights\",state=\"installed\"}"), 0.0);
    }

    @Test
    public void cycleHistogramCountsIntoBuckets() {
        metrics.cycleCompleted(2_000_000);      // 2 ms
        metrics.cycleCompleted(40_000_000);     // 40 ms
        metrics.cycleCompleted(3_000_000_000L); // 3 s: above every bucket
        String text = metrics.scrape();
        assertEquals("histogram", TextFormatParser.types(text).get("mpsdn_cycle_duration_seconds"));
        Map<String, Double> s = TextFormatParser.parse(text);
        assertEquals(3.0, s.get("mpsdn_cycle_duration_seconds_count"), 0.0);
        assertEquals(3.042, s.get("mpsdn_cycle_duration_seconds_sum"), 1e-9);
        assertEquals(0.0, s.get("mpsdn_cycle_duration_seconds_bucket{le=\"0.001\"}"), 0.0);
        assertEquals(1.0, s.get("mpsdn_cycle_duration_seconds_bucket{le=\"0.0025\"}"), 0.0);
        assertEquals(2.0, s.get("mpsdn_cycle_duration_seconds_bucket{le=\"0.05\"}"), 0.0);
        assertEquals(2.0, s.get("mpsdn_cycle_duration_seconds_bucket{le=\"2.5\"}"), 0.0);
        assertEquals(3.0, s.get("mpsdn_cycle_duration_seconds_bucket{le=\"+Inf\"}"), 0.0);
    }

    @Test
    public void pollErrorsCountOnlyMissedReports() {
        metrics.telemetryChecked("ap1", true);
        metrics.telemetryChecked("ap1", false);
        metrics.telemetryChecked("ap1", false);
        metrics.telemetryChecked("ap2", true);
        String text = metrics.scrape();
        assertEquals("counter", TextFormatParser.types(text).get("mpsdn_agent_poll_errors_total"));
        Map<String, Double> s = TextFormatParser.parse(text);
        assertEquals(2.0, s.get("mpsdn_agent_poll_errors_total{ap=\"ap1\"}"), 0.0);
        assertEquals(0.0, s.get("mpsdn_agent_poll_errors_total{ap=\"ap2\"}"), 0.0);
    }

    @Test
    public void pollTimeoutsAreCountedPerAp() {
        assertEquals("exists at 0 before any timeout", 0.0,
                TextFormatParser.parse(metrics.scrape()).get("mpsdn_agent_poll_timeouts_total{ap=\"ap1\"}"), 0.0);
        metrics.telemetryTimedOut("ap1");
        metrics.telemetryTimedOut("ap2");
        metrics.telemetryTimedOut("ap2");
        String text = metrics.scrape();
        assertEquals("counter", TextFormatParser.types(text).get("mpsdn_agent_poll_timeouts_total"));
        Map<String, Double> s = TextFormatParser.parse(text);
        assertEquals(1.0, s.get("mpsdn_agent_poll_timeouts_total{ap=\"ap1\"}"), 0.0);
        assertEquals(2.0, s.get("mpsdn_agent_poll_timeouts_total{ap=\"ap2\"}"), 0.0);
    }

    @Test
    public void signalAgeIsAGaugeInSecondsAbsentWhenUnknown() {
        assertNull(TextFormatParser.parse(metrics.scrape()).get("mpsdn_signal_age_seconds{ap=\"ap1\"}"));
        metrics.signalAge("ap1", OptionalDouble.of(250.0));
        String text = metrics.scrape();
        assertEquals("gauge", TextFormatParser.types(text).get("mpsdn_signal_age_seconds"));
        assertEquals(0.25, TextFormatParser.parse(text).get("mpsdn_signal_age_seconds{ap=\"ap1\"}"), 1e-12);
        metrics.signalAge("ap1", OptionalDouble.of(40.0));
        assertEquals(0.04, TextFormatParser.parse(metrics.scrape()).get("mpsdn_signal_age_seconds{ap=\"ap1\"}"),
                1e-12);
        metrics.signalAge("ap1", OptionalDouble.empty());
        assertNull(TextFormatParser.parse(metrics.scrape()).get("mpsdn_signal_age_seconds{ap=\"ap1\"}"));
    }

    @Test
    public void apFaultsAndLateStepsAreCountedPerAp() {
        assertEquals("exists at 0 before any fault", 0.0,
                TextFormatParser.parse(metrics.scrape()).get("mpsdn_ap_faults_total{ap=\"ap1\"}"), 0.0);
        metrics.apFault("ap1");
        metrics.apFault("ap1");
        metrics.meterStepLate("ap1");
        String text = metrics.scrape();
        assertEquals("counter", TextFormatParser.types(text).get("mpsdn_ap_faults_total"));
        assertEquals("counter", TextFormatParser.types(text).get("mpsdn_meter_steps_late_total"));
        Map<String, Double> s = TextFormatParser.parse(text);
        assertEquals(2.0, s.get("mpsdn_ap_faults_total{ap=\"ap1\"}"), 0.0);
        assertEquals(1.0, s.get("mpsdn_meter_steps_late_total{ap=\"ap1\"}"), 0.0);
    }

    @Test
    public void meterSwapsCountMeterReplacementsOnly() {
        ApRegulationState fresh = ApRegulationState.builder("ap1", "of:1").build();
        regulation.post(new RegulationEvent(RegulationEvent.Type.AP_STATE_UPDATED, fresh));
        ApRegulationState first = fresh.toBuilder().limit(Direction.DOWNLINK, 5000, 1).build();
        regulation.post(new RegulationEvent(RegulationEvent.Type.AP_STATE_UPDATED, first));
        ApRegulationState occOnly = first.toBuilder().occupancy(Direction.DOWNLINK, 0.9).build();
        regulation.post(new RegulationEvent(RegulationEvent.Type.AP_STATE_UPDATED, occOnly));
        assertFalse("first meter and occupancy updates are no swaps",
                metrics.scrape().contains("mpsdn_meter_swaps_total{"));
        regulation.post(new RegulationEvent(RegulationEvent.Type.AP_STATE_UPDATED,
                occOnly.toBuilder().limit(Direction.DOWNLINK, 2500, 2).build()));
        regulation.post(new RegulationEvent(RegulationEvent.Type.AP_STATE_UPDATED,
                occOnly.toBuilder().limit(Direction.DOWNLINK, 3750, 3).build()));
        Map<String, Double> s = TextFormatParser.parse(metrics.scrape());
        assertEquals(2.0, s.get("mpsdn_meter_swaps_total{ap=\"ap1\",direction=\"downlink\"}"), 0.0);
        regulation.post(new RegulationEvent(RegulationEvent.Type.AP_STATE_REMOVED, occOnly));
        regulation.post(new RegulationEvent(RegulationEvent.Type.AP_STATE_UPDATED,
                occOnly.toBuilder().limit(Direction.DOWNLINK, 100, 9).build()));
        s = TextFormatParser.parse(metrics.scrape());
        assertEquals("a meter after removal is a new start", 2.0,
                s.get("mpsdn_meter_swaps_total{ap=\"ap1\",direction=\"downlink\"}"), 0.0);
        metrics.deactivate();
        assertTrue(regulation.listeners.isEmpty());
    }

    @Test
    public void writesASampleScrapeForTheDashboardCheck() throws java.io.IOException {
        metrics.cycleCompleted(1_000_000);
        metrics.telemetryChecked("ap1", false);
        ApRegulationState a = ApRegulationState.builder("ap1", "of:1").limit(Direction.DOWNLINK, 5000, 1).build();
        regulation.post(new RegulationEvent(RegulationEvent.Type.AP_STATE_UPDATED, a));
        regulation.post(new RegulationEvent(RegulationEvent.Type.AP_STATE_UPDATED,
                a.toBuilder().limit(Direction.DOWNLINK, 2500, 2).build()));
        metrics.detection = new FakeDetection();
        nb.ap = DecisionMetricsTest.withDecisions(nb.ap);
        String text = metrics.scrape();
        Map<String, String> types = TextFormatParser.types(text);
        for (String name : List.of("mpsdn_ap_mac_queue_occupancy_ratio", "mpsdn_ap_tier2_limit_bits_per_second",
                "mpsdn_flows", "mpsdn_cycle_duration_seconds", "mpsdn_agent_poll_errors_total",
                "mpsdn_failsafe_active", "mpsdn_meter_swaps_total", "mpsdn_intents", "mpsdn_ues",
                "mpsdn_detection_events_total", "mpsdn_detection_frames_total",
                "mpsdn_detection_malformed_frames_total", "mpsdn_detection_station_lists_total",
                "mpsdn_detection_station_entries_rejected_total", "mpsdn_detection_stations",
                "mpsdn_detection_users", "mpsdn_detection_conflicts", "mpsdn_ap_deciding_signal_ratio",
                "mpsdn_ap_deciding_threshold_ratio", "mpsdn_ap_tier2_target_bits_per_second",
                "mpsdn_ap_tier2_cap_bits_per_second", "mpsdn_ap_limit_reason")) {
            assertTrue(name + " missing from " + types.keySet(), types.containsKey(name));
        }
        java.nio.file.Files.writeString(java.nio.file.Path.of("target/metrics-sample.txt"), text);
    }

    @Test(expected = IllegalArgumentException.class)
    public void parserRejectsGarbage() {
        TextFormatParser.parse("mpsdn_x{ap=\"a\" 1\n");
    }
}
