package org.mpsdn.impl.enb;

import org.mpsdn.api.northbound.EnbDiscipline;
import org.mpsdn.api.northbound.EnbSplit;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.SplitMode;
import org.mpsdn.enb.v1.Discipline;
import org.mpsdn.enb.v1.FlowSplit;
import org.mpsdn.enb.v1.SchedulingPolicy;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Turns an {@link org.mpsdn.api.northbound.IntentKind#ENB_SCHEDULING} intent into what its eNB
 * must hold: the scheduling policy planned by {@link EnbPolicyPlanner} from the flows that meet
 * at the eNB (one cluster {@code user:<ue>} per multipath user, the intent's intra-cluster
 * discipline inside, Max C/I when the intent leaves it open, the operator's per-cluster
 * overrides, the intent's inter-cluster discipline between clusters), and the split
 * configuration of an intent's {@link EnbSplit} (DIDA's t_opt as hold time, see
 * {@link SplitConfigs}). The split's two UE links join the target user's cluster
 * ({@code user:<targetUe>}), as the paper pairs its demux with a cluster of the target and the
 * relay. Flows on UEs the eNB does not serve are left out (the eNB would reject the whole
 * policy for them) and logged. Override keys may be a cluster id ({@code user:ue1}) or a bare
 * user id ({@code ue1}).
 */
final class EnbIntentPlanner {
    private static final Logger LOG = getLogger(EnbIntentPlanner.class);

    private EnbIntentPlanner() {
    }

    /**
     * Maps a northbound discipline to the wire enum.
     *
     * @param d discipline
     * @return wire discipline
     */
    static Discipline wire(EnbDiscipline d) {
        switch (d) {
            case PFS:
                return Discipline.DISCIPLINE_PFS;
            case MAX_CI:
                return Discipline.DISCIPLINE_MAX_CI;
            default:
                return Discipline.DISCIPLINE_ROUND_ROBIN;
        }
    }

    /**
     * Returns the eNB's default policy, pushed when an intent is withdrawn: no clusters, so
     * every UE is its own cluster, PFS between clusters.
     *
     * @return policy (version 1; the push restamps it)
     */
    static SchedulingPolicy defaultPolicy() {
        return SchedulingPolicy.newBuilder().setVersion(1).setInterCluster(Discipline.DISCIPLINE_PFS).build();
    }

    /**
     * Turns an intent's split request into the eNB's split configuration: none without a split,
     * else one TCP split ({@code split_id} = the intent id) with DIDA's t_opt as hold time.
     *
     * @param intent eNB scheduling intent
     * @return split entries, empty without a split
     */
    static List<FlowSplit> splitsOf(MpsdnIntent intent) {
        EnbSplit s = intent.split();
        if (s == null) {
            return List.of();
        }
        double rtt = s.rttMs() / 1000.0;
        double epoch = s.epochMs() / 1000.0;
        FlowSplit f = s.mode() == SplitMode.SHARED_BUFFER
                ? SplitConfigs.sharedTcpSplit(intent.id(), s.dstIp(), s.targetUe(), s.secondPathUe(), s.lteShare(),
                        rtt, s.windowPackets(), s.alpha(), s.beta(), epoch)
                : SplitConfigs.tcpSplit(intent.id(), s.dstIp(), s.targetUe(), s.secondPathUe(), s.lteShare(),
                        rtt, s.windowPackets(), s.alpha(), s.beta(), epoch);
        if (s.dstPort() != 0) {
            f = f.toBuilder().setMatch(f.getMatch().toBuilder().setDstPort(s.dstPort())).build();
        }
        return List.of(f);
    }

    /**
     * Plans the policy content an intent asks for at its eNB.
     *
     * @param intent eNB scheduling intent
     * @param flows  flows meeting at the eNB
     * @param known  UEs the eNB serves
     * @return policy (version 1; the push restamps it)
     */
    static SchedulingPolicy plan(MpsdnIntent intent, Collection<EnbFlow> flows, Set<String> known) {
        Map<String, Discipline> overrides = new HashMap<>();
        for (Map.Entry<String, EnbDiscipline> e : intent.clusterOverrides().entrySet()) {
            String id = e.getKey().startsWith(EnbPolicyPlanner.CLUSTER_PREFIX) ? e.getKey()
                    : EnbPolicyPlanner.clusterId(e.getKey());
            overrides.put(id, wire(e.getValue()));
        }
        Discipline intra = intent.intraCluster() == null ? Discipline.DISCIPLINE_MAX_CI
                : wire(intent.intraCluster());
        Discipline inter = wire(intent.interCluster());
        EnbPolicyPlanner.Plan plan = new EnbPolicyPlanner(intra, inter, overrides)
                .plan(servedFlows(intent, flows, known), 1);
        plan.conflicts().forEach(c -> LOG.warn("eNB intent {}: {}", intent.id(), c));
        SchedulingPolicy p = plan.policies().get(intent.target());
        return p != null ? p : SchedulingPolicy.newBuilder().setVersion(1).setInterCluster(inter).build();
    }

    /** The flows at the intent's eNB on UEs it serves, with the split's two UE links. */
    private static List<EnbFlow> servedFlows(MpsdnIntent intent, Collection<EnbFlow> flows, Set<String> known) {
        List<EnbFlow> all = new ArrayList<>(flows);
        EnbSplit split = intent.split();
        if (split != null) {
            String flowId = "split:" + intent.id();
            all.add(new EnbFlow(flowId, split.targetUe(), intent.target(), split.targetUe()));
            all.add(new EnbFlow(flowId, split.targetUe(), intent.target(), split.secondPathUe()));
        }
        List<EnbFlow> here = new ArrayList<>();
        for (EnbFlow f : all) {
            if (!f.enbId().equals(intent.target())) {
                continue;
            }
            if (known.contains(f.ueId())) {
                here.add(f);
            } else {
                LOG.warn("eNB {}: flow {} of UE {} left out of the policy: the eNB does not serve that UE",
                        intent.target(), f.flowId(), f.ueId());
            }
        }
        return here;
    }
}
