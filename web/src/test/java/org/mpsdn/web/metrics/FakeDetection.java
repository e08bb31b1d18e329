package org.mpsdn.web.metrics;

import org.mpsdn.api.detection.DetectedUser;
import org.mpsdn.api.detection.DetectionConflict;
import org.mpsdn.api.detection.DetectionService;
import org.mpsdn.api.detection.DetectionStats;
import org.mpsdn.api.detection.StationFeedStats;

import java.util.List;
import java.util.Map;

/**
 * Detection service with a fixed state the test may replace: two APs (the eNB's stations without
 * MAC, one bad Wi-Fi entry), one multipath and one single-path user, one conflict.
 */
public class FakeDetection implements DetectionService {
    /** The state returned. */
    public volatile DetectionStats stats = new DetectionStats(
            Map.of("packets", 120L, "mptcp_connections", 4L, "joins_resolved", 4L, "midstream_ignored", 0L),
            Map.of("decoded", 118L, "bad_dss", 2L), 2,
            List.of(new StationFeedStats("lte1", 45, 3, 3, 0, ""),
                    new StationFeedStats("wifi1", 45, 3, 1, 45, "IP 10.0.1.2: malformed MAC 'x'")),
            List.of(new DetectedUser("auto-1", false, List.of("10.0.1.2", "10.0.2.2"), List.of(),
                            Map.of("lte1", List.of("10.0.2.2"), "wifi1", List.of("10.0.1.2")), true),
                    new DetectedUser("ue1", true, List.of("10.0.1.1"), List.of("02:00:00:00:01:01"),
                            Map.of("wifi1", List.of("10.0.1.1")), false)),
            List.of(new DetectionConflict("ADDRESS_CLAIMED_BY_TWO_STATIONS", "10.0.1.9", "two MACs")));

    @Override
    public DetectionStats detection() {
        return stats;
    }
}
