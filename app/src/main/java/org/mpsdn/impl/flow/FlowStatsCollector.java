package org.mpsdn.impl.flow;

import org.mpsdn.impl.config.ApSpec;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRuleService;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the per-flow rules' counters at the AP switches once per cycle: each flow's bytes, packets
 * and rate since the last cycle. A flow whose byte counter moved is reported as active (the
 * multipath-user tracker then keeps it past its idle timeout). Runs on the regulation loop's thread.
 */
public final class FlowStatsCollector {

    /** Receives the flows whose byte counter moved since the last cycle. */
    public interface Activity {
        /**
         * A flow carried traffic since the last cycle.
         *
         * @param match     its 5-tuple
         * @param nowMillis current time
         */
        void flowActive(FlowMatch match, long nowMillis);
    }

    /** Last byte counter of a flow rule. */
    private static final class Counter {
        final long bytes;
        final long millis;

        Counter(long bytes, long millis) {
            this.bytes = bytes;
            this.millis = millis;
        }
    }

    private final ApplicationId appId;
    private final FlowRuleService flowRuleService;
    private final Activity activity;
    private final Map<String, Counter> counters = new HashMap<>();

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
     * Reads the per-flow rules of the given APs' switches.
     *
     * @param aps       the APs
     * @param nowMillis current time
     * @return one sample per per-flow rule
     */
    public List<FlowSample> collect(Collection<ApSpec> aps, long nowMillis) {
        List<FlowSample> flows = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (ApSpec ap : aps) {
            for (FlowEntry e : flowRuleService.getFlowEntries(ap.deviceId())) {
                PerFlowRule.of(appId, ap, e).ifPresent(r -> flows.add(sample(ap, r, e, nowMillis, seen)));
            }
        }
        counters.keySet().retainAll(seen);
        return flows;
    }

    private FlowSample sample(ApSpec ap, PerFlowRule r, FlowEntry e, long now, Set<String> seen) {
        String key = ap.id() + "|" + r.match();
        seen.add(key);
        Counter prev = counters.get(key);
        double rate = 0.0;
        if (prev != null && now > prev.millis && e.bytes() >= prev.bytes) {
            rate = (e.bytes() - prev.bytes) * 8000.0 / (now - prev.millis);
        } else if (e.life() > 0) {
            rate = e.bytes() * 8.0 / e.life();
        }
        if (prev != null && e.bytes() > prev.bytes) {
            activity.flowActive(r.match(), now);
        }
        counters.put(key, new Counter(e.bytes(), now));
        return new FlowSample(ap.id(), r, e.bytes(), e.packets(), rate);
    }
}
