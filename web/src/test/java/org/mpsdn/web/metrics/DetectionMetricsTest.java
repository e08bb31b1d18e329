package org.mpsdn.web.metrics;

import org.junit.Test;
import org.mpsdn.api.model.ApKind;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.northbound.AgentHealth;
import org.mpsdn.api.northbound.ApInfo;
import org.mpsdn.api.northbound.ApOverride;
import org.mpsdn.api.northbound.UeInfo;
import org.mpsdn.api.northbound.UeSource;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;

/**
 * The multipath-user detection's metrics (issue 16): the detector's counters, station feeds, users
 * and conflicts, and the UEs by how they are known.
 */
public class DetectionMetricsTest {

    /** Northbound view with one AP and UEs of every source. */
    static final class Ues extends MpsdnMetricsTest.OneAp {
        Ues() {
            ap = new ApInfo("wifi1", ApKind.WIFI, "of:1", 54000, Set.of(Direction.DOWNLINK), ApOverride.none(),
                    Map.of(), Map.of(), Map.of(), new AgentHealth("h:1", AgentHealth.Status.OK, 0, 1));
        }

        @Override
        public List<UeInfo> ues() {
            return List.of(new UeInfo("auto-1", UeSource.DETECTED, "wifi1", List.of()),
                    new UeInfo("auto-2", UeSource.DETECTED, null, List.of()),
                    new UeInfo("ue1", UeSource.BOTH, null, List.of()),
                    new UeInfo("ip:10.0.1.7", UeSource.STATION, null, List.of()));
        }
    }

    @Test
    public void detectorCountersFeedsUsersAndConflicts() {
        MpsdnMetrics m = MetricsFixture.start(new Ues(), new FakeRegulation(), new FakeDetection());
        String text = m.scrape();
        assertEquals("counter", TextFormatParser.types(text).get("mpsdn_detection_events_total"));
        Map<String, Double> s = TextFormatParser.parse(text);
        assertEquals(4.0, s.get("mpsdn_detection_events_total{event=\"joins_resolved\"}"), 0.0);
        assertEquals("zero counters are exported", 0.0,
                s.get("mpsdn_detection_events_total{event=\"midstream_ignored\"}"), 0.0);
        assertEquals(118.0, s.get("mpsdn_detection_frames_total{result=\"decoded\"}"), 0.0);
        assertEquals(2.0, s.get("mpsdn_detection_malformed_frames_total"), 0.0);
        assertEquals(45.0, s.get("mpsdn_detection_station_lists_total{ap=\"lte1\"}"), 0.0);
        assertEquals(0.0, s.get("mpsdn_detection_station_entries_rejected_total{ap=\"lte1\"}"), 0.0);
        assertEquals(45.0, s.get("mpsdn_detection_station_entries_rejected_total{ap=\"wifi1\"}"), 0.0);
        assertEquals(3.0, s.get("mpsdn_detection_stations{ap=\"lte1\",mac=\"unknown\"}"), 0.0);
        assertEquals(0.0, s.get("mpsdn_detection_stations{ap=\"lte1\",mac=\"known\"}"), 0.0);
        assertEquals(2.0, s.get("mpsdn_detection_stations{ap=\"wifi1\",mac=\"known\"}"), 0.0);
        assertEquals(1.0, s.get("mpsdn_detection_users{multipath=\"true\"}"), 0.0);
        assertEquals(1.0, s.get("mpsdn_detection_users{multipath=\"false\"}"), 0.0);
        assertEquals(1.0, s.get("mpsdn_detection_conflicts{kind=\"address_claimed_by_two_stations\"}"), 0.0);
        assertEquals(2.0, s.get("mpsdn_ues{source=\"detected\"}"), 0.0);
        assertEquals(1.0, s.get("mpsdn_ues{source=\"both\"}"), 0.0);
        assertEquals(0.0, s.get("mpsdn_ues{source=\"registered\"}"), 0.0);
        assertEquals(1.0, s.get("mpsdn_ues{source=\"station\"}"), 0.0);
    }

    @Test
    public void withoutDetectionOnlyTheUesBySource() {
        MpsdnMetrics m = MetricsFixture.start(new Ues(), new FakeRegulation());
        String text = m.scrape();
        assertFalse(text.contains("mpsdn_detection_"));
        assertEquals(2.0, TextFormatParser.parse(text).get("mpsdn_ues{source=\"detected\"}"), 0.0);
    }
}
