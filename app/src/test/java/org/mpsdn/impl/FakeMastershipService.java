package org.mpsdn.impl;

import org.onosproject.cluster.NodeId;
import org.onosproject.mastership.MastershipEvent;
import org.onosproject.mastership.MastershipInfo;
import org.onosproject.mastership.MastershipListener;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.net.DeviceId;
import com.google.common.collect.ImmutableMap;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Mastership of one ONOS instance: the devices it is master of can be changed, with events.
 */
class FakeMastershipService extends MastershipServiceAdapter {
    final Set<DeviceId> mastered = ConcurrentHashMap.newKeySet();
    final List<MastershipListener> listeners = new CopyOnWriteArrayList<>();

    void setMaster(DeviceId device, boolean local) {
        if (local) {
            mastered.add(device);
        } else {
            mastered.remove(device);
        }
        MastershipEvent e = new MastershipEvent(MastershipEvent.Type.MASTER_CHANGED, device,
                new MastershipInfo(1, Optional.of(NodeId.nodeId(local ? "me" : "other")),
                        ImmutableMap.of()));
        listeners.forEach(l -> l.event(e));
    }

    @Override
    public boolean isLocalMaster(DeviceId deviceId) {
        return mastered.contains(deviceId);
    }

    @Override
    public void addListener(MastershipListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(MastershipListener listener) {
        listeners.remove(listener);
    }

}
