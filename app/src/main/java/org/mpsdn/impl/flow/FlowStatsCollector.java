package org.mpsdn.impl.flow;

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

    /** The last stats-backed counters of a flow and the rate they gave. */
    private static final class Known {
        final long bytes;
        final long packets;
        final long lifeMillis;
        final double rateBps;

        Known(long bytes, long packets, long lifeMillis, double rateBps) {
            this.bytes = bytes;
            this.packets = packets;
            this.lifeMillis = lifeMillis;
            this.rateBps = rateBps;
        }
    }

    private final ApplicationId appId;
    private final FlowRuleService flowRuleService;
    private final Activity activity;
    /** AP id to (flow to its last stats-backed counters). */
    private final Map<String, Map<FlowMatch, Known>> known = new HashMap<>();
    /** AP id to the samples of its last successful read. */
    private final Map<String, List<FlowSample>> last = new HashMap<>();

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
        for (FlowEntry e : entries) {
            PerFlowRule.of(appId, ap, e).ifPresent(r -> flows.add(sample(ap, r, e, before, now, nowMillis)));
        }
        known.put(ap.id(), now);
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
    }

    private FlowSample sample(ApSpec ap, PerFlowRule r, FlowEntry e, Map<FlowMatch, Known> before,
                              Map<FlowMatch, Known> now, long nowMillis) {
        Known k = before.get(r.match());
        if (e.state() != FlowEntry.FlowEntryState.ADDED) {
            // a fresh entry after ADD/MODIFY: its counters are unknown until the next poll
            if (k != null) {
                now.put(r.match(), k);
                return new FlowSample(ap.id(), r, k.bytes, k.packets, k.rateBps);
            }
            return new FlowSample(ap.id(), r, 0, 0, 0.0);
        }
        long life = e.life(TimeUnit.MILLISECONDS);
        double rate;
        if (k == null) {
            rate = life > 0 ? e.bytes() * 8000.0 / life : 0.0;
        } else if (life > k.lifeMillis && e.bytes() >= k.bytes) {
            rate = (e.bytes() - k.bytes) * 8000.0 / (life - k.lifeMillis);
            if (e.bytes() > k.bytes) {
                activity.flowActive(r.match(), nowMillis);
            }
        } else {
            // no poll since (same life), or the switch re-created the flow: keep the last rate
            rate = k.rateBps;
        }
        now.put(r.match(), new Known(e.bytes(), e.packets(), life, rate));
        return new FlowSample(ap.id(), r, e.bytes(), e.packets(), rate);
    }
}
