package org.mpsdn.impl.decide;

import org.mpsdn.api.model.Direction;
import org.mpsdn.core.model.Flow;
import org.mpsdn.core.model.FlowKey;
import org.mpsdn.core.model.LiveNetwork;
import org.mpsdn.impl.flow.FlowMatch;
import org.onlab.packet.IPv4;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One control domain's {@link LiveNetwork}, kept by the {@link CoreRegulationEngine} from cycle to cycle, and the
 * cycle flow behind each of its flow handles. A cycle's flows are applied as changes: a flow seen for the first
 * time (by AP, 5-tuple and direction) is added, a known one gets its new counters, ACK mark and rate, and one no
 * longer seen is removed; a flow whose UE changed is removed and added again. Two cycle flows with the same AP,
 * 5-tuple and direction are one flow, the later one's counters winning. Used from the engine's thread only.
 */
final class LiveDomain {
    /** The domain's network. */
    final LiveNetwork network = new LiveNetwork();
    private final Map<FlowId, Integer> handles = new HashMap<>();
    private FlowView[] views = new FlowView[16];
    private FlowId[] ids = new FlowId[16];
    private long[] seen = new long[16];
    private long cycle;

    /**
     * Applies a cycle's flows at the configured APs; the others are left out (and removed if they were in).
     *
     * @param flows the cycle's flows
     * @param aps   the configured APs' ids
     */
    void apply(List<FlowView> flows, Set<String> aps) {
        cycle++;
        for (FlowView f : flows) {
            if (!aps.contains(f.apId())) {
                continue;
            }
            FlowId id = new FlowId(f.apId(), f.match(), f.direction());
            Integer known = handles.get(id);
            int h;
            if (known != null && views[known].ueId().equals(f.ueId())) {
                h = known;
                network.updateFlow(h, f.bytes(), f.packets(), ack(f), rate(f));
            } else {
                if (known != null) {
                    remove(known);
                }
                h = network.addFlow(flow(f));
                handles.put(id, h);
                if (h >= views.length) {
                    int n = Math.max(h + 1, views.length * 2);
                    views = Arrays.copyOf(views, n);
                    ids = Arrays.copyOf(ids, n);
                    seen = Arrays.copyOf(seen, n);
                }
                ids[h] = id;
            }
            views[h] = f;
            seen[h] = cycle;
        }
        for (int h = 0; h < views.length; h++) {
            if (views[h] != null && seen[h] != cycle) {
                remove(h);
            }
        }
    }

    /**
     * The cycle flow behind a handle.
     *
     * @param handle a flow handle of {@link #network}
     * @return the flow of the last {@link #apply}
     */
    FlowView view(int handle) {
        return views[handle];
    }

    private void remove(int h) {
        network.removeFlow(h);
        handles.remove(ids[h]);
        views[h] = null;
        ids[h] = null;
    }

    /** The core's flow of a cycle flow. */
    private static Flow flow(FlowView f) {
        FlowMatch m = f.match();
        FlowKey key = new FlowKey(m.src().toInetAddress(), m.srcPort(), m.dst().toInetAddress(), m.dstPort(),
                m.protocol());
        return new Flow(key, f.direction(), f.ueId(), f.apId(), f.bytes(), f.packets(), ack(f), rate(f));
    }

    /**
     * Whether a flow is an ACK stream: a TCP flow of small average packets; an uplink TCP flow without any
     * packet counted yet (a new rule before its first flow-stats poll) is most likely the ACK stream of a
     * download: not metered until its counters show otherwise.
     */
    private static boolean ack(FlowView f) {
        return f.match().protocol() == IPv4.PROTOCOL_TCP && (f.packets() == 0
                ? f.direction() == Direction.UPLINK
                : f.bytes() / f.packets() <= CoreRegulationEngine.ACK_MAX_AVG_BYTES);
    }

    /**
     * A flow's rate over the last cycle in bit/s, -1 when not measured (negative or NaN) or not measured under
     * the rule and meter in force ({@link FlowView#rateUnderOneMeter()}).
     */
    private static long rate(FlowView f) {
        double r = f.rateBps();
        return r >= 0 && f.rateUnderOneMeter() ? (long) Math.min(r, Long.MAX_VALUE) : -1L;
    }

    /** A flow's identity in a domain: its AP, 5-tuple and direction. */
    private static final class FlowId {
        private final String ap;
        private final FlowMatch match;
        private final Direction direction;
        private final int hash;

        FlowId(String ap, FlowMatch match, Direction direction) {
            this.ap = ap;
            this.match = match;
            this.direction = direction;
            this.hash = Objects.hash(ap, match, direction);
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof FlowId)) {
                return false;
            }
            FlowId that = (FlowId) o;
            return direction == that.direction && ap.equals(that.ap) && match.equals(that.match);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
