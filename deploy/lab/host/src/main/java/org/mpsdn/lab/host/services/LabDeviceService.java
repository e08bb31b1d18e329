package org.mpsdn.lab.host.services;

import com.google.common.collect.ImmutableList;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.MastershipRole;
import org.onosproject.net.Port;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.device.DeviceListener;
import org.onosproject.net.device.DeviceServiceAdapter;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * In-memory device inventory fed by the OpenFlow southbound.
 */
public final class LabDeviceService extends DeviceServiceAdapter {

    private final Map<DeviceId, Device> devices = new ConcurrentHashMap<>();
    private final Map<DeviceId, List<Port>> ports = new ConcurrentHashMap<>();
    private final List<DeviceListener> listeners = new CopyOnWriteArrayList<>();

    /**
     * Records a connected device and its ports, and posts DEVICE_ADDED.
     *
     * @param device    the device
     * @param portsList its ports
     */
    public void deviceUp(Device device, List<Port> portsList) {
        ports.put(device.id(), ImmutableList.copyOf(portsList));
        devices.put(device.id(), device);
        DeviceEvent ev = new DeviceEvent(DeviceEvent.Type.DEVICE_ADDED, device);
        listeners.forEach(l -> l.event(ev));
    }

    /**
     * Removes a disconnected device and posts DEVICE_REMOVED.
     *
     * @param deviceId the device
     */
    public void deviceDown(DeviceId deviceId) {
        Device d = devices.remove(deviceId);
        ports.remove(deviceId);
        if (d != null) {
            DeviceEvent ev = new DeviceEvent(DeviceEvent.Type.DEVICE_REMOVED, d);
            listeners.forEach(l -> l.event(ev));
        }
    }

    @Override
    public int getDeviceCount() {
        return devices.size();
    }

    @Override
    public int getAvailableDeviceCount() {
        return devices.size();
    }

    @Override
    public Iterable<Device> getDevices() {
        return ImmutableList.copyOf(devices.values());
    }

    @Override
    public Iterable<Device> getAvailableDevices() {
        return getDevices();
    }

    @Override
    public Device getDevice(DeviceId deviceId) {
        return devices.get(deviceId);
    }

    @Override
    public MastershipRole getRole(DeviceId deviceId) {
        return MastershipRole.MASTER;
    }

    @Override
    public List<Port> getPorts(DeviceId deviceId) {
        return ports.getOrDefault(deviceId, ImmutableList.of());
    }

    @Override
    public Port getPort(DeviceId deviceId, PortNumber portNumber) {
        return getPorts(deviceId).stream().filter(p -> p.number().equals(portNumber)).findFirst().orElse(null);
    }

    @Override
    public boolean isAvailable(DeviceId deviceId) {
        return devices.containsKey(deviceId);
    }

    @Override
    public void addListener(DeviceListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(DeviceListener listener) {
        listeners.remove(listener);
    }
}
