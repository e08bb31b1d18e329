package org.mpsdn.api.detection;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The detector's state as of the last cycle: its counters since start, what each AP's station
 * lists gave it, the users it grouped and the conflicts it found.
 * <p>
 * {@link #events()} are the tracker's counters, e.g. {@code packets}, {@code mptcp_connections}
 * (MP_CAPABLE handshakes decoded), {@code joins_resolved} (MP_JOIN tokens matched to a
 * connection), {@code joins_unresolved}, {@code fallbacks}, {@code flows_expired};
 * {@link #frames()} are the frame decoder's counters, e.g. {@code decoded}, {@code not_ip},
 * {@code bad_mp_join}; {@link #malformedFrames()} sums the decoder's malformed-input counters.
 */
public final class DetectionStats {
    private final Map<String, Long> events;
    private final Map<String, Long> frames;
    private final long malformedFrames;
    private final List<StationFeedStats> stationFeeds;
    private final List<DetectedUser> users;
    private final List<DetectionConflict> conflicts;

    /**
     * Creates the detection state.
     *
     * @param events          tracker counter name to count (every counter, zeros included)
     * @param frames          decoder counter name to count (every counter, zeros included)
     * @param malformedFrames frames rejected as malformed (sum of the decoder's malformed counters)
     * @param stationFeeds    per AP, the station lists fed to the detector
     * @param users           the users grouped by the last cycle
     * @param conflicts       the conflicts found by the last cycle
     */
    public DetectionStats(Map<String, Long> events, Map<String, Long> frames, long malformedFrames,
                          List<StationFeedStats> stationFeeds, List<DetectedUser> users,
                          List<DetectionConflict> conflicts) {
        this.events = Collections.unmodifiableMap(new TreeMap<>(Objects.requireNonNull(events, "events")));
        this.frames = Collections.unmodifiableMap(new TreeMap<>(Objects.requireNonNull(frames, "frames")));
        this.malformedFrames = malformedFrames;
        this.stationFeeds = List.copyOf(stationFeeds);
        this.users = List.copyOf(users);
        this.conflicts = List.copyOf(conflicts);
    }

    /** @return tracker counters by name, sorted */
    public Map<String, Long> events() {
        return events;
    }

    /**
     * Returns one tracker counter.
     *
     * @param name counter name, e.g. {@code joins_resolved}
     * @return its count, 0 if unknown
     */
    public long event(String name) {
        return events.getOrDefault(name, 0L);
    }

    /** @return frame decoder counters by name, sorted */
    public Map<String, Long> frames() {
        return frames;
    }

    /** @return frames rejected as malformed */
    public long malformedFrames() {
        return malformedFrames;
    }

    /** @return station feeds, by AP id */
    public List<StationFeedStats> stationFeeds() {
        return stationFeeds;
    }

    /** @return users grouped by the last cycle, by id */
    public List<DetectedUser> users() {
        return users;
    }

    /** @return conflicts found by the last cycle */
    public List<DetectionConflict> conflicts() {
        return conflicts;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof DetectionStats)) {
            return false;
        }
        DetectionStats d = (DetectionStats) o;
        return events.equals(d.events) && frames.equals(d.frames) && malformedFrames == d.malformedFrames
                && stationFeeds.equals(d.stationFeeds) && users.equals(d.users) && conflicts.equals(d.conflicts);
    }

    @Override
    public int hashCode() {
        return Objects.hash(events, frames, malformedFrames, stationFeeds, users, conflicts);
    }

    @Override
    public String toString() {
        return "DetectionStats{events=" + events + ", malformedFrames=" + malformedFrames + ", users=" + users
                + ", conflicts=" + conflicts + "}";
    }
}
