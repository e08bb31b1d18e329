package org.mpsdn.impl.enb;

import org.mpsdn.enb.v1.Cluster;
import org.mpsdn.enb.v1.Discipline;
import org.mpsdn.enb.v1.SchedulingPolicy;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Turns multipath flows into one cluster scheduling policy per eNB.
 *
 * <p>Default (the paper's choice, Section V-A): the UE links that carry the
 * flows of one multipath user at the same eNB form a cluster named
 * {@code user:<userId>} with Max C/I inside (maximise the user's sum rate),
 * and clusters share the cell by PFS. An operator may override the
 * intra-cluster discipline per cluster id, and the inter-cluster discipline.
 * A UE link can belong to one cluster only: when two users' flows meet on
 * the same UE link, the user first in lexical order keeps it and the
 * conflict is reported in {@link Plan#conflicts()}.</p>
 *
 * <p>Output is deterministic: clusters sorted by user id, members by UE id.</p>
 */
public final class EnbPolicyPlanner {

    /** Prefix of the cluster ids the planner generates. */
    public static final String CLUSTER_PREFIX = "user:";

    private final Discipline defaultIntra;
    private final Discipline inter;
    private final Map<String, Discipline> intraOverrides;

    /**
     * Creates a planner with the paper's defaults (Max C/I inside, PFS between).
     */
    public EnbPolicyPlanner() {
        this(Discipline.DISCIPLINE_MAX_CI, Discipline.DISCIPLINE_PFS, Collections.emptyMap());
    }

    /**
     * Creates a planner.
     *
     * @param defaultIntra   intra-cluster discipline of clusters without override
     * @param inter          inter-cluster discipline
     * @param intraOverrides operator overrides, cluster id to discipline
     */
    public EnbPolicyPlanner(Discipline defaultIntra, Discipline inter, Map<String, Discipline> intraOverrides) {
        this.defaultIntra = requireDiscipline(defaultIntra, "defaultIntra");
        this.inter = requireDiscipline(inter, "inter");
        this.intraOverrides = new HashMap<>();
        for (Map.Entry<String, Discipline> e : intraOverrides.entrySet()) {
            this.intraOverrides.put(e.getKey(),
                    requireDiscipline(e.getValue(), "intraOverrides[" + e.getKey() + "]"));
        }
    }

    private static Discipline requireDiscipline(Discipline d, String name) {
        if (d == null || d == Discipline.DISCIPLINE_UNSPECIFIED || d == Discipline.UNRECOGNIZED) {
            throw new IllegalArgumentException(name + ": must be PFS, MAX_CI or ROUND_ROBIN, got " + d);
        }
        return d;
    }

    /**
     * Returns the cluster id the planner gives a user.
     *
     * @param userId multipath user
     * @return cluster id
     */
    public static String clusterId(String userId) {
        return CLUSTER_PREFIX + userId;
    }

    /**
     * Plans the policies.
     *
     * @param flows   flows of all users at all eNBs
     * @param version version to stamp on every policy (&gt; 0)
     * @return one policy per eNB that carries a flow, and conflicts
     */
    public Plan plan(Collection<EnbFlow> flows, long version) {
        if (version <= 0) {
            throw new IllegalArgumentException("version: must be > 0, got " + version);
        }
        // eNB -> user -> UE links
        Map<String, Map<String, TreeSet<String>>> byEnb = new TreeMap<>();
        for (EnbFlow f : flows) {
            byEnb.computeIfAbsent(f.enbId(), k -> new TreeMap<>())
                    .computeIfAbsent(f.userId(), k -> new TreeSet<>()).add(f.ueId());
        }
        Map<String, SchedulingPolicy> policies = new TreeMap<>();
        List<String> conflicts = new ArrayList<>();
        for (Map.Entry<String, Map<String, TreeSet<String>>> enb : byEnb.entrySet()) {
            SchedulingPolicy.Builder p = SchedulingPolicy.newBuilder()
                    .setVersion(version).setInterCluster(inter);
            Map<String, String> owner = new HashMap<>();
            for (Map.Entry<String, TreeSet<String>> user : enb.getValue().entrySet()) {
                String id = clusterId(user.getKey());
                Cluster.Builder c = Cluster.newBuilder().setClusterId(id)
                        .setIntraCluster(intraOverrides.getOrDefault(id, defaultIntra));
                for (String ue : user.getValue()) {
                    String prev = owner.putIfAbsent(ue, user.getKey());
                    if (prev != null) {
                        conflicts.add("enb " + enb.getKey() + ": UE " + ue + " carries flows of users "
                                + prev + " and " + user.getKey() + "; kept in cluster " + clusterId(prev));
                    } else {
                        c.addUeIds(ue);
                    }
                }
                if (c.getUeIdsCount() > 0) {
                    p.addClusters(c);
                }
            }
            policies.put(enb.getKey(), p.build());
        }
        return new Plan(policies, conflicts);
    }

    /**
     * Result of {@link #plan}.
     */
    public static final class Plan {
        private final Map<String, SchedulingPolicy> policies;
        private final List<String> conflicts;

        Plan(Map<String, SchedulingPolicy> policies, List<String> conflicts) {
            this.policies = Collections.unmodifiableMap(policies);
            this.conflicts = Collections.unmodifiableList(conflicts);
        }

        /**
         * Returns the policies by eNB id.
         *
         * @return eNB id to policy
         */
        public Map<String, SchedulingPolicy> policies() {
            return policies;
        }

        /**
         * Returns human-readable descriptions of UE links claimed by several users.
         *
         * @return conflicts, empty if none
         */
        public List<String> conflicts() {
            return conflicts;
        }
    }
}
