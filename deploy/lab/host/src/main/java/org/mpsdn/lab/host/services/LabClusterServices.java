package org.mpsdn.lab.host.services;

import org.onlab.packet.IpAddress;
import org.onosproject.cluster.ClusterService;
import org.onosproject.cluster.ClusterServiceAdapter;
import org.onosproject.cluster.ControllerNode;
import org.onosproject.cluster.DefaultControllerNode;
import org.onosproject.cluster.Leader;
import org.onosproject.cluster.Leadership;
import org.onosproject.cluster.LeadershipService;
import org.onosproject.cluster.LeadershipServiceAdapter;
import org.onosproject.cluster.NodeId;
import org.onosproject.store.cluster.messaging.ClusterCommunicationService;
import org.onosproject.store.cluster.messaging.ClusterCommunicationServiceAdapter;
import org.onosproject.store.cluster.messaging.MessageSubject;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The cluster of one lab host: a single node ({@link LabMastershipService#LOCAL}), which leads every topic it runs
 * for, as a one-member ONOS cluster does.
 */
public final class LabClusterServices {
    private static final ControllerNode NODE =
            new DefaultControllerNode(LabMastershipService.LOCAL, IpAddress.valueOf("127.0.0.1"));

    private LabClusterServices() {
    }

    /** @return a cluster service whose only node is the local one */
    public static ClusterService cluster() {
        return new ClusterServiceAdapter() {
            @Override
            public ControllerNode getLocalNode() {
                return NODE;
            }

            @Override
            public Set<ControllerNode> getNodes() {
                return Set.of(NODE);
            }
        };
    }

    private static final LeadershipService LEADERSHIP = newLeadership();

    /** @return the leadership service of this node (one per lab host), which leads every topic it runs for */
    public static LeadershipService leadership() {
        return LEADERSHIP;
    }

    private static LeadershipService newLeadership() {
        Set<String> topics = ConcurrentHashMap.newKeySet();
        return new LeadershipServiceAdapter() {
            @Override
            public Leadership runForLeadership(String topic) {
                topics.add(topic);
                return getLeadership(topic);
            }

            @Override
            public void withdraw(String topic) {
                topics.remove(topic);
            }

            @Override
            public NodeId getLeader(String topic) {
                return topics.contains(topic) ? NODE.id() : null;
            }

            @Override
            public Leadership getLeadership(String topic) {
                return topics.contains(topic)
                        ? new Leadership(topic, new Leader(NODE.id(), 1, 0), List.of(NODE.id()))
                        : null;
            }

            @Override
            public List<NodeId> getCandidates(String topic) {
                // as LeadershipService's default in ONOS 2.7.0 (core/api/.../cluster/LeadershipService.java): the
                // leadership's candidates, empty without one (the adapter's null would read as no candidacy)
                return topics.contains(topic) ? List.of(NODE.id()) : List.of();
            }
        };
    }

    /**
     * @return cluster messaging of a one-member cluster: a unicast to the local node reaches its subscriber (on
     *         the subscriber's executor), any other node is unreachable
     */
    public static ClusterCommunicationService messaging() {
        Map<MessageSubject, Consumer<byte[]>> subscribers = new ConcurrentHashMap<>();
        return new ClusterCommunicationServiceAdapter() {
            @Override
            public <M> CompletableFuture<Void> unicast(M message, MessageSubject subject, Function<M, byte[]> encoder,
                                                        NodeId to) {
                Consumer<byte[]> handler = subscribers.get(subject);
                if (handler == null || !NODE.id().equals(to)) {
                    return CompletableFuture.failedFuture(new IllegalStateException(to + " is not reachable"));
                }
                handler.accept(encoder.apply(message));
                return CompletableFuture.completedFuture(null);
            }

            @Override
            public <M> void addSubscriber(MessageSubject subject, Function<byte[], M> decoder, Consumer<M> handler,
                                          Executor executor) {
                subscribers.put(subject, bytes -> executor.execute(() -> handler.accept(decoder.apply(bytes))));
            }

            @Override
            public void removeSubscriber(MessageSubject subject) {
                subscribers.remove(subject);
            }
        };
    }
}
