package org.mpsdn.impl.flow;

import org.mpsdn.api.model.Tier;
import org.mpsdn.impl.config.ApSpec;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRuleService;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Reads the per-flow rules' counters at the AP switches once per cycle: each flow's bytes, packets
 * and rate. Runs on the regulation loop's thread.
 * <p>
 * Counters are read as ONOS 2.7 keeps them: an ADD or MODIFY of a rule replaces its stored entry
 * with a fresh one (state PENDING_ADD, bytes, packets and life 0) until the next flow-stats poll
 * ({@code ECFlowRuleStore.updateStoreInternal}); the poll, every 5 s by default
 * ({@code OpenFlowRuleProvider} {@code flowPollFrequency}), brings the switch's cumulative counters
 * and the flow's duration and marks it ADDED ({@code ECFlowRuleStore.addOrUpdateFlowRuleInternal}).
 * So a flow's counters are taken from its last stats-backed entry: an entry not ADDED keeps the last
 * counters and rate seen for the flow, and the rate is the byte delta over the delta of the flow's
 * life between two polls (never over the cycle's wall time, which aliases 2-s cycles against 5-s
 * polls into 0, 0, spike). A poll that shows no new time keeps the last rate; one whose duration or
 * bytes went back (the switch re-created the flow) starts afresh from it and keeps the last rate.
 * <p>
 * A flow whose byte counter moved between two polls is reported as active (the multipath-user
 * tracker then keeps it past its idle timeout).
 * <p>
 * Each sample says when its rate's window started, at the earliest ({@link FlowSample#rateSinceMillis()}): the
 * poll that ended it was stored after the AP's previous read, so the window started no earlier than that read
 * minus the window's length. A rate counted across an ADD or MODIFY of the rule (a tier change) or a
 * re-creation by the switch is {@link FlowSample#COUNTERS_RESET}: it does not describe the rule as it is.
 */
public final class FlowStatsCollector {

    /** Receives the flows whose byte counter moved. */
    public interface Activity {
        /**
         * A flow carried traffic since its last poll.
         *
         * @param match     its 5-tuple
         * @param nowMillis current time
         */
        void flowActive(FlowMatch match, long nowMillis);
    }

    /**
     * The last stats-backed counters of a flow, the rate they gave and its window's start, the tier its rule
     * had; reset when the rule was seen re-installed (its stored entry fresh) since.
     */
    private static final class Known {
        final long bytes;
        final long packets;
        final long lifeMillis;
        final double rateBps;
        final long since;
        final Tier tier;
        final boolean reset;

        Known(FlowEntry e, double rateBps, long since, Tier tier, boolean reset) {
            this(e.bytes(), e.packets(), e.life(TimeUnit.MILLISECONDS), rateBps, since, tier, reset);
        }

        Known(long bytes, long packets, long lifeMillis, double rateBps, long since, Tier tier, boolean reset) {
            this.bytes = bytes;
            this.packets = packets;
            this.lifeMillis = lifeMillis;
            this.rateBps = rateBps;
            this.since = since;
            this.tier = tier;
            this.reset = reset;
        }

        /** @return when the kept rate's window started, {@link FlowSample#COUNTERS_RESET} once reset */
        long rateSince() {
            return reset ? FlowSample.COUNTERS_RESET : since;
        }
    }

    private final ApplicationId appId;
    private final FlowRuleService flowRuleService;
    private final Activity activity;
    /** AP id to (flow to its last stats-backed counters). */
    private final Map<String, Map<FlowMatch, Known>> known = new HashMap<>();
    /** AP id to the samples of its last successful read. */
    private final Map<String, List<FlowSample>> last = new HashMap<>();
    /** AP id to the time of its last successful read. */
    private final Map<String, Long> readAt = new HashMap<>();

    /**
     * Creates a collector.
     *
     * @param appId           the app's id
     * @param flowRuleService flow rule service
     * @param activity        receives the active flows
     */
    public FlowStatsCollector(ApplicationId appId, FlowRuleService flowRuleService, Activity activity) {
        this.appId = appId;
        this.flowRuleService = flowRuleService;
        this.activity = activity;
    }

    /**
     * Reads the per-flow rules of an AP's switch.
     *
     * @param ap        the AP
     * @param nowMillis current time
     * @return one sample per per-flow rule
     * @throws RuntimeException what the flow rule service throws (e.g. a {@code FlowRuleStoreException}
     *                          during a mastership change); {@link #lastRead} then still has the AP's
     *                          last samples
     */
    public List<FlowSample> collect(ApSpec ap, long nowMillis) {
        Iterable<FlowEntry> entries = flowRuleService.getFlowEntries(ap.deviceId());
        Map<FlowMatch, Known> before = known.getOrDefault(ap.id(), Map.of());
        Map<FlowMatch, Known> now = new HashMap<>();
        List<FlowSample> flows = new ArrayList<>();
        Long previousRead = readAt.get(ap.id());
        long polledAfter = previousRead == null ? FlowSample.SINCE_UNKNOWN : previousRead;
        for (FlowEntry e : entries) {
            PerFlowRule.of(appId, ap, e)
                    .ifPresent(r -> flows.add(sample(ap, r, e, before, now, nowMillis, polledAfter)));
        }
        known.put(ap.id(), now);
        readAt.put(ap.id(), nowMillis);
        last.put(ap.id(), List.copyOf(flows));
        return flows;
    }

    /**
     * The samples of an AP's last successful read (its flows as last seen).
     *
     * @param apId AP id
     * @return samples, empty if never read
     */
    public List<FlowSample> lastRead(String apId) {
        return last.getOrDefault(apId, List.of());
    }

    /**
     * Forgets the APs that are no longer configured.
     *
     * @param apIds the configured APs
     */
    public void retain(Set<String> apIds) {
        known.keySet().retainAll(apIds);
        last.keySet().retainAll(apIds);
        readAt.keySet().retainAll(apIds);
    }

    /**
     * One flow's sample; {@code polledAfter} is the AP's previous read (a poll newer than it ended the window),
     * {@link FlowSample#SINCE_UNKNOWN} before the first.
     */
    private FlowSample sample(ApSpec ap, PerFlowRule r, FlowEntry e, Map<FlowMatch, Known> before,
                              Map<FlowMatch, Known> now, long nowMillis, long polledAfter) {
        Known k = before.get(r.match());
        if (e.state() != FlowEntry.FlowEntryState.ADDED) {
            // a fresh entry after ADD/MODIFY: its counters are unknown until the next poll, the last rate was
            // counted under the rule as it was
            if (k != null) {
                now.put(r.match(), new Known(k.bytes, k.packets, k.lifeMillis, k.rateBps, k.since, k.tier, true));
                return new FlowSample(ap.id(), r, k.bytes, k.packets, k.rateBps, FlowSample.COUNTERS_RESET);
            }
            return new FlowSample(ap.id(), r, 0, 0, 0.0, FlowSample.COUNTERS_RESET);
        }
        long life = e.life(TimeUnit.MILLISECONDS);
        Known next;
        if (k == null) {
            next = new Known(e, life > 0 ? e.bytes() * 8000.0 / life : 0.0, windowStart(polledAfter, life), r.tier(),
                    false);
        } else if (life > k.lifeMillis && e.bytes() >= k.bytes) {
            // a window across a re-install of the rule (seen fresh, or with another tier, since the last read)
            // counts two rules
            boolean reinstalled = k.reset || k.tier != r.tier();
            next = new Known(e, (e.bytes() - k.bytes) * 8000.0 / (life - k.lifeMillis),
                    reinstalled ? FlowSample.COUNTERS_RESET : windowStart(polledAfter, life - k.lifeMillis),
                    r.tier(), false);
            if (e.bytes() > k.bytes) {
                activity.flowActive(r.match(), nowMillis);
            }
        } else if (life == k.lifeMillis && e.bytes() == k.bytes && k.tier == r.tier()) {
            next = k; // no poll since: the same rate and window
        } else {
            // the switch re-created the flow (or the rule changed without a poll): keep the last rate, which no
            // longer describes the rule
            next = new Known(e, k.rateBps, FlowSample.COUNTERS_RESET, r.tier(), false);
        }
        now.put(r.match(), next);
        return new FlowSample(ap.id(), r, e.bytes(), e.packets(), next.rateBps, next.rateSince());
    }

    /** The earliest start of a window of the given length that a poll after {@code polledAfter} ended. */
    private static long windowStart(long polledAfter, long lengthMillis) {
        return polledAfter == FlowSample.SINCE_UNKNOWN ? FlowSample.SINCE_UNKNOWN : polledAfter - lengthMillis;
    }
}
