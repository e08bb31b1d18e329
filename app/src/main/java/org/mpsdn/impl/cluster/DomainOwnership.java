package org.mpsdn.impl.cluster;

import org.onosproject.cluster.LeadershipEvent;
import org.onosproject.cluster.LeadershipEventListener;
import org.onosproject.cluster.LeadershipService;
import org.onosproject.cluster.NodeId;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Which control domains this ONOS instance owns: every instance runs for the leadership of each configured
 * domain's topic ({@value #TOPIC_PREFIX}{@code <domain>}), and the leader of a topic owns the domain. ONOS
 * elects exactly one leader per topic and moves it when that instance leaves the cluster.
 * <p>
 * The idioms are ONOS 2.7.0's own: {@code apps/mlb/src/main/java/org/onosproject/mlb/MastershipLoadBalancer.java}
 * runs for its topic, filters leadership events by topic in the listener's {@code isRelevant} and starts or stops
 * its work on a leader change; {@code apps/kubevirt-networking/app/src/main/java/org/onosproject/
 * kubevirtnetworking/impl/KubevirtDhcpHandler.java} checks {@code leadershipService.getLeader(...)} against the
 * local node inside the queued task ({@code isRelevantHelper}), so work queued before a change is not done by an
 * instance that no longer leads. {@link #owns} is that check.
 */
public final class DomainOwnership {
    /** Leadership topic of a domain: this prefix and the domain's name. */
    public static final String TOPIC_PREFIX = "org.mpsdn.domain/";

    private final Logger log = getLogger(getClass());
    private final LeadershipService leadership;
    private final NodeId local;
    private final Set<String> candidacies = ConcurrentHashMap.newKeySet();
    private final LeadershipEventListener listener;
    /** Per domain, the re-runs since its candidacy was last seen. */
    private final Map<String, Integer> lost = new ConcurrentHashMap<>();

    /**
     * Creates the ownership view (no candidacy before {@link #runFor}).
     *
     * @param leadership ONOS leadership service
     * @param local      this instance's node id
     * @param changed    told (on ONOS's event thread) the domain whose leader changed; the caller queues the work
     */
    public DomainOwnership(LeadershipService leadership, NodeId local, Consumer<String> changed) {
        this.leadership = leadership;
        this.local = local;
        this.listener = new LeadershipEventListener() {
            @Override
            public boolean isRelevant(LeadershipEvent event) {
                return event.subject() != null && event.subject().topic().startsWith(TOPIC_PREFIX);
            }

            @Override
            public void event(LeadershipEvent event) {
                changed.accept(event.subject().topic().substring(TOPIC_PREFIX.length()));
            }
        };
    }

    /**
     * The leadership topic of a domain.
     *
     * @param domain the domain's name
     * @return its topic
     */
    public static String topic(String domain) {
        return TOPIC_PREFIX + domain;
    }

    /**
     * Runs for the leadership of the configured domains and withdraws from those no longer configured.
     *
     * @param domains the domains of the config in force
     */
    public void runFor(Collection<String> domains) {
        for (String d : Set.copyOf(candidacies)) {
            if (!domains.contains(d)) {
                candidacies.remove(d);
                lost.remove(d);
                leadership.withdraw(topic(d));
                log.info("Withdrew from the ownership of domain {}", d);
            }
        }
        for (String d : domains) {
            if (candidacies.add(d)) {
                leadership.runForLeadership(topic(d));
                log.info("Running for the ownership of domain {}", d);
            }
        }
    }

    /**
     * Runs again for each domain this instance runs for whose candidates no longer list it. In ONOS 2.7.0 a candidacy
     * ends with the Atomix session that made it: after a partition heals, the instance's elector session has expired
     * and its new session is a candidate for nothing, and nothing runs again for it.
     * {@code core/store/dist/src/main/java/org/onosproject/store/cluster/impl/DistributedLeadershipStore.java}
     * (lines 137-165) would on the elector's return to ACTIVE, but ONOS's Atomix leader elector forwards no status
     * change ({@code core/api/src/main/java/org/onosproject/store/service/DistributedPrimitive.java}, line 174:
     * {@code addStatusChangeListener}'s no-op default). Called once per cycle on every instance. The first re-run
     * of a domain is logged as a warning; while its candidacy stays missing the re-runs are counted, and logged with
     * their count when it is back.
     *
     * @return the domains whose candidacy was run again
     */
    public List<String> rejoinLost() {
        List<String> rerun = new ArrayList<>();
        for (String d : candidacies) {
            List<NodeId> c = leadership.getCandidates(topic(d));
            if (c == null || !c.contains(local)) {
                leadership.runForLeadership(topic(d));
                rerun.add(d);
                if (lost.merge(d, 1, Integer::sum) == 1) {
                    log.warn("Running again for the ownership of domain {}: this instance was no longer a "
                            + "candidate (its leadership session expired, e.g. in a partition)", d);
                }
            } else {
                Integer n = lost.remove(d);
                if (n != null && n > 1) {
                    log.warn("Domain {}: a candidate again after {} re-runs", d, n);
                }
            }
        }
        return rerun;
    }

    /**
     * Whether this instance owns a domain now (ONOS's leader of its topic is the local node).
     *
     * @param domain the domain's name
     * @return true if it does
     */
    public boolean owns(String domain) {
        return candidacies.contains(domain) && local.equals(leadership.getLeader(topic(domain)));
    }

    /**
     * Whether an instance leads a domain's topic now, for components that do not run for it themselves (they act
     * on what the domain's owner decides, for example the eNB installer).
     *
     * @param leadership ONOS leadership service
     * @param local      the instance's node id
     * @param domain     the domain's name
     * @return true if the instance owns the domain
     */
    public static boolean isOwner(LeadershipService leadership, NodeId local, String domain) {
        return local.equals(leadership.getLeader(topic(domain)));
    }

    /**
     * Withdraws every candidacy (deactivation: another instance takes the domains over).
     */
    public void withdrawAll() {
        runFor(Set.of());
    }

    /** @return the leadership listener to register with ONOS */
    public LeadershipEventListener listener() {
        return listener;
    }
}
