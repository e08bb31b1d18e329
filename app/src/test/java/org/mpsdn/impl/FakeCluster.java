package org.mpsdn.impl;

import org.onlab.packet.IpAddress;
import org.onosproject.cluster.ClusterServiceAdapter;
import org.onosproject.cluster.ControllerNode;
import org.onosproject.cluster.DefaultControllerNode;
import org.onosproject.cluster.Leader;
import org.onosproject.cluster.Leadership;
import org.onosproject.cluster.LeadershipEvent;
import org.onosproject.cluster.LeadershipEventListener;
import org.onosproject.cluster.LeadershipServiceAdapter;
import org.onosproject.cluster.NodeId;
import org.onosproject.store.cluster.messaging.ClusterCommunicationService;
import org.onosproject.store.cluster.messaging.ClusterCommunicationServiceAdapter;
import org.onosproject.store.cluster.messaging.MessageSubject;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * One ONOS cluster's membership and leadership, seen from each of its instances: per topic, the candidates in the
 * order they ran, the first reachable one leading (as ONOS's {@code DistributedLeadershipStore} keeps a leader
 * per topic until it withdraws or leaves). An instance can leave (crash) or be partitioned away; a partitioned
 * instance sees no leader of any topic (its elector cannot reach the majority) and the others elect without it.
 */
final class FakeCluster {
    private final Map<String, CopyOnWriteArrayList<NodeId>> candidates = new ConcurrentHashMap<>();
    private final Map<NodeId, List<LeadershipEventListener>> listeners = new ConcurrentHashMap<>();
    private final Set<NodeId> cutOff = ConcurrentHashMap.newKeySet();
    private long term;

    /** The leadership service of one instance. */
    final class Leadership extends LeadershipServiceAdapter {
        private final NodeId local;

        Leadership(NodeId local) {
            this.local = local;
            listeners.putIfAbsent(local, new CopyOnWriteArrayList<>());
        }

        @Override
        public NodeId getLeader(String topic) {
            return cutOff.contains(local) ? null : leader(topic);
        }

        @Override
        public org.onosproject.cluster.Leadership runForLeadership(String topic) {
            NodeId before = leader(topic);
            candidates.computeIfAbsent(topic, t -> new CopyOnWriteArrayList<>()).addIfAbsent(local);
            changed(topic, before);
            return leadership(topic);
        }

        @Override
        public void withdraw(String topic) {
            NodeId before = leader(topic);
            topicCandidates(topic).remove(local);
            changed(topic, before);
        }

        @Override
        public List<NodeId> getCandidates(String topic) {
            return List.copyOf(topicCandidates(topic));
        }

        @Override
        public void addListener(LeadershipEventListener listener) {
            listeners.get(local).add(listener);
        }

        @Override
        public void removeListener(LeadershipEventListener listener) {
            listeners.getOrDefault(local, new ArrayList<>()).remove(listener);
        }
    }

    /** Per node, per subject: the handler of messages (decoder and consumer folded in). */
    private final Map<NodeId, Map<MessageSubject, Consumer<byte[]>>> subscribers = new ConcurrentHashMap<>();

    /**
     * The cluster messaging of one instance (ONOS's {@code ClusterCommunicationServiceAdapter} filled in for
     * what the app uses): a unicast reaches the node's subscriber, on the sending thread so that a test needs no
     * waiting; a node that left or is partitioned away is not reached (the future fails, as ONOS's does).
     */
    ClusterCommunicationService messaging(NodeId local) {
        subscribers.putIfAbsent(local, new ConcurrentHashMap<>());
        return new ClusterCommunicationServiceAdapter() {
            @Override
            public <M> CompletableFuture<Void> unicast(M message, MessageSubject subject, Function<M, byte[]> encoder,
                                                        NodeId to) {
                Consumer<byte[]> handler = subscribers.getOrDefault(to, Map.of()).get(subject);
                if (handler == null || cutOff.contains(to) || cutOff.contains(local)) {
                    return CompletableFuture.failedFuture(new IllegalStateException(to + " not reachable"));
                }
                handler.accept(encoder.apply(message));
                return CompletableFuture.completedFuture(null);
            }

            @Override
            public <M> void addSubscriber(MessageSubject subject, Function<byte[], M> decoder, Consumer<M> handler,
                                          Executor executor) {
                subscribers.get(local).put(subject, bytes -> handler.accept(decoder.apply(bytes)));
            }

            @Override
            public void removeSubscriber(MessageSubject subject) {
                subscribers.getOrDefault(local, new ConcurrentHashMap<>()).remove(subject);
            }
        };
    }

    Leadership leadership(NodeId local) {
        return new Leadership(local);
    }

    /** The cluster service of one instance: its local node. */
    static ClusterServiceAdapter clusterService(NodeId local) {
        ControllerNode node = new DefaultControllerNode(local, IpAddress.valueOf("127.0.0.1"));
        return new ClusterServiceAdapter() {
            @Override
            public ControllerNode getLocalNode() {
                return node;
            }
        };
    }

    synchronized NodeId leader(String topic) {
        for (NodeId n : topicCandidates(topic)) {
            if (!cutOff.contains(n)) {
                return n;
            }
        }
        return null;
    }

    /** An instance crashes: it leaves every candidacy, the next candidate of each topic it led leads. */
    void remove(NodeId node) {
        listeners.remove(node);
        subscribers.remove(node);
        for (String topic : new ArrayList<>(candidates.keySet())) {
            NodeId before = leader(topic);
            candidates.get(topic).remove(node);
            changed(topic, before);
        }
    }

    /** An instance is partitioned away (still running): it sees no leader, the others elect without it. */
    void partition(NodeId node) {
        Map<String, NodeId> before = new ConcurrentHashMap<>();
        candidates.keySet().forEach(t -> {
            NodeId l = leader(t);
            if (l != null) {
                before.put(t, l);
            }
        });
        cutOff.add(node);
        before.forEach((t, l) -> changed(t, l));
    }

    /**
     * A partition heals, as in ONOS 2.7.0: the instance's leadership session expired while it was cut off, so it
     * reaches the others again as a candidate for nothing (see {@code DomainOwnership#rejoinLost}).
     */
    void heal(NodeId node) {
        candidates.values().forEach(l -> l.remove(node));
        cutOff.remove(node);
    }

    private List<NodeId> topicCandidates(String topic) {
        List<NodeId> l = candidates.get(topic);
        return l == null ? new ArrayList<>() : l;
    }

    private org.onosproject.cluster.Leadership leadership(String topic) {
        NodeId l = leader(topic);
        return new org.onosproject.cluster.Leadership(topic, l == null ? null : new Leader(l, term, 0),
                List.copyOf(topicCandidates(topic)));
    }

    private void changed(String topic, NodeId before) {
        NodeId now = leader(topic);
        if (now == null ? before == null : now.equals(before)) {
            return;
        }
        term++;
        LeadershipEvent e = new LeadershipEvent(LeadershipEvent.Type.LEADER_CHANGED, leadership(topic));
        listeners.forEach((node, ls) -> ls.stream().filter(l -> l.isRelevant(e)).forEach(l -> l.event(e)));
    }
}
