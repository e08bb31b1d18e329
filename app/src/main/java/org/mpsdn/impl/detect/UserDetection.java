package org.mpsdn.impl.detect;

import org.mpsdn.api.detection.DetectionConflict;
import org.mpsdn.api.detection.DetectionStats;
import org.mpsdn.api.telemetry.ApTelemetry;
import org.mpsdn.impl.config.UeSpec;
import org.mpsdn.impl.flow.FlowMatch;
import org.mpsdn.impl.flow.FlowStatsCollector;
import org.mpsdn.impl.flow.PerFlowRule;
import org.mpsdn.mptcp.MultipathUser;
import org.mpsdn.mptcp.MultipathUserTracker;
import org.mpsdn.mptcp.TrackerEvent;
import org.mpsdn.mptcp.UserSnapshot;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleEvent;
import org.onosproject.net.flow.FlowRuleListener;
import org.slf4j.Logger;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Detects multipath users (issue 5). Owns the {@link MultipathUserTracker}, which is fed
 * <ul>
 * <li>every punted frame from an AP switch port ({@link #onPacket}, packet-in thread);</li>
 * <li>the per-flow rules' activity ({@link #flowActive}: the rule's byte counter moved this cycle,
 *     so the flow outlives the tracker's idle timeout while it carries traffic) and their removal
 *     ({@link #ruleListener()}: idle expiry of the rule ends the flow);</li>
 * <li>each cycle, the APs' station lists ({@link #detect}, through {@link StationFeed}: stations
 *     without a MAC count by IP, a bad entry is rejected on its own).</li>
 * </ul>
 * {@link #detect} merges the tracker's users with the registered UEs; new conflicts are logged once
 * each while they last. {@link #stats} gives the detector's counters, station feeds, users and
 * conflicts.
 */
public final class UserDetection implements FlowStatsCollector.Activity {
    private final Logger log = getLogger(getClass());
    private final MultipathUserTracker tracker;
    private final StationFeed stations;
    /** Conflicts already logged, so each is reported once while it lasts. */
    private final Set<DetectionConflict> reportedConflicts = ConcurrentHashMap.newKeySet();
    private final ApplicationId appId;
    private final LongSupplier clock;
    private final FlowRuleListener ruleListener = this::ruleEvent;
    private volatile List<DetectionConflict> conflicts = List.of();
    /** Users the tracker grouped in the last cycle. */
    private volatile List<MultipathUser> users = List.of();
    /** Mid-stream packets ignored when last logged, and when. */
    private long midstreamLogged;
    private long midstreamLoggedAt = Long.MIN_VALUE / 2;
    /** UEs of the last cycle: registrations merged with the detected users. */
    private volatile List<UeSpec> effectiveUes = List.of();

    /**
     * Creates the detection.
     *
     * @param appId the app's id (its per-flow rules' removals end flows)
     * @param clock wall clock in milliseconds
     */
    public UserDetection(ApplicationId appId, LongSupplier clock) {
        this(appId, clock, TrackerIdleTimeout.fromSystem(getLogger(UserDetection.class)::warn));
    }

    /**
     * Creates the detection with the tracker's idle timeout given.
     *
     * @param appId             the app's id (its per-flow rules' removals end flows)
     * @param clock             wall clock in milliseconds
     * @param idleTimeoutMillis the tracker's idle timeout (see {@link TrackerIdleTimeout})
     */
    public UserDetection(ApplicationId appId, LongSupplier clock, long idleTimeoutMillis) {
        this.appId = appId;
        this.clock = clock;
        this.tracker = new MultipathUserTracker(idleTimeoutMillis, MultipathUserTracker.DEFAULT_SYN_TIMEOUT_MILLIS,
                MultipathUserTracker.DEFAULT_CLOSED_LINGER_MILLIS);
        this.stations = new StationFeed(tracker,
                new RejectedEntriesLog(log::warn, log::info, RejectedEntriesLog.DEFAULT_REPEAT_MILLIS));
        if (idleTimeoutMillis != MultipathUserTracker.DEFAULT_IDLE_TIMEOUT_MILLIS) {
            log.info("Multipath-user tracker idle timeout {} ms ({})", idleTimeoutMillis, TrackerIdleTimeout.PROPERTY);
        }
    }

    /**
     * Takes the registered UEs of a new config (they take precedence in the tracker's grouping).
     *
     * @param registered registered UEs
     */
    public void setRegistrations(List<UeSpec> registered) {
        tracker.setRegistrations(DetectedUes.registrations(registered));
    }

    /**
     * Feeds a punted frame (never throws: the tracker counts what it cannot decode).
     *
     * @param apId      AP whose switch punted it
     * @param frame     the raw frame
     * @param nowMillis current time
     */
    public void onPacket(String apId, byte[] frame, long nowMillis) {
        tracker.onPacket(apId, frame, nowMillis);
    }

    @Override
    public void flowActive(FlowMatch m, long nowMillis) {
        tracker.onFlowActive(m.protocol(), m.src().toInetAddress(), m.srcPort(), m.dst().toInetAddress(),
                m.dstPort(), nowMillis);
    }

    /**
     * The listener that ends a flow in the tracker when its per-flow rule is removed.
     *
     * @return flow rule listener
     */
    public FlowRuleListener ruleListener() {
        return ruleListener;
    }

    private void ruleEvent(FlowRuleEvent event) {
        FlowRule r = event.subject();
        if (event.type() != FlowRuleEvent.Type.RULE_REMOVED || !PerFlowRule.isPerFlowRule(r, appId)) {
            return;
        }
        // idle expiry (or removal) of a per-flow rule: the flow ended
        FlowMatch.fromSelector(r.selector()).ifPresent(m -> tracker.onFlowRemoved(m.protocol(),
                m.src().toInetAddress(), m.srcPort(), m.dst().toInetAddress(), m.dstPort(), clock.getAsLong()));
    }

    /**
     * Feeds the APs' station lists to the tracker and merges its users with the registered UEs.
     *
     * @param reports    latest report per AP id (empty when none is fresh)
     * @param registered the registered UEs
     * @param nowMillis  current time
     * @return the UEs of this cycle and the UE of each known address
     */
    public DetectedUes detect(Map<String, Optional<ApTelemetry>> reports, List<UeSpec> registered,
                              long nowMillis) {
        reports.forEach((apId, report) -> report.ifPresent(r -> stations.feed(apId, r, nowMillis)));
        stations.retainAps(reports.keySet());
        UserSnapshot snapshot = tracker.users(nowMillis);
        List<DetectionConflict> found = snapshot.conflicts();
        for (DetectionConflict c : found) {
            if (reportedConflicts.add(c)) {
                log.warn("Multipath user conflict: {}", c);
            }
        }
        reportedConflicts.retainAll(found);
        conflicts = found;
        users = snapshot.users();
        logMidstream(nowMillis);
        DetectedUes merged = DetectedUes.merge(registered, snapshot);
        effectiveUes = merged.ues();
        return merged;
    }

    /**
     * Tells the operator (at most every 10 minutes) that flows were seen only mid-stream and could not be
     * grouped: their handshakes passed before the punt rules (traffic forwarded before the app was in charge).
     */
    private void logMidstream(long now) {
        long ignored = tracker.eventCount(TrackerEvent.MIDSTREAM_IGNORED);
        if (ignored > midstreamLogged && now - midstreamLoggedAt >= RejectedEntriesLog.DEFAULT_REPEAT_MILLIS) {
            log.info("{} packets of flows whose handshake the controller did not see could not be grouped (plain TCP,"
                    + " no 64-bit DSS, or no station list names their user); such flows are grouped once they"
                    + " reconnect (counter midstream_ignored in /onos/mpsdn/detection)", ignored - midstreamLogged);
            midstreamLogged = ignored;
            midstreamLoggedAt = now;
        }
    }

    /** @return conflicts between detection, registration and station lists found by the last cycle */
    public List<DetectionConflict> conflicts() {
        return conflicts;
    }

    /** @return UEs the last cycle gave the engine: registered UEs merged with the detected users */
    public List<UeSpec> effectiveUes() {
        return effectiveUes;
    }

    /**
     * Returns the detector's counters (since start), its station feeds, and the users and
     * conflicts of the last cycle.
     *
     * @return detection state
     */
    public DetectionStats stats() {
        return DetectionViews.stats(tracker, stations.stats(), users, conflicts);
    }
}
