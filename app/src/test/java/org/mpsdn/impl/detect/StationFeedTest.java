package org.mpsdn.impl.detect;

import org.junit.Test;
import org.mpsdn.api.detection.StationFeedStats;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.telemetry.ApTelemetry;
import org.mpsdn.api.telemetry.StationTelemetry;
import org.mpsdn.mptcp.MultipathUserTracker;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The agents' station lists reach the tracker as real agents send them (issue 16): the lab measured
 * every cycle "Ignoring station list of lte: ... IP 10.0.2.2: malformed MAC ''" and the whole list
 * lost. Stations without MAC count by IP; only a bad entry is rejected; counts per AP.
 */
public class StationFeedTest {
    private final MultipathUserTracker tracker = new MultipathUserTracker();
    private final List<String> warnings = new ArrayList<>();
    private final StationFeed feed = new StationFeed(tracker, new RejectedEntriesLog(warnings::add, s -> { },
            RejectedEntriesLog.DEFAULT_REPEAT_MILLIS));

    private static ApTelemetry report(String ap, StationTelemetry... stations) {
        return new ApTelemetry(ap, 1, 2000, Map.of(Direction.DOWNLINK, 0.1), 0, List.of(stations), 0);
    }

    private static StationTelemetry station(String mac, String... ips) {
        return new StationTelemetry(mac, List.of(ips), -60, 1, 1, 0, 0, 0);
    }

    @Test
    public void enbStationsWithoutMacAreKept() {
        for (int cycle = 0; cycle < 3; cycle++) {
            feed.feed("lte", report("lte", station("", "10.0.2.2"), station("", "10.0.2.3"),
                    station("", "10.0.2.4")), cycle * 2000L);
        }
        assertEquals(List.of(new StationFeedStats("lte", 3, 3, 3, 0, "")), feed.stats());
        assertTrue(warnings.toString(), warnings.isEmpty());
    }

    @Test
    public void badEntriesAreRejectedAloneCountedAndLoggedOnce() {
        for (int cycle = 0; cycle < 5; cycle++) {
            feed.feed("wifi", report("wifi", station("02:00:00:00:00:01", "10.0.1.1"),
                    station("not-a-mac", "10.0.1.2"), station("", "10.0.1.999", "10.0.1.3"),
                    station("02:00:00:00:00:04", "10.0.1.3")), cycle * 2000L);
        }
        List<StationFeedStats> stats = feed.stats();
        assertEquals(1, stats.size());
        StationFeedStats wifi = stats.get(0);
        assertEquals(5, wifi.lists());
        assertEquals("10.0.1.1 and 10.0.1.3 kept", 2, wifi.stations());
        assertEquals(1, wifi.stationsWithoutMac());
        assertEquals(15, wifi.entriesRejected());
        assertEquals("IP 10.0.1.2: malformed MAC 'not-a-mac' (want aa:bb:cc:dd:ee:ff)", wifi.lastRejection());
        assertEquals(1, warnings.size());
        assertTrue(warnings.get(0), warnings.get(0).startsWith("Station list of wifi: 3 bad entries ignored, e.g. "
                + "malformed IP '10.0.1.999'"));
        // an AP that left the config is forgotten
        feed.retainAps(Set.of("lte"));
        assertTrue(feed.stats().isEmpty());
    }
}
