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

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
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
 * ONOS 2.7.0's meter subsystem over OpenFlow with its default timing, and the switch's meter table. Ids
 * are allocated per device as the meter store does. What it emulates, with the ONOS 2.7.0 file it follows:
 * <ul>
 * <li>A submitted meter is PENDING_ADD; it becomes ADDED (METER_ADDED, its context told) only when a
 *     meter-stats reply shows it ({@code core/net/.../meter/impl/MeterManager.java:403-454}
 *     {@code pushMeterMetrics}), and meter stats are polled every {@link #METER_STATS_MS} of the simulated
 *     {@link #clock} ({@code providers/openflow/meter/.../OpenFlowMeterProvider.java},
 *     {@code meterStatsPollInterval} default 10 in its {@code OsgiPropertyConstants}).</li>
 * <li>A withdrawn meter is PENDING_REMOVE; the provider deletes it from the switch and forces a
 *     meter-stats request ({@code OpenFlowMeterProvider.java:254-267}, {@code forceStatsAfterMeterRemoval}
 *     default true). The reply shows the switch at the time of the withdrawal but is processed
 *     <i>after</i> the calling task: {@link #deliverForced} (the harness calls it when the loop is idle;
 *     every service call but {@code submit} does it first). Processing a reply purges every PENDING_REMOVE
 *     meter (METER_REMOVED, the withdrawal's context told; {@code MeterManager.java:444-453},
 *     {@code DistributedMeterStore.java:684-689}) and sends every PENDING_ADD or ADDED meter missing from
 *     it to the switch again ({@code MeterManager.java:409-419}): a meter submitted while the reply was
 *     on its way is then added twice, the switch answers METER_EXISTS and the meter fails with
 *     EXISTING_METER ({@code OpenFlowMeterProvider.java:430-432}) - ONOS 2.7.0's race.</li>
 * <li>A failed meter stays in the store with the reason ({@code DistributedMeterStore.failedMeter},
 *     {@code core/store/dist/.../meter/impl/DistributedMeterStore.java:371-375}); the next reply that shows
 *     it clears the reason and makes it ADDED ({@code :316-333}, {@code :664-672}). Withdrawing a meter
 *     with a reason sends nothing to the switch and fails the withdrawal's context with it ({@code :229-237},
 *     {@code :652-662}); a later reply that shows it clears the reason, which sends the removal then.</li>
 * <li>{@code submit} for a device in {@link #noMeterIds} throws {@code IllegalArgumentException}
 *     ("Must specify a cell id.": {@code DistributedMeterStore.allocateMeterId} gave no id, e.g. a
 *     switch without meter features, and {@code DefaultMeter.java:255} {@code Builder.build} refuses it).</li>
 * <li>Not emulated: the provider's 30-s pending-operation timeout ({@code OpenFlowMeterProvider.java:131}).</li>
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
    /** Meters that failed with EXISTING_METER (the race). */
    final List<MeterId> existingMeter = new ArrayList<>();
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
    /**
     * When set, withdrawals are stored as PENDING_REMOVE but never reach the switch (no DELETE, no forced
     * stats request), as ONOS's meter installer skips them while this instance is not the switch's master.
     */
    boolean withdrawSilently;
    /** Meters that never reach the switch (no master or no switch when submitted). */
    private final Set<String> unreachable = new HashSet<>();
    /** The switches' meter tables. */
    private final Set<String> onSwitch = new HashSet<>();
    private final Map<String, MeterFailReason> reasons = new HashMap<>();
    /** The request whose context the store completes next, per meter ({@code DistributedMeterStore.futures}). */
    private final Map<String, MeterRequest> futures = new HashMap<>();
    /** Forced meter-stats replies on their way: the device and the meters its switch held. */
    private final Deque<Map.Entry<DeviceId, Set<String>>> forced = new ArrayDeque<>();
    private final List<Runnable> outbox = new ArrayList<>();
    private long nextTick = -1;

    private static String key(DeviceId d, MeterCellId id) {
        return d + "/" + id;
    }

    /** Processes the forced meter-stats replies on their way, then runs the polls due by the clock. */
    void catchUp() {
        deliverForced();
        periodicPolls();
    }

    /**
     * Processes the forced meter-stats replies on their way.
     *
     * @return true if there was one
     */
    boolean deliverForced() {
        boolean any = false;
        while (true) {
            synchronized (this) {
                Map.Entry<DeviceId, Set<String>> reply = forced.poll();
                if (reply == null) {
                    break;
                }
                statsReply(reply.getKey(), reply.getValue());
            }
            any = true;
            flush();
        }
        return any;
    }

    private void periodicPolls() {
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
                pollAll();
            }
        }
        flush();
    }

    /** A meter-stats poll of every device now. */
    void tick() {
        deliverForced();
        synchronized (this) {
            pollAll();
        }
        flush();
    }

    /**
     * A meter-stats reply that the switch produced before a meter's ADD reached it (the reply to a request
     * sent just before that ADD), processed now.
     *
     * @param device  the switch
     * @param missing the meter the reply does not show yet
     */
    void replyWithout(DeviceId device, MeterId missing) {
        synchronized (this) {
            statsReply(device, onSwitch.stream().filter(k -> k.startsWith(device + "/")
                    && !k.equals(key(device, missing))).collect(Collectors.toSet()));
        }
        flush();
    }

    private void pollAll() {
        for (DeviceId d : new HashSet<>(nextId.keySet())) {
            statsReply(d, onSwitch.stream().filter(k -> k.startsWith(d + "/")).collect(Collectors.toSet()));
        }
    }

    /** What {@code pushMeterMetrics} does with a device's stats reply listing the meters {@code reply}. */
    private void statsReply(DeviceId device, Set<String> reply) {
        Set<String> added = new HashSet<>();
        Map<String, MeterState> before = new LinkedHashMap<>();
        meters.forEach((k, m) -> {
            if (m.deviceId().equals(device)) {
                before.put(k, m.state());
            }
        });
        before.forEach((k, state) -> {
            DefaultMeter m = meters.get(k);
            if (!reply.contains(k)) {
                if (state != MeterState.PENDING_REMOVE) {
                    reinstall(k, m);
                }
                return;
            }
            MeterFailReason reason = reasons.remove(k);
            if (state == MeterState.PENDING_ADD) {
                m.setState(MeterState.ADDED);
                added.add(k);
                complete(k, null);
                post(MeterEvent.Type.METER_ADDED, m);
            } else if (state == MeterState.PENDING_REMOVE && reason != null) {
                delete(device, k); // the reason cleared, the store asks for the removal now
            }
        });
        before.forEach((k, state) -> {
            if (state == MeterState.PENDING_REMOVE && !added.contains(k)) {
                DefaultMeter m = meters.remove(k);
                reasons.remove(k);
                complete(k, null);
                post(MeterEvent.Type.METER_REMOVED, m);
            }
        });
    }

    /** MeterManager's MeterInstaller ADD of a meter missing from a stats reply. */
    private void reinstall(String k, DefaultMeter m) {
        if (unreachable.contains(k)) {
            return;
        }
        if (onSwitch.contains(k)) {
            existingMeter.add(m.id());
            failed(k, MeterFailReason.EXISTING_METER);
        } else {
            onSwitch.add(k);
        }
    }

    private void delete(DeviceId device, String k) {
        onSwitch.remove(k);
        forced.add(Map.entry(device, onSwitch.stream().filter(x -> x.startsWith(device + "/"))
                .collect(Collectors.toSet())));
    }

    /** {@code DistributedMeterStore.failedMeter} and its map listener. */
    private void failed(String k, MeterFailReason reason) {
        reasons.put(k, reason);
        complete(k, reason);
    }

    private void complete(String k, MeterFailReason reason) {
        MeterRequest req = futures.remove(k);
        if (req != null) {
            req.context().ifPresent(c -> outbox.add(() -> {
                if (reason == null) {
                    c.onSuccess(req);
                } else {
                    c.onError(req, reason);
                }
            }));
        }
    }

    private void post(MeterEvent.Type type, Meter m) {
        outbox.add(() -> listeners.forEach(l -> l.event(new MeterEvent(type, m))));
    }

    /** Runs the callbacks and events collected under the lock. */
    private void flush() {
        List<Runnable> todo;
        synchronized (this) {
            todo = new ArrayList<>(outbox);
            outbox.clear();
        }
        todo.forEach(Runnable::run);
    }

    @Override
    public Meter submit(MeterRequest request) {
        periodicPolls(); // a forced reply on its way crosses this ADD: it is processed after it
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
            String k = key(request.deviceId(), meter.id());
            meters.put(k, meter);
            futures.put(k, request);
            if (deviceUnknown) {
                unreachable.add(k);
                failed(k, MeterFailReason.UNKNOWN_DEVICE);
            } else if (dropSilently) {
                unreachable.add(k);
            } else {
                onSwitch.add(k);
            }
        }
        flush();
        if (autoConfirm) {
            confirm(request.deviceId(), meter.id());
        }
        return meter;
    }

    /** A meter-stats reply showing one meter now. */
    void confirm(DeviceId device, MeterId id) {
        synchronized (this) {
            String k = key(device, id);
            DefaultMeter m = meters.get(k);
            reasons.remove(k);
            m.setState(MeterState.ADDED);
            complete(k, null);
            post(MeterEvent.Type.METER_ADDED, m);
        }
        flush();
    }

    @Override
    public void withdraw(MeterRequest request, MeterId meterId) {
        catchUp();
        synchronized (this) {
            withdrawn.add(meterId);
            if (flows != null && flows.rules(request.deviceId()).stream()
                    .anyMatch(r -> r.treatment().meters().stream().anyMatch(m -> m.meterId().equals(meterId)))) {
                withdrawnWhileReferenced++;
            }
            String k = key(request.deviceId(), meterId);
            DefaultMeter m = meters.get(k);
            if (m == null) {
                request.context().ifPresent(c -> outbox.add(() -> c.onSuccess(request)));
            } else if (m.state() == MeterState.PENDING_REMOVE) {
                futures.put(k, request);
            } else {
                m.setState(MeterState.PENDING_REMOVE);
                futures.put(k, request);
                MeterFailReason reason = reasons.get(k);
                if (reason != null) {
                    complete(k, reason);
                } else if (!withdrawSilently) {
                    delete(request.deviceId(), k);
                }
            }
        }
        flush();
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

    /**
     * The meter ids the switch holds.
     *
     * @param deviceId the switch
     * @return ids
     */
    synchronized Set<MeterId> switchMeters(DeviceId deviceId) {
        return meters.entrySet().stream().filter(e -> onSwitch.contains(e.getKey())
                && e.getValue().deviceId().equals(deviceId)).map(e -> e.getValue().id()).collect(Collectors.toSet());
    }

    /** Adds a meter as if an earlier run had left it. */
    synchronized DefaultMeter plant(MeterRequest request, long id) {
        DefaultMeter m = (DefaultMeter) DefaultMeter.builder().forDevice(request.deviceId()).fromApp(request.appId())
                .withId(MeterId.meterId(id)).withUnit(request.unit()).withBands(request.bands()).build();
        m.setState(MeterState.ADDED);
        meters.put(key(request.deviceId(), m.id()), m);
        onSwitch.add(key(request.deviceId(), m.id()));
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
