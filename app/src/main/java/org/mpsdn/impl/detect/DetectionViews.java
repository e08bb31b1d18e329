package org.mpsdn.impl.detect;

import org.mpsdn.api.detection.DetectedUser;
import org.mpsdn.api.detection.DetectionConflict;
import org.mpsdn.api.detection.DetectionStats;
import org.mpsdn.api.detection.StationFeedStats;
import org.mpsdn.mptcp.MultipathUser;
import org.mpsdn.mptcp.MultipathUserTracker;
import org.mpsdn.mptcp.TrackerEvent;
import org.mpsdn.mptcp.UserApConnection;
import org.mpsdn.mptcp.wire.DecodeEvent;
import org.mpsdn.mptcp.wire.DecodeStats;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Builds the operator view of the detection ({@link DetectionStats}) from the tracker's counters,
 * the station feeds and the last cycle's users and conflicts. Pure functions.
 */
final class DetectionViews {
    private DetectionViews() {
    }

    /**
     * Builds the detection state.
     *
     * @param tracker   the tracker (its counters)
     * @param feeds     the station feeds per AP
     * @param users     the users of the last cycle
     * @param conflicts the conflicts of the last cycle
     * @return the view
     */
    static DetectionStats stats(MultipathUserTracker tracker, List<StationFeedStats> feeds,
                                List<MultipathUser> users, List<DetectionConflict> conflicts) {
        Map<String, Long> events = new LinkedHashMap<>();
        for (TrackerEvent e : TrackerEvent.values()) {
            events.put(name(e), tracker.eventCount(e));
        }
        DecodeStats decode = tracker.decodeStats();
        Map<String, Long> frames = new LinkedHashMap<>();
        for (DecodeEvent e : DecodeEvent.values()) {
            frames.put(name(e), decode.get(e));
        }
        List<DetectedUser> detected = new ArrayList<>();
        for (MultipathUser u : users) {
            detected.add(user(u));
        }
        return new DetectionStats(events, frames, decode.malformed(), feeds, detected, conflicts);
    }

    /**
     * The view of one grouped user.
     *
     * @param u tracker user
     * @return view
     */
    static DetectedUser user(MultipathUser u) {
        Map<String, List<String>> aps = new LinkedHashMap<>();
        for (UserApConnection c : u.connections()) {
            aps.put(c.apId(), texts(c.addresses()));
        }
        return new DetectedUser(u.id(), u.registered(), texts(u.addresses()), new ArrayList<>(u.macs()), aps,
                u.multipath());
    }

    private static List<String> texts(Iterable<InetAddress> addresses) {
        List<String> out = new ArrayList<>();
        addresses.forEach(a -> out.add(a.getHostAddress()));
        return out;
    }

    /**
     * The exported name of a counter: its constant in lower case.
     *
     * @param e counter
     * @return name
     */
    static String name(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }
}
