package org.mpsdn.lab.host.services;

import org.onosproject.cluster.NodeId;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.net.DeviceId;
import org.onosproject.net.MastershipRole;

/**
 * Single-instance mastership: this lab host is master of every device.
 */
public final class LabMastershipService extends MastershipServiceAdapter {

    /** The lab's one controller node. */
    public static final NodeId LOCAL = NodeId.nodeId("lab");

    @Override
    public MastershipRole getLocalRole(DeviceId deviceId) {
        return MastershipRole.MASTER;
    }

    @Override
    public NodeId getMasterFor(DeviceId deviceId) {
        return LOCAL;
    }
}
