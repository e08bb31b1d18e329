package org.mpsdn.lab.host.services;

import org.mpsdn.lab.host.openflow.OfChannel;
import org.onosproject.net.DeviceId;

/**
 * Looks up the live OpenFlow connection of a device.
 */
public interface SwitchDirectory {

    /**
     * The connection of a device.
     *
     * @param deviceId device
     * @return the connection, or null when the switch is not connected
     */
    OfChannel connection(DeviceId deviceId);
}
