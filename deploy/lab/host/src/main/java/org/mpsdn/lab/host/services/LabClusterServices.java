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

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

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

    /** @return a leadership service in which the local node leads every topic it runs for */
    public static LeadershipService leadership() {
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
        };
    }
}
