package org.mpsdn.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.net.meter.DefaultMeter;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterCellId;
import org.onosproject.net.meter.MeterEvent;
import org.onosproject.net.meter.MeterFailReason;
import org.onosproject.net.meter.MeterId;
import org.onosproject.net.meter.MeterListener;
import org.onosproject.net.meter.MeterRequest;
import org.onosproject.net.meter.MeterServiceAdapter;
import org.onosproject.net.meter.MeterState;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/**
 * Meter service that allocates ids per device like the meter store and, when {@link #autoConfirm}
 * is set, reports METER_ADDED right after submit (otherwise {@link #confirm} does it).
 */
class FakeMeterService extends MeterServiceAdapter {
    final Map<String, DefaultMeter> meters = new LinkedHashMap<>();
    final Map<DeviceId, Long> nextId = new HashMap<>();
    final List<MeterRequest> submitted = new ArrayList<>();
    final List<MeterId> withdrawn = new ArrayList<>();
    final List<MeterListener> listeners = new CopyOnWriteArrayList<>();
    boolean autoConfirm = true;
    /** When set, a withdraw of a meter still referenced by a rule is counted as a violation. */
    FakeFlowRuleService flows;
    int withdrawnWhileReferenced;
    boolean failNext;
    /**
     * When set, submits fail with UNKNOWN_DEVICE as ONOS's meter store reports them while the
     * switch is not connected: the meter stays in the store as PENDING_ADD.
     */
    boolean deviceUnknown;
    /**
     * When set, submits are kept as PENDING_ADD without any callback, as ONOS's meter installer
     * does while the device has no master yet.
     */
    boolean dropSilently;

    private static String key(DeviceId d, MeterCellId id) {
        return d + "/" + id;
    }

    @Override
    public Meter submit(MeterRequest request) {
        DefaultMeter meter;
        synchronized (this) {
            submitted.add(request);
            long id = nextId.merge(request.deviceId(), 1L, Long::sum);
            DefaultMeter.Builder b = (DefaultMeter.Builder) DefaultMeter.builder()
                    .forDevice(request.deviceId())
                    .fromApp(request.appId())
                    .withId(MeterId.meterId(id))
                    .withUnit(request.unit())
                    .withBands(request.bands());
            if (request.isBurst()) {
                b.burst();
            }
            meter = b.build();
            meter.setState(MeterState.PENDING_ADD);
            if (failNext) {
                failNext = false;
                request.context().ifPresent(c -> c.onError(request, MeterFailReason.INVALID_METER));
                return meter;
            }
            meters.put(key(request.deviceId(), meter.id()), meter);
            if (deviceUnknown) {
                request.context().ifPresent(c -> c.onError(request, MeterFailReason.UNKNOWN_DEVICE));
                return meter;
            }
            if (dropSilently) {
                return meter;
            }
        }
        if (autoConfirm) {
            confirm(request.deviceId(), meter.id());
        }
        return meter;
    }

    void confirm(DeviceId device, MeterId id) {
        DefaultMeter m;
        synchronized (this) {
            m = meters.get(key(device, id));
            m.setState(MeterState.ADDED);
        }
        listeners.forEach(l -> l.event(new MeterEvent(MeterEvent.Type.METER_ADDED, m)));
    }

    @Override
    public synchronized void withdraw(MeterRequest request, MeterId meterId) {
        withdrawn.add(meterId);
        if (flows != null && flows.rules(request.deviceId()).stream()
                .anyMatch(r -> r.treatment().meters().stream().anyMatch(m -> m.meterId().equals(meterId)))) {
            withdrawnWhileReferenced++;
        }
        meters.remove(key(request.deviceId(), meterId));
    }

    @Override
    public synchronized Meter getMeter(DeviceId deviceId, MeterId id) {
        return meters.get(key(deviceId, id));
    }

    @Override
    public synchronized Collection<Meter> getAllMeters() {
        return new ArrayList<>(meters.values());
    }

    @Override
    public synchronized Collection<Meter> getMeters(DeviceId deviceId) {
        return meters.values().stream().filter(m -> m.deviceId().equals(deviceId)).collect(Collectors.toList());
    }

    synchronized List<Meter> meters(DeviceId deviceId) {
        return new ArrayList<>(getMeters(deviceId));
    }

    /** Adds a meter as if an earlier run had left it. */
    synchronized DefaultMeter plant(MeterRequest request, long id) {
        DefaultMeter m = (DefaultMeter) DefaultMeter.builder().forDevice(request.deviceId()).fromApp(request.appId())
                .withId(MeterId.meterId(id)).withUnit(request.unit()).withBands(request.bands()).build();
        m.setState(MeterState.ADDED);
        meters.put(key(request.deviceId(), m.id()), m);
        nextId.merge(request.deviceId(), id, Math::max);
        return m;
    }

    @Override
    public void addListener(MeterListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(MeterListener listener) {
        listeners.remove(listener);
    }
}
