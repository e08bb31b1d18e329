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
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

/**
 * ONOS 2.7.0's meter subsystem over OpenFlow with its default timing. Ids are allocated per device as
 * the meter store does. What it emulates, with the ONOS 2.7.0 file it follows:
 * <ul>
 * <li>A submitted meter is PENDING_ADD; it becomes ADDED (METER_ADDED) only when a meter-stats reply
 *     shows it ({@code core/net/.../meter/impl/MeterManager.java:403} {@code pushMeterMetrics}), and meter
 *     stats are polled every {@link #METER_STATS_MS} of the simulated {@link #clock}
 *     ({@code providers/openflow/meter/.../OpenFlowMeterProvider.java}, {@code meterStatsPollInterval}
 *     default 10 in its {@code OsgiPropertyConstants}).</li>
 * <li>A withdrawn meter is PENDING_REMOVE until the next stats reply, which the provider forces right
 *     after the remove ({@code OpenFlowMeterProvider.java:260} {@code forceMeterStats},
 *     {@code forceStatsAfterMeterRemoval} default true); that reply also confirms the device's other
 *     pending meters.</li>
 * <li>{@code submit} for a device in {@link #noMeterIds} throws {@code IllegalArgumentException}
 *     ("Must specify a cell id.": {@code DistributedMeterStore.allocateMeterId} gave no id, e.g. a
 *     switch without meter features, and {@code DefaultMeter.java:255} {@code Builder.build} refuses it).</li>
 * <li>Not emulated: the provider's 30-s pending-operation timeout ({@code OpenFlowMeterProvider.java:131}),
 *     since every meter that reaches the fake switch shows in the next stats reply.</li>
 * </ul>
 * {@link #autoConfirm} (off by default) reports METER_ADDED right at submit, as the lab host did on the
 * barrier; {@link #confirm} is a stats reply showing one meter now.
 */
class FakeMeterService extends MeterServiceAdapter {
    /** Meter-stats poll period of ONOS's OpenFlow meter provider. */
    static final long METER_STATS_MS = 10_000;

    final Map<String, DefaultMeter> meters = new LinkedHashMap<>();
    final Map<DeviceId, Long> nextId = new HashMap<>();
    final List<MeterRequest> submitted = new ArrayList<>();
    final List<MeterId> withdrawn = new ArrayList<>();
    final List<MeterListener> listeners = new CopyOnWriteArrayList<>();
    /** Devices for which no meter id can be allocated. */
    final Set<DeviceId> noMeterIds = ConcurrentHashMap.newKeySet();
    /** Simulated time in milliseconds; null: no stats polls. */
    LongSupplier clock;
    boolean autoConfirm;
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
     * When set, submits are kept as PENDING_ADD without any callback and never reach the switch,
     * as ONOS's meter installer does while the device has no master yet.
     */
    boolean dropSilently;
    private final Set<String> notOnSwitch = new HashSet<>();
    private long nextTick = -1;

    private static String key(DeviceId d, MeterCellId id) {
        return d + "/" + id;
    }

    /** Runs the meter-stats polls due by the clock. */
    void catchUp() {
        List<Meter> added = new ArrayList<>();
        synchronized (this) {
            if (clock == null) {
                return;
            }
            long now = clock.getAsLong();
            if (nextTick < 0) {
                nextTick = (now / METER_STATS_MS + 1) * METER_STATS_MS;
            }
            if (now >= nextTick) {
                nextTick = (now / METER_STATS_MS + 1) * METER_STATS_MS;
                for (DeviceId d : new HashSet<>(nextId.keySet())) {
                    added.addAll(statsReply(d));
                }
            }
        }
        notifyAdded(added);
    }

    /** A meter-stats poll of every device now. */
    void tick() {
        List<Meter> added = new ArrayList<>();
        synchronized (this) {
            for (DeviceId d : new HashSet<>(nextId.keySet())) {
                added.addAll(statsReply(d));
            }
        }
        notifyAdded(added);
    }

    /** What {@code pushMeterMetrics} does with a device's stats reply; returns the meters now ADDED. */
    private List<Meter> statsReply(DeviceId device) {
        List<Meter> added = new ArrayList<>();
        for (Map.Entry<String, DefaultMeter> e : List.copyOf(meters.entrySet())) {
            DefaultMeter m = e.getValue();
            if (!m.deviceId().equals(device)) {
                continue;
            }
            if (m.state() == MeterState.PENDING_REMOVE) {
                meters.remove(e.getKey());
            } else if (m.state() == MeterState.PENDING_ADD && !notOnSwitch.contains(e.getKey())) {
                m.setState(MeterState.ADDED);
                added.add(m);
            }
        }
        return added;
    }

    private void notifyAdded(List<Meter> added) {
        for (Meter m : added) {
            listeners.forEach(l -> l.event(new MeterEvent(MeterEvent.Type.METER_ADDED, m)));
        }
    }

    @Override
    public Meter submit(MeterRequest request) {
        catchUp();
        DefaultMeter meter;
        synchronized (this) {
            submitted.add(request);
            if (noMeterIds.contains(request.deviceId())) {
                throw new IllegalArgumentException("Must specify a cell id.");
            }
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
                notOnSwitch.add(key(request.deviceId(), meter.id()));
                request.context().ifPresent(c -> c.onError(request, MeterFailReason.UNKNOWN_DEVICE));
                return meter;
            }
            if (dropSilently) {
                notOnSwitch.add(key(request.deviceId(), meter.id()));
                return meter;
            }
        }
        if (autoConfirm) {
            confirm(request.deviceId(), meter.id());
        }
        return meter;
    }

    /** A meter-stats reply showing one meter now. */
    void confirm(DeviceId device, MeterId id) {
        DefaultMeter m;
        synchronized (this) {
            m = meters.get(key(device, id));
            m.setState(MeterState.ADDED);
        }
        listeners.forEach(l -> l.event(new MeterEvent(MeterEvent.Type.METER_ADDED, m)));
    }

    @Override
    public void withdraw(MeterRequest request, MeterId meterId) {
        catchUp();
        List<Meter> added;
        synchronized (this) {
            withdrawn.add(meterId);
            if (flows != null && flows.rules(request.deviceId()).stream()
                    .anyMatch(r -> r.treatment().meters().stream().anyMatch(m -> m.meterId().equals(meterId)))) {
                withdrawnWhileReferenced++;
            }
            DefaultMeter m = meters.get(key(request.deviceId(), meterId));
            if (m != null) {
                m.setState(MeterState.PENDING_REMOVE);
            }
            added = statsReply(request.deviceId()); // forced stats after the removal
        }
        notifyAdded(added);
    }

    @Override
    public Meter getMeter(DeviceId deviceId, MeterId id) {
        catchUp();
        synchronized (this) {
            return meters.get(key(deviceId, id));
        }
    }

    @Override
    public Collection<Meter> getAllMeters() {
        catchUp();
        synchronized (this) {
            return new ArrayList<>(meters.values());
        }
    }

    @Override
    public Collection<Meter> getMeters(DeviceId deviceId) {
        catchUp();
        synchronized (this) {
            return meters.values().stream().filter(m -> m.deviceId().equals(deviceId)).collect(Collectors.toList());
        }
    }

    List<Meter> meters(DeviceId deviceId) {
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
