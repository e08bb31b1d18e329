package org.mpsdn.web.metrics;

import org.junit.Before;
import org.junit.Test;
import org.mpsdn.api.model.ApKind;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.LimitReason;
import org.mpsdn.api.model.SignalSource;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.northbound.AgentHealth;
import org.mpsdn.api.northbound.ApInfo;
import org.mpsdn.api.northbound.ApOverride;
import org.mpsdn.api.regulation.LimitDecision;

import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

/**
 * The deciding signal, its threshold, the target, the cap and the reason of each AP direction, in the text format.
 */
public class DecisionMetricsTest {
    private static final String DL = "ap=\"ap1\",direction=\"downlink\"";
    private static final String UL = "ap=\"ap1\",direction=\"uplink\"";

    private MpsdnMetricsTest.OneAp nb;
    private MpsdnMetrics metrics;

    /**
     * The AP with a downlink decided on the Tier-1 stations (a decrease) and an uplink failed open.
     *
     * @param ap an AP view
     * @return the same AP with decisions
     */
    static ApInfo withDecisions(ApInfo ap) {
        Map<Direction, Long> limits = ap.tier2LimitKbps(Direction.UPLINK).isPresent()
                ? Map.of(Direction.UPLINK, ap.tier2LimitKbps(Direction.UPLINK).getAsLong()) : Map.of();
        return new ApInfo(ap.id(), ap.kind(), ap.deviceId(), ap.capacityKbps(), ap.directions(), ap.override(),
                Map.of(), limits, Map.of(), ap.agent(), Map.of(
                        Direction.DOWNLINK, new LimitDecision(SignalSource.TIER1_STATIONS, 0.72, 0.4, 17678, 27000,
                                LimitReason.DECREASE, "halved", 5),
                        Direction.UPLINK, LimitDecision.failOpen("agent silent", 5)));
    }

    @Before
    public void setUp() {
        nb = new MpsdnMetricsTest.OneAp();
        nb.ap = new ApInfo("ap1", ApKind.WIFI, "of:1", 54000, Set.of(Direction.DOWNLINK, Direction.UPLINK),
                ApOverride.none(), Map.of(), Map.of(), Map.of(Tier.TIER1, 1),
                new AgentHealth("h:1", AgentHealth.Status.OK, 0, 1));
        metrics = MetricsFixture.start(nb, new FakeRegulation());
    }

    @Test
    public void noDecisionNoSample() {
        Map<String, Double> s = TextFormatParser.parse(metrics.scrape());
        assertNull(s.get("mpsdn_ap_limit_reason{" + DL + ",reason=\"hold\"}"));
        assertNull(s.get("mpsdn_ap_tier2_target_bits_per_second{" + DL + "}"));
    }

    @Test
    public void decisionsAreExportedPerApAndDirection() {
        nb.ap = withDecisions(nb.ap);
        String text = metrics.scrape();
        Map<String, String> types = TextFormatParser.types(text);
        assertEquals("gauge", types.get("mpsdn_ap_deciding_signal_ratio"));
        assertEquals("gauge", types.get("mpsdn_ap_limit_reason"));
        Map<String, Double> s = TextFormatParser.parse(text);
        assertEquals(0.72, s.get("mpsdn_ap_deciding_signal_ratio{" + DL + ",signal=\"tier1_stations\"}"), 0.0);
        assertEquals(0.4, s.get("mpsdn_ap_deciding_threshold_ratio{" + DL + ",signal=\"tier1_stations\"}"), 0.0);
        assertNull(s.get("mpsdn_ap_deciding_signal_ratio{" + DL + ",signal=\"mac_occ\"}"));
        assertEquals(17_678_000.0, s.get("mpsdn_ap_tier2_target_bits_per_second{" + DL + "}"), 0.0);
        assertEquals(27_000_000.0, s.get("mpsdn_ap_tier2_cap_bits_per_second{" + DL + "}"), 0.0);
        for (LimitReason r : LimitReason.values()) {
            String reason = r.name().toLowerCase(java.util.Locale.ROOT);
            assertEquals(r == LimitReason.DECREASE ? 1.0 : 0.0,
                    s.get("mpsdn_ap_limit_reason{" + DL + ",reason=\"" + reason + "\"}"), 0.0);
            assertEquals(r == LimitReason.FAIL_OPEN ? 1.0 : 0.0,
                    s.get("mpsdn_ap_limit_reason{" + UL + ",reason=\"" + reason + "\"}"), 0.0);
        }
        assertNull("no signal when failed open",
                s.get("mpsdn_ap_deciding_signal_ratio{" + UL + ",signal=\"tier1_stations\"}"));
        assertNull("no target when lifted", s.get("mpsdn_ap_tier2_target_bits_per_second{" + UL + "}"));
    }
}
